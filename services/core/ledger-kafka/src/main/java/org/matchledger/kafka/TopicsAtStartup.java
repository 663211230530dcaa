package org.matchledger.kafka;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.Startup;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Optional;

/**
 * Creates the ledger's topics at start-up when they are absent (design: created at start-up, partition count
 * configurable). A service whose broker is not there yet still starts (and answers 503 / not ready): the topics are
 * then created in the background as soon as the broker answers.
 */
@Startup(1)
@ApplicationScoped
public class TopicsAtStartup {
    private static final Logger LOG = LoggerFactory.getLogger(TopicsAtStartup.class);
    private static final int FIRST_TRY_SECONDS = 10;
    private static final long RETRY_MILLIS = 5_000;

    @ConfigProperty(name = "kafka.bootstrap.servers")
    String bootstrapServers;
    /** Default: topics.properties (Topics.DEFAULT_PARTITIONS). */
    @ConfigProperty(name = "ledger.topics.partitions")
    Optional<Integer> partitions;
    /** Default: topics.properties, as far as the cluster's brokers allow. */
    @ConfigProperty(name = "ledger.topics.replication-factor")
    Optional<Short> replicationFactor;
    /**
     * Off where no broker is used (tests on SmallRye's in-memory connector), and where the topics are created by an
     * administrator and the service's Kafka user may not create or alter them (deploy/local with SASL).
     */
    @ConfigProperty(name = "ledger.topics.create", defaultValue = "true")
    boolean create;
    @ConfigProperty(name = "ledger.output-topic-prefix", defaultValue = "")
    Optional<String> outputPrefix;
    /** How long table-events-rejected keeps a record; set on the topic at creation and on an existing topic too. */
    @ConfigProperty(name = "ledger.rejected.retention", defaultValue = "30d")
    Duration rejectedRetention;
    /** How long match-rulings keeps a record (the audit trail keeps every ruling); set like the one above. */
    @ConfigProperty(name = "ledger.rulings.retention", defaultValue = "7d")
    Duration rulingsRetention;

    private volatile boolean stopping;

    @PostConstruct
    void createTopics() {
        if (!create) {
            return;
        }
        if (tryOnce(FIRST_TRY_SECONDS)) {
            return;
        }
        Thread retry = new Thread(() -> {
            while (!stopping && !tryOnce(FIRST_TRY_SECONDS)) {
                try {
                    Thread.sleep(RETRY_MILLIS);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "ledger-topic-setup");
        retry.setDaemon(true);
        retry.start();
    }

    private boolean tryOnce(int timeoutSeconds) {
        try {
            TopicSetup.ensure(bootstrapServers, KafkaSecurityConfig.current(), partitions.orElse(Topics.DEFAULT_PARTITIONS),
                    replicationFactor.orElse(TopicSetup.REPLICATION_FROM_SETTINGS),
                    outputPrefix.orElse(""), timeoutSeconds, rejectedRetention, rulingsRetention);
            return true;
        } catch (RuntimeException e) {
            LOG.warn("the ledger's topics are not ready on {} yet ({}); trying again", bootstrapServers, e.getMessage());
            return false;
        }
    }

    void onStop(@Observes ShutdownEvent event) {
        stopping = true;
    }
}
