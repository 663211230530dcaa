package org.matchledger.processor;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;

/**
 * The processor's own settings and their defaults (the README's table names them; application.properties sets only
 * what differs, and the two that reach Kafka Streams by expression: {@code ledger.processor.standby-replicas},
 * {@code ledger.processor.state-dir}). Shared with other services: the correction window
 * ({@link org.matchledger.kafka.MatchSettings}, the audit trail folds with it too) and the output topics' prefix
 * {@code ledger.output-topic-prefix} ({@link org.matchledger.kafka.TopicSettings}).
 */
@ConfigMapping(prefix = "ledger")
public interface ProcessorConfig {

    Processor processor();

    interface Processor {
        /** {@code ledger.processor.close-check-interval}: every this much stream time, the due matches are closed. */
        @WithDefault("1m")
        Duration closeCheckInterval();

        /**
         * {@code ledger.processor.cached-matches}: folded matches kept in memory per task (one per table-events
         * partition), least recently used first out; any other match is folded again from its events in the
         * match-events store when its next event comes.
         */
        @WithDefault("500")
        int cachedMatches();

        /**
         * {@code ledger.processor.exit-on-failure}: a failed Kafka Streams client exits the process with status 1 so
         * that the supervisor restarts it (the test profile keeps the JVM).
         */
        @WithDefault("true")
        boolean exitOnFailure();

        Changelog changelog();

        /**
         * The stores' changelog topics (compacted; set when Kafka Streams creates them). A restart after a crash
         * restores what compaction left: live matches' events, closed markers, tombstones younger than the retention.
         */
        interface Changelog {
            /** {@code ledger.processor.changelog.segment}: a segment rolls after this long so that compaction can reach it. */
            @WithDefault("1h")
            Duration segment();

            /** {@code ledger.processor.changelog.tombstone-retention}: a deleted event's tombstone is kept this long after compaction. */
            @WithDefault("1h")
            Duration tombstoneRetention();
        }
    }
}
