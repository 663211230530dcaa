package org.matchledger.processor;

import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.state.Stores;
import org.matchledger.kafka.Topics;

import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;

/**
 * The processor's Kafka Streams topology (Processor API): {@code table-events} → {@link MatchJudge} with its two
 * persistent stores → {@code match-rulings}, {@code match-views}, {@code table-events-rejected} (each under the
 * benchmark prefix, empty in a real deployment).
 *
 * <ul>
 *   <li>{@value #STATE_STORE}: one small {@link MatchEntry} per match (last seq, finish time, closed marker);</li>
 *   <li>{@value #EVENTS_STORE}: each applied event once, keyed by (match, seq) ({@link EventKeys}), never
 *       rewritten; a closed match's events are deleted (tombstones in the compacted changelog).</li>
 * </ul>
 * Both are backed by compacted changelog topics {@code <application.id>-<store>-changelog}, restored on whichever
 * instance takes the task.
 */
public final class LedgerTopology {
    public static final String SOURCE = "table-events-source";
    public static final String JUDGE = "judge";
    public static final String RULINGS_SINK = "match-rulings-sink";
    public static final String VIEWS_SINK = "match-views-sink";
    public static final String REJECTED_SINK = "table-events-rejected-sink";
    public static final String STATE_STORE = "match-state";
    public static final String EVENTS_STORE = "match-events";

    /**
     * @param topicPrefix   {@code ledger.output-topic-prefix}
     * @param window        {@code ledger.matches.correction-window}
     * @param closeCheck    {@code ledger.processor.close-check-interval}: how often, in stream time, due matches close
     * @param cachedMatches {@code ledger.processor.cached-matches}: folded matches kept in memory per task (LRU)
     * @param changelogSegment    {@code ledger.processor.changelog.segment}: a changelog segment rolls after this long,
     *                            so that compaction can reach it (the active segment is never compacted)
     * @param changelogTombstones {@code ledger.processor.changelog.tombstone-retention}: how long a deleted event's
     *                            tombstone stays in the changelog after compaction
     */
    public record Settings(String topicPrefix, Duration window, Duration closeCheck, int cachedMatches,
                           Duration changelogSegment, Duration changelogTombstones) {
        public static final Duration DEFAULT_CHANGELOG_SEGMENT = Duration.ofHours(1);
        public static final Duration DEFAULT_CHANGELOG_TOMBSTONES = Duration.ofHours(1);

        public Settings(String topicPrefix, Duration window, Duration closeCheck, int cachedMatches) {
            this(topicPrefix, window, closeCheck, cachedMatches, DEFAULT_CHANGELOG_SEGMENT, DEFAULT_CHANGELOG_TOMBSTONES);
        }

        public Settings {
            if (changelogSegment.isNegative() || changelogSegment.isZero() || changelogTombstones.isNegative()) {
                throw new IllegalArgumentException("the changelog segment time must be positive and the tombstone retention not negative");
            }
            if (cachedMatches < 1) {
                throw new IllegalArgumentException("ledger.processor.cached-matches must be at least 1");
            }
            if (window.isNegative() || closeCheck.isNegative() || closeCheck.isZero()) {
                throw new IllegalArgumentException("the correction window and the close check interval must be positive");
            }
        }
    }

    private LedgerTopology() {
    }

    public static Topology build(Settings settings, JudgeCounters counters) {
        String prefix = settings.topicPrefix();
        Topology t = new Topology();
        t.addSource(SOURCE, Serdes.String().deserializer(), Serdes.String().deserializer(), Topics.TABLE_EVENTS);
        t.addProcessor(JUDGE, () -> new MatchJudge(settings, counters), SOURCE);
        Map<String, String> changelog = changelogConfig(settings);
        // Cached: a match's entry changes with every event, and only its last value in a commit needs to reach the
        // changelog and RocksDB (reads see the cache). The events store is not: each of its keys is written once.
        t.addStateStore(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(STATE_STORE),
                Serdes.String(), Serdes.String()).withLoggingEnabled(changelog).withCachingEnabled(), JUDGE);
        t.addStateStore(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(EVENTS_STORE),
                Serdes.String(), Serdes.String()).withLoggingEnabled(changelog), JUDGE);
        t.addSink(RULINGS_SINK, prefix + Topics.MATCH_RULINGS, Serdes.String().serializer(), Serdes.String().serializer(), JUDGE);
        t.addSink(VIEWS_SINK, prefix + Topics.MATCH_VIEWS, Serdes.String().serializer(), Serdes.String().serializer(), JUDGE);
        t.addSink(REJECTED_SINK, prefix + Topics.TABLE_EVENTS_REJECTED, Serdes.String().serializer(),
                Serdes.String().serializer(), JUDGE);
        return t;
    }

    /**
     * The changelog topics' settings (given when Kafka Streams creates them). What an instance restores after a crash
     * (exactly-once keeps no local checkpoint of a store that was open then) is what compaction left: the latest
     * {@link MatchEntry} per match, the events of matches not yet closed, and tombstones younger than
     * {@code tombstoneRetention}. Segments roll every {@code changelogSegment} and are compacted once a tenth of the
     * log is superseded or a write has waited that long ({@code max.compaction.lag.ms}), so a closed match's events
     * leave the changelog within about twice that time, whatever the history.
     */
    static Map<String, String> changelogConfig(Settings settings) {
        Map<String, String> c = new TreeMap<>();
        c.put(TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_COMPACT);
        c.put(TopicConfig.SEGMENT_MS_CONFIG, Long.toString(settings.changelogSegment().toMillis()));
        c.put(TopicConfig.MIN_CLEANABLE_DIRTY_RATIO_CONFIG, "0.1");
        // Tombstones are small beside the events they delete: by ratio alone a log whose dirty part is only
        // tombstones might never be cleaned. Anything dirty for longer than a segment's time is cleaned regardless.
        c.put(TopicConfig.MAX_COMPACTION_LAG_MS_CONFIG, Long.toString(settings.changelogSegment().toMillis()));
        c.put(TopicConfig.DELETE_RETENTION_MS_CONFIG, Long.toString(settings.changelogTombstones().toMillis()));
        return c;
    }
}
