package org.matchledger.processor;

import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.state.Stores;
import org.matchledger.kafka.Topics;

import java.time.Duration;

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
     */
    public record Settings(String topicPrefix, Duration window, Duration closeCheck, int cachedMatches) {
        public Settings {
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
        t.addStateStore(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(STATE_STORE),
                Serdes.String(), Serdes.String()), JUDGE);
        t.addStateStore(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(EVENTS_STORE),
                Serdes.String(), Serdes.String()), JUDGE);
        t.addSink(RULINGS_SINK, prefix + Topics.MATCH_RULINGS, Serdes.String().serializer(), Serdes.String().serializer(), JUDGE);
        t.addSink(VIEWS_SINK, prefix + Topics.MATCH_VIEWS, Serdes.String().serializer(), Serdes.String().serializer(), JUDGE);
        t.addSink(REJECTED_SINK, prefix + Topics.TABLE_EVENTS_REJECTED, Serdes.String().serializer(),
                Serdes.String().serializer(), JUDGE);
        return t;
    }
}
