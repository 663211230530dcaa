package org.matchledger.audit.kafka;

import io.smallrye.health.api.AsyncHealthCheck;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.TopicPartition;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;
import org.matchledger.audit.AuditSettings;
import org.matchledger.kafka.Topics;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * Readiness: how far the audit trail is behind, per topic — the records between group {@code audit-trail}'s committed
 * offsets and the ends of the partitions (read_committed) — DOWN when a topic is more than {@code audit.health.max-lag}
 * records behind. Also reports how many records are in quarantine (they do not make it DOWN: they are stored, apart).
 * The lag is what replaces SmallRye's "unprocessed record max age" check, which is off (a long PostgreSQL outage must
 * not fail the channel: the consumer retries, and catches up when the database is back).
 */
@Readiness
@ApplicationScoped
public class LagCheck implements AsyncHealthCheck {
    static final String NAME = "audit-trail lag";

    private final KafkaAdmin admin;
    private final Pool pool;
    private final String group;
    private final long maxLag;

    @Inject // the bean's constructor; the other one takes the group and limit (tests)
    public LagCheck(KafkaAdmin admin, Pool pool, AuditSettings settings) {
        this(admin, pool, settings.consumerGroup(), settings.audit().health().maxLag());
    }

    /** The lag of consumer group {@code group}, DOWN above {@code maxLag}. */
    public LagCheck(KafkaAdmin admin, Pool pool, String group, long maxLag) {
        this.admin = admin;
        this.pool = pool;
        this.group = group;
        this.maxLag = maxLag;
    }

    @Override
    public Uni<HealthCheckResponse> call() {
        return Uni.combine().all().unis(lagPerTopic(), quarantineCount()).with((lag, q) -> {
                    HealthCheckResponseBuilder b = HealthCheckResponse.named(NAME).withData("max-lag", maxLag)
                            .withData("quarantined", q < 0 ? "unknown" : Long.toString(q));
                    boolean up = true;
                    for (var e : lag.entrySet()) {
                        b.withData("lag " + e.getKey(), e.getValue());
                        up &= e.getValue() <= maxLag;
                    }
                    return b.status(up).build();
                })
                .onFailure().recoverWithItem(e -> HealthCheckResponse.named(NAME).down()
                        .withData("error", e.getClass().getSimpleName() + ": " + e.getMessage()).build());
    }

    /** Records behind, per ledger topic: end offset (last stable) minus the group's committed offset (or the start). */
    Uni<Map<String, Long>> lagPerTopic() {
        Admin a = admin.get();
        return Uni.createFrom().completionStage(() -> a.describeTopics(Topics.ALL).allTopicNames().toCompletionStage())
                .chain(topics -> {
                    Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
                    Map<TopicPartition, OffsetSpec> earliest = new HashMap<>();
                    for (TopicDescription d : topics.values()) {
                        d.partitions().forEach(p -> {
                            latest.put(new TopicPartition(d.name(), p.partition()), OffsetSpec.latest());
                            earliest.put(new TopicPartition(d.name(), p.partition()), OffsetSpec.earliest());
                        });
                    }
                    ListOffsetsOptions committedOnly = new ListOffsetsOptions(IsolationLevel.READ_COMMITTED);
                    return Uni.combine().all().unis(offsets(() -> a.listOffsets(latest, committedOnly)),
                                    offsets(() -> a.listOffsets(earliest, committedOnly)),
                                    Uni.createFrom().completionStage(() -> a.listConsumerGroupOffsets(group)
                                            .partitionsToOffsetAndMetadata().toCompletionStage()))
                            .with(LagCheck::lag);
                });
    }

    static Map<String, Long> lag(Map<TopicPartition, Long> ends, Map<TopicPartition, Long> starts,
                                 Map<TopicPartition, OffsetAndMetadata> committed) {
        Map<String, Long> lag = new TreeMap<>();
        for (var e : ends.entrySet()) {
            OffsetAndMetadata c = committed.get(e.getKey());
            long from = Math.max(c == null ? 0 : c.offset(), starts.getOrDefault(e.getKey(), 0L));
            lag.merge(e.getKey().topic(), Math.max(0, e.getValue() - from), Long::sum);
        }
        return lag;
    }

    private static Uni<Map<TopicPartition, Long>> offsets(Supplier<ListOffsetsResult> request) {
        return Uni.createFrom().completionStage(() -> request.get().all().toCompletionStage()).map(all -> {
            Map<TopicPartition, Long> m = new HashMap<>();
            all.forEach((tp, info) -> m.put(tp, info.offset()));
            return m;
        });
    }

    private Uni<Long> quarantineCount() {
        return pool.query("SELECT count(*) FROM quarantined_record").execute()
                .map(rows -> rows.iterator().next().getLong(0))
                .onFailure().recoverWithItem(-1L); // PostgreSQL away: its own check says so
    }
}
