package org.matchledger.kafka;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithName;

import java.time.Duration;
import java.util.Optional;

/**
 * The settings of the ledger's topics that every service reads the same way ({@link TopicsAtStartup}; the rules
 * processor names its output topics by {@link #outputTopicPrefix}). No prefix: the names are the Kafka client's
 * ({@code kafka.*}) and the ledger's ({@code ledger.*}).
 */
@ConfigMapping(prefix = "")
public interface TopicSettings {

    /** {@code kafka.bootstrap.servers}: the brokers. */
    @WithName("kafka.bootstrap.servers")
    String bootstrapServers();

    /** {@code ledger.topics.partitions}; absent: topics.properties ({@link Topics#DEFAULT_PARTITIONS}). */
    @WithName("ledger.topics.partitions")
    Optional<Integer> partitions();

    /** {@code ledger.topics.replication-factor}; absent: topics.properties, as far as the cluster's brokers allow. */
    @WithName("ledger.topics.replication-factor")
    Optional<Short> replicationFactor();

    /**
     * {@code ledger.topics.create}: off where no broker is used (tests on SmallRye's in-memory connector), and where
     * the topics are created by an administrator and the service's Kafka user may not create or alter them
     * (deploy/local with SASL).
     */
    @WithName("ledger.topics.create")
    @WithDefault("true")
    boolean create();

    /**
     * {@code ledger.output-topic-prefix}: benchmarks only. A second processor re-judging the log writes into
     * {@code <prefix>match-rulings} etc., never into the ledger's own topics. Absent (no prefix) in every real deployment.
     */
    @WithName("ledger.output-topic-prefix")
    Optional<String> outputTopicPrefix();

    /** {@code ledger.rejected.retention}: how long table-events-rejected keeps a record (set at creation and on an existing topic). */
    @WithName("ledger.rejected.retention")
    @WithDefault("30d")
    Duration rejectedRetention();

    /** {@code ledger.rulings.retention}: how long match-rulings keeps a record (the audit trail keeps every ruling). */
    @WithName("ledger.rulings.retention")
    @WithDefault("7d")
    Duration rulingsRetention();
}
