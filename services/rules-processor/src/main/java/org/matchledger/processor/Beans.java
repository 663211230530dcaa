package org.matchledger.processor;

import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.apache.kafka.streams.Topology;
import org.matchledger.kafka.MatchSettings;
import org.matchledger.kafka.TopicSettings;

/** CDI producers: the topology that quarkus-kafka-streams runs. */
public class Beans {
    /** {@code @Singleton}, not a client proxy: Kafka Streams reads the topology's fields, which a proxy does not hold. */
    @Produces
    @Singleton
    Topology topology(ProcessorConfig config, MatchSettings matches, TopicSettings topics, MeterRegistry registry) {
        JudgeCounters counters = new JudgeCounters(registry.counter("ledger.events.applied"),
                registry.counter("ledger.events.rejected"), registry.counter("ledger.matches.closed"));
        ProcessorConfig.Processor processor = config.processor();
        return LedgerTopology.build(new LedgerTopology.Settings(topics.outputTopicPrefix().orElse(""),
                matches.correctionWindow(), processor.closeCheckInterval(), processor.cachedMatches(),
                processor.changelog().segment(), processor.changelog().tombstoneRetention()), counters);
    }
}
