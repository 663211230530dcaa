package org.matchledger.processor;

import io.smallrye.common.annotation.Identifier;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.TopicPartition;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;
import org.matchledger.kafka.KafkaSecurityConfig;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Not ready while events wait on this instance's partitions (lag: read_committed end offset minus the group's
 * committed offset) and nothing has been committed for {@code ledger.processor.stall-timeout}: a processor that
 * polls but never commits (aborting, refusing or stuck) must not look healthy. Reports the lag and the age of the
 * last commit. The lag comes from the broker's admin API, not from the consumer, whose thread is busy polling.
 */
@Readiness
@ApplicationScoped
public class ProgressReadiness implements HealthCheck {
    private static final long ADMIN_TIMEOUT_MS = 3_000;

    private final StallWatch watch;
    private final PartitionRecovery recovery;
    private final String bootstrapServers;
    private final String groupId;
    private final Duration stallTimeout;
    private Admin admin;

    @Inject
    public ProgressReadiness(StallWatch watch, @Identifier(Channels.REBALANCE_LISTENER) PartitionRecovery recovery,
                             @ConfigProperty(name = "kafka.bootstrap.servers") String bootstrapServers,
                             @ConfigProperty(name = "mp.messaging.incoming.table-events.group.id") String groupId,
                             @ConfigProperty(name = "ledger.processor.stall-timeout", defaultValue = "30s") Duration stallTimeout) {
        this.watch = watch;
        this.recovery = recovery;
        this.bootstrapServers = bootstrapServers;
        this.groupId = groupId;
        this.stallTimeout = stallTimeout;
    }

    @Override
    public HealthCheckResponse call() {
        HealthCheckResponseBuilder b = HealthCheckResponse.named("processing-progress")
                .withData("stallTimeoutMillis", stallTimeout.toMillis());
        long lag;
        try {
            lag = lag(recovery.assignment());
        } catch (Exception e) {
            // The broker does not answer: the Kafka readiness check says so; progress cannot be judged.
            return b.up().withData("lag", "unknown").withData("error", String.valueOf(e.getMessage())).build();
        }
        StallWatch.Assessment a = watch.assess(lag);
        return b.status(!a.stalled()).withData("lag", a.lag()).withData("lastCommitAgeMillis", a.lastCommitAgeMillis()).build();
    }

    private long lag(Set<TopicPartition> partitions) throws Exception {
        if (partitions.isEmpty()) {
            return 0;
        }
        Admin a = admin();
        Map<TopicPartition, OffsetAndMetadata> committed = a.listConsumerGroupOffsets(groupId)
                .partitionsToOffsetAndMetadata().get(ADMIN_TIMEOUT_MS, TimeUnit.MILLISECONDS);
        Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
        partitions.forEach(tp -> latest.put(tp, OffsetSpec.latest()));
        Map<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> ends = a
                .listOffsets(latest, new ListOffsetsOptions(IsolationLevel.READ_COMMITTED))
                .all().get(ADMIN_TIMEOUT_MS, TimeUnit.MILLISECONDS);
        long lag = 0;
        for (TopicPartition tp : partitions) {
            OffsetAndMetadata c = committed.get(tp);
            ListOffsetsResult.ListOffsetsResultInfo end = ends.get(tp);
            if (end != null) {
                lag += Math.max(0, end.offset() - (c == null ? 0 : c.offset()));
            }
        }
        return lag;
    }

    private synchronized Admin admin() {
        if (admin == null) {
            Map<String, Object> config = new HashMap<>(KafkaSecurityConfig.current()); // the processor's Kafka user
            config.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
            config.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) ADMIN_TIMEOUT_MS);
            config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) ADMIN_TIMEOUT_MS);
            admin = Admin.create(config);
        }
        return admin;
    }

    @PreDestroy
    synchronized void close() {
        if (admin != null) {
            admin.close(Duration.ofSeconds(2));
        }
    }
}
