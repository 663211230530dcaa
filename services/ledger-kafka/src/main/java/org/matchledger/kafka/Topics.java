package org.matchledger.kafka;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/** The ledger's topics (design.md "Flow"): names and the settings each is created with. */
public final class Topics {
    /** Table events as accepted by the gateway, key = match id: the source of truth, kept forever. */
    public static final String TABLE_EVENTS = "table-events";
    /**
     * The ledger entries: one record per ruling, key = match id. Kept for {@link #DEFAULT_RULINGS_RETENTION} (setting
     * {@code ledger.rulings.retention}): readers start from the latest views and read only recent rulings; the audit
     * trail in PostgreSQL is the record of every ruling, older ones included.
     */
    public static final String MATCH_RULINGS = "match-rulings";
    /** The latest view per match, key = match id (compacted). */
    public static final String MATCH_VIEWS = "match-views";
    /**
     * Every rejected event with its reason, key = match id (or the path's id when the event had none). Kept for
     * {@link #DEFAULT_REJECTED_RETENTION} (setting {@code ledger.rejected.retention}): anyone can post rubbish, so it is
     * not kept for ever here; the audit trail keeps all of it.
     */
    public static final String TABLE_EVENTS_REJECTED = "table-events-rejected";

    public static final List<String> ALL = List.of(TABLE_EVENTS, MATCH_RULINGS, MATCH_VIEWS, TABLE_EVENTS_REJECTED);

    public static final Duration DEFAULT_REJECTED_RETENTION = Duration.ofDays(30);
    public static final Duration DEFAULT_RULINGS_RETENTION = Duration.ofDays(7);

    /** Topic settings that are part of the design, by topic, with the default retention of rejections. */
    public static Map<String, String> settings(String topic) {
        return settings(topic, DEFAULT_REJECTED_RETENTION);
    }

    /** Topic settings that are part of the design, by topic; {@code table-events-rejected} keeps records this long. */
    public static Map<String, String> settings(String topic, Duration rejectedRetention) {
        return settings(topic, rejectedRetention, DEFAULT_RULINGS_RETENTION);
    }

    /** Topic settings that are part of the design; {@code match-rulings} keeps records {@code rulingsRetention}. */
    public static Map<String, String> settings(String topic, Duration rejectedRetention, Duration rulingsRetention) {
        return switch (topic) {
            case TABLE_EVENTS -> Map.of("retention.ms", "-1", "retention.bytes", "-1");
            case MATCH_VIEWS -> Map.of("cleanup.policy", "compact");
            case MATCH_RULINGS -> Map.of("retention.ms", Long.toString(rulingsRetention.toMillis()));
            case TABLE_EVENTS_REJECTED -> Map.of("retention.ms", Long.toString(rejectedRetention.toMillis()));
            default -> Map.of();
        };
    }

    private Topics() {
    }
}
