package org.matchledger.processor;

import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.apache.kafka.streams.Topology;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.time.Duration;
import java.util.Optional;

/** CDI producers: the topology that quarkus-kafka-streams runs. */
public class Beans {
    /** {@code @Singleton}, not a client proxy: Kafka Streams reads the topology's fields, which a proxy does not hold. */
    @Produces
    @Singleton
    Topology topology(@ConfigProperty(name = "ledger.output-topic-prefix", defaultValue = "") Optional<String> prefix,
                      @ConfigProperty(name = "ledger.matches.correction-window", defaultValue = "24h") Duration window,
                      @ConfigProperty(name = "ledger.processor.close-check-interval", defaultValue = "1m") Duration closeCheck,
                      @ConfigProperty(name = "ledger.processor.cached-matches", defaultValue = "500") int cachedMatches,
                      @ConfigProperty(name = "ledger.processor.changelog.segment", defaultValue = "1h") Duration segment,
                      @ConfigProperty(name = "ledger.processor.changelog.tombstone-retention", defaultValue = "1h") Duration tombstones,
                      MeterRegistry registry) {
        JudgeCounters counters = new JudgeCounters(registry.counter("ledger.events.applied"),
                registry.counter("ledger.events.rejected"), registry.counter("ledger.matches.closed"));
        return LedgerTopology.build(new LedgerTopology.Settings(prefix.orElse(""), window, closeCheck,
                cachedMatches, segment, tombstones), counters);
    }
}
