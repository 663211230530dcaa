package org.matchledger.kafka;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * The ledger's topics (design.md "Flow"): names, and the settings each is created with, read from
 * {@code topics.properties} beside this class, the one place they are written.
 */
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

    private static final Properties FILE = load();

    /** Partitions of a topic when it is created, unless configured otherwise. */
    public static final int DEFAULT_PARTITIONS = Integer.parseInt(FILE.getProperty("partitions").trim());
    /** Replicas of each partition wanted (lowered to the brokers a cluster has, see {@link #replicationFor}). */
    public static final short REPLICATION_FACTOR = Short.parseShort(FILE.getProperty("replication.factor").trim());
    /** Replicas in sync that an acks=all write needs, wanted (see {@link #minInsyncReplicasFor}). */
    public static final int MIN_INSYNC_REPLICAS = Integer.parseInt(FILE.getProperty("min.insync.replicas").trim());

    public static final Duration DEFAULT_REJECTED_RETENTION =
            Duration.ofMillis(Long.parseLong(FILE.getProperty(TABLE_EVENTS_REJECTED + ".retention.ms").trim()));

    /** The replication factor of a topic on a cluster of {@code brokers} brokers: the wanted one, at most that many. */
    public static short replicationFor(int brokers) {
        return (short) Math.max(1, Math.min(REPLICATION_FACTOR, brokers));
    }

    /**
     * The min ISR of a topic with {@code replicationFactor} replicas: the wanted one, but below the replica count when
     * there is more than one (one broker down must not refuse writes) and at least 1.
     */
    public static int minInsyncReplicasFor(short replicationFactor) {
        return Math.max(1, Math.min(MIN_INSYNC_REPLICAS, replicationFactor == 1 ? 1 : replicationFactor - 1));
    }

    public static final Duration DEFAULT_RULINGS_RETENTION =
            Duration.ofMillis(Long.parseLong(FILE.getProperty(MATCH_RULINGS + ".retention.ms").trim()));

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
        Map<String, String> settings = new LinkedHashMap<>();
        String prefix = topic + ".";
        FILE.stringPropertyNames().stream().sorted().filter(k -> k.startsWith(prefix))
                .forEach(k -> settings.put(k.substring(prefix.length()), FILE.getProperty(k).trim()));
        if (topic.equals(TABLE_EVENTS_REJECTED)) {
            settings.put("retention.ms", Long.toString(rejectedRetention.toMillis()));
        }
        if (topic.equals(MATCH_RULINGS)) {
            settings.put("retention.ms", Long.toString(rulingsRetention.toMillis()));
        }
        return Map.copyOf(settings);
    }

    private static Properties load() {
        Properties p = new Properties();
        try (InputStream in = Topics.class.getResourceAsStream("topics.properties")) {
            if (in == null) {
                throw new IllegalStateException("topics.properties is missing beside " + Topics.class.getName());
            }
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p;
    }

    private Topics() {
    }
}
