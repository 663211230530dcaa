package org.matchledger.kafka;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.TopicExistsException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * Creates the ledger's topics when they are absent, with {@code partitions} partitions, the replication of
 * {@code topics.properties} (as far as the cluster's brokers allow: {@link Topics#replicationFor}) and the settings of
 * {@link Topics#settings}, {@code min.insync.replicas} among them; on existing topics it sets those settings again (a topic created by a client's
 * auto-creation would otherwise miss compaction or unlimited retention, and a topic created by an older version would
 * keep its old retention of rejections or rulings). Every service calls it at start-up.
 */
public final class TopicSetup {
    private static final Logger LOG = LoggerFactory.getLogger(TopicSetup.class);

    private TopicSetup() {
    }

    /** Replication factor argument meaning: the one of topics.properties, lowered to the brokers the cluster has. */
    public static final short REPLICATION_FROM_SETTINGS = 0;

    /** The topics of topics.properties: its partitions and replication (as far as the brokers allow). */
    public static void ensure(String bootstrapServers, Map<String, Object> clientSettings, int timeoutSeconds) {
        ensure(bootstrapServers, clientSettings, Topics.DEFAULT_PARTITIONS, REPLICATION_FROM_SETTINGS, "", timeoutSeconds,
                Topics.DEFAULT_REJECTED_RETENTION);
    }

    public static void ensure(String bootstrapServers, int partitions, short replicationFactor) {
        ensure(bootstrapServers, partitions, replicationFactor, "", 30);
    }

    /** With {@code prefix}: the output topics under that prefix too (benchmarks re-judging the log). */
    public static void ensure(String bootstrapServers, int partitions, short replicationFactor, String prefix,
                              int timeoutSeconds) {
        ensure(bootstrapServers, partitions, replicationFactor, prefix, timeoutSeconds, Topics.DEFAULT_REJECTED_RETENTION);
    }

    /** With {@code rejectedRetention}: how long {@code table-events-rejected} keeps its records. */
    public static void ensure(String bootstrapServers, int partitions, short replicationFactor, String prefix,
                              int timeoutSeconds, Duration rejectedRetention) {
        ensure(bootstrapServers, Map.of(), partitions, replicationFactor, prefix, timeoutSeconds, rejectedRetention);
    }

    /**
     * With {@code clientSettings}: further settings of the admin client, e.g. {@link KafkaSecurity}'s (the user it
     * authenticates as needs CREATE and ALTER_CONFIGS on the topics). {@code replicationFactor}
     * {@link #REPLICATION_FROM_SETTINGS}: the one of topics.properties, as far as the brokers allow.
     */
    public static void ensure(String bootstrapServers, Map<String, Object> clientSettings, int partitions,
                              short replicationFactor, String prefix, int timeoutSeconds, Duration rejectedRetention) {
        ensure(bootstrapServers, clientSettings, partitions, replicationFactor, prefix, timeoutSeconds, rejectedRetention,
                Topics.DEFAULT_RULINGS_RETENTION);
    }

    /** With {@code rulingsRetention}: how long {@code match-rulings} keeps its records. */
    public static void ensure(String bootstrapServers, Map<String, Object> clientSettings, int partitions,
                              short replicationFactor, String prefix, int timeoutSeconds, Duration rejectedRetention,
                              Duration rulingsRetention) {
        Map<String, Object> config = new HashMap<>(clientSettings);
        config.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        config.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, Math.min(10_000, timeoutSeconds * 1000));
        config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, timeoutSeconds * 1000);
        try (Admin admin = Admin.create(config)) {
            Set<String> existing = admin.listTopics().names().get(timeoutSeconds, TimeUnit.SECONDS);
            short replication = replicationFactor;
            if (replication <= 0) {
                int brokers = admin.describeCluster().nodes().get(timeoutSeconds, TimeUnit.SECONDS).size();
                replication = Topics.replicationFor(brokers);
                if (replication < Topics.REPLICATION_FACTOR) {
                    LOG.warn("{} broker(s): the ledger's topics get {} replica(s), not the {} of topics.properties",
                            brokers, replication, Topics.REPLICATION_FACTOR);
                }
            }
            // Existing topics keep their replica count: their min ISR follows it.
            Map<String, Short> replicas = new HashMap<>();
            List<String> present = Topics.ALL.stream().filter(existing::contains).toList();
            if (!present.isEmpty()) {
                admin.describeTopics(present).allTopicNames().get(timeoutSeconds, TimeUnit.SECONDS).forEach((name, d) ->
                        replicas.put(name, (short) d.partitions().get(0).replicas().size()));
            }
            List<NewTopic> missing = new ArrayList<>();
            for (String topic : Topics.ALL) {
                if (!existing.contains(topic)) {
                    missing.add(new NewTopic(topic, partitions, replication).configs(settings(topic, replication, rejectedRetention, rulingsRetention)));
                    replicas.put(topic, replication);
                }
                if (!prefix.isEmpty() && !topic.equals(Topics.TABLE_EVENTS) && !existing.contains(prefix + topic)) {
                    missing.add(new NewTopic(prefix + topic, partitions, replication).configs(settings(topic, replication, rejectedRetention, rulingsRetention)));
                }
            }
            if (!missing.isEmpty()) {
                try {
                    admin.createTopics(missing).all().get(timeoutSeconds, TimeUnit.SECONDS);
                    LOG.info("created topics {} with {} partitions, {} replica(s)", missing.stream().map(NewTopic::name).toList(),
                            partitions, replication);
                } catch (ExecutionException e) {
                    if (!(e.getCause() instanceof TopicExistsException)) {
                        throw e; // another service created them at the same moment: fine
                    }
                }
            }
            Map<ConfigResource, java.util.Collection<AlterConfigOp>> alter = new TreeMap<>((a, b) -> a.name().compareTo(b.name()));
            for (String topic : Topics.ALL) {
                List<AlterConfigOp> ops = new ArrayList<>();
                settings(topic, replicas.getOrDefault(topic, replication), rejectedRetention, rulingsRetention).forEach((k, v) -> ops.add(new AlterConfigOp(new ConfigEntry(k, v), AlterConfigOp.OpType.SET)));
                if (!ops.isEmpty()) {
                    alter.put(new ConfigResource(ConfigResource.Type.TOPIC, topic), ops);
                }
            }
            admin.incrementalAlterConfigs(alter).all().get(timeoutSeconds, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while creating the ledger's topics", e);
        } catch (Exception e) {
            throw new IllegalStateException("cannot create the ledger's topics on " + bootstrapServers + ": " + e.getMessage(), e);
        }
    }

    /** A topic's settings: those of topics.properties, and the min ISR that goes with its replica count. */
    static Map<String, String> settings(String topic, short replication, Duration rejectedRetention,
                                        Duration rulingsRetention) {
        Map<String, String> settings = new HashMap<>(Topics.settings(topic, rejectedRetention, rulingsRetention));
        settings.put("min.insync.replicas", Integer.toString(Topics.minInsyncReplicasFor(replication)));
        return settings;
    }
}
