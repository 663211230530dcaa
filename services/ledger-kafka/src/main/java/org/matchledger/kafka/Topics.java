package org.matchledger.kafka;

import java.util.List;
import java.util.Map;

/** The ledger's topics (design.md "Flow"): names and the settings each is created with. */
public final class Topics {
    /** Table events as accepted by the gateway, key = match id: the source of truth, kept forever. */
    public static final String TABLE_EVENTS = "table-events";
    /** The ledger entries: one record per ruling, key = match id. */
    public static final String MATCH_RULINGS = "match-rulings";
    /** The latest view per match, key = match id (compacted). */
    public static final String MATCH_VIEWS = "match-views";
    /** Every rejected event with its reason, key = match id (or the path's id when the event had none). */
    public static final String TABLE_EVENTS_REJECTED = "table-events-rejected";

    public static final List<String> ALL = List.of(TABLE_EVENTS, MATCH_RULINGS, MATCH_VIEWS, TABLE_EVENTS_REJECTED);

    /** Topic settings that are part of the design, by topic. */
    public static Map<String, String> settings(String topic) {
        return switch (topic) {
            case TABLE_EVENTS -> Map.of("retention.ms", "-1", "retention.bytes", "-1");
            case MATCH_VIEWS -> Map.of("cleanup.policy", "compact");
            case MATCH_RULINGS, TABLE_EVENTS_REJECTED -> Map.of("retention.ms", "-1");
            default -> Map.of();
        };
    }

    private Topics() {
    }
}
