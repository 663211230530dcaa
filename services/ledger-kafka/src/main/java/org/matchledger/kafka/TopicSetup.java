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
 * Creates the ledger's topics when they are absent, with {@code partitions} partitions and the settings of
 * {@link Topics#settings}; on existing topics it sets those settings again (a topic created by a client's
 * auto-creation would otherwise miss compaction or unlimited retention, and a topic created by an older version would
 * keep its old retention of rejections or rulings). Every service calls it at start-up.
 */
public final class TopicSetup {
    private static final Logger LOG = LoggerFactory.getLogger(TopicSetup.class);

    private TopicSetup() {
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
     * authenticates as needs CREATE and ALTER_CONFIGS on the topics).
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
            List<NewTopic> missing = new ArrayList<>();
            for (String topic : Topics.ALL) {
                if (!existing.contains(topic)) {
                    missing.add(new NewTopic(topic, partitions, replicationFactor).configs(Topics.settings(topic, rejectedRetention, rulingsRetention)));
                }
                if (!prefix.isEmpty() && !topic.equals(Topics.TABLE_EVENTS) && !existing.contains(prefix + topic)) {
                    missing.add(new NewTopic(prefix + topic, partitions, replicationFactor).configs(Topics.settings(topic, rejectedRetention, rulingsRetention)));
                }
            }
            if (!missing.isEmpty()) {
                try {
                    admin.createTopics(missing).all().get(timeoutSeconds, TimeUnit.SECONDS);
                    LOG.info("created topics {} with {} partitions", missing.stream().map(NewTopic::name).toList(), partitions);
                } catch (ExecutionException e) {
                    if (!(e.getCause() instanceof TopicExistsException)) {
                        throw e; // another service created them at the same moment: fine
                    }
                }
            }
            Map<ConfigResource, java.util.Collection<AlterConfigOp>> alter = new TreeMap<>((a, b) -> a.name().compareTo(b.name()));
            for (String topic : Topics.ALL) {
                List<AlterConfigOp> ops = new ArrayList<>();
                Topics.settings(topic, rejectedRetention, rulingsRetention).forEach((k, v) -> ops.add(new AlterConfigOp(new ConfigEntry(k, v), AlterConfigOp.OpType.SET)));
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
}
