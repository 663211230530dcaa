package org.matchledger.kafka;

import io.quarkus.runtime.Startup;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** Creates the ledger's topics before the channels start (design: created at start-up if absent). */
@Startup(1)
@ApplicationScoped
public class TopicsAtStartup {
    @ConfigProperty(name = "kafka.bootstrap.servers")
    String bootstrapServers;
    @ConfigProperty(name = "ledger.topics.partitions", defaultValue = "12")
    int partitions;
    @ConfigProperty(name = "ledger.topics.replication-factor", defaultValue = "1")
    short replicationFactor;
    /** Off where no broker is used (tests on SmallRye's in-memory connector). */
    @ConfigProperty(name = "ledger.topics.create", defaultValue = "true")
    boolean create;
    @ConfigProperty(name = "ledger.output-topic-prefix", defaultValue = "")
    java.util.Optional<String> outputPrefix;

    @PostConstruct
    void createTopics() {
        if (create) {
            TopicSetup.ensure(bootstrapServers, partitions, replicationFactor, outputPrefix.orElse(""));
        }
    }
}
