package org.matchledger.processor;

import io.smallrye.common.annotation.Identifier;
import io.smallrye.reactive.messaging.kafka.KafkaConsumerRebalanceListener;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;
import org.matchledger.core.ledger.Match;
import org.matchledger.kafka.PosterHeaders;
import org.matchledger.kafka.KafkaSecurityConfig;

import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The processor keeps nothing on disk: when it is given a partition (start, restart, rebalance, another instance's
 * crash) it rebuilds that partition's matches by folding {@code table-events} from the beginning up to the group's
 * committed offset, with the same judging code. Everything before that offset was already produced downstream in
 * committed transactions, so nothing is produced again.
 */
@ApplicationScoped
@Identifier(Channels.REBALANCE_LISTENER)
public class PartitionRecovery implements KafkaConsumerRebalanceListener {
    private static final Logger LOG = Logger.getLogger(PartitionRecovery.class);

    private static final Duration COMMITTED_TIMEOUT = Duration.ofSeconds(30);

    private final MatchBook book;
    private final String bootstrapServers;
    private final Duration rebuildTimeout;

    @Inject
    public PartitionRecovery(MatchBook book, @ConfigProperty(name = "kafka.bootstrap.servers") String bootstrapServers,
                             @ConfigProperty(name = "ledger.processor.rebuild-timeout", defaultValue = "4m") Duration rebuildTimeout) {
        this.book = book;
        this.bootstrapServers = bootstrapServers;
        this.rebuildTimeout = rebuildTimeout;
    }

    private volatile boolean recovered;
    /** Partitions of the current assignment whose rebuild failed: their records are never judged. */
    private final Set<Integer> failed = ConcurrentHashMap.newKeySet();
    private final Set<TopicPartition> assignment = ConcurrentHashMap.newKeySet();
    private volatile String failure;

    /** Readiness: the first assignment of this instance has been rebuilt (until then events only wait in Kafka). */
    public boolean recovered() {
        return recovered;
    }

    /** The partitions whose rebuild failed (empty when every assigned partition was rebuilt). */
    public Set<Integer> failedPartitions() {
        return Set.copyOf(failed);
    }

    /** Why the last failed rebuild failed, or null. */
    public String failure() {
        return failed.isEmpty() ? null : failure;
    }

    /** The partitions of table-events assigned to this instance. */
    public Set<TopicPartition> assignment() {
        return Set.copyOf(assignment);
    }

    @Override
    public void onPartitionsAssigned(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
        List<Integer> numbers = partitions.stream().map(TopicPartition::partition).toList();
        // Not judged until rebuilt below: if the rebuild fails, they stay so (fail closed).
        book.revoke(numbers);
        assignment.addAll(partitions);
        if (partitions.isEmpty()) {
            recovered = true;
            return;
        }
        try {
            assign(consumer, partitions);
            numbers.forEach(failed::remove);
            recovered = true;
        } catch (RuntimeException e) {
            failure = e.getClass().getSimpleName() + ": " + e.getMessage();
            failed.addAll(numbers);
            LOG.errorf(e, "the rebuild of partitions %s failed: they are not judged here; readiness is DOWN", numbers);
        }
    }

    private void assign(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
        Map<TopicPartition, OffsetAndMetadata> committed = consumer.committed(Set.copyOf(partitions),
                rebuildTimeout.compareTo(COMMITTED_TIMEOUT) < 0 ? rebuildTimeout : COMMITTED_TIMEOUT);
        Map<TopicPartition, Long> until = new HashMap<>();
        for (TopicPartition tp : partitions) {
            OffsetAndMetadata c = committed.get(tp);
            until.put(tp, c == null ? 0L : c.offset());
        }
        long start = System.nanoTime();
        Map<Integer, Map<String, Match>> rebuilt = rebuild(until);
        int matches = 0;
        for (TopicPartition tp : partitions) {
            Map<String, Match> m = rebuilt.getOrDefault(tp.partition(), Map.of());
            book.assign(tp.partition(), m);
            matches += m.size();
        }
        LOG.infof("%d partitions assigned: %d matches rebuilt from %d events in %d ms", partitions.size(), matches,
                until.values().stream().mapToLong(Long::longValue).sum(), (System.nanoTime() - start) / 1_000_000);
    }

    @Override
    public void onPartitionsRevoked(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
        List<Integer> numbers = partitions.stream().map(TopicPartition::partition).toList();
        book.revoke(numbers);
        assignment.removeAll(partitions);
        numbers.forEach(failed::remove);
    }

    @Override
    public void onPartitionsLost(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
        onPartitionsRevoked(consumer, partitions);
    }

    /** Folds each partition's events before its offset, exactly as {@link BatchJudgement} judged them live. */
    Map<Integer, Map<String, Match>> rebuild(Map<TopicPartition, Long> until) {
        Map<Integer, Map<String, Match>> out = new HashMap<>();
        List<TopicPartition> todo = until.entrySet().stream().filter(e -> e.getValue() > 0).map(Map.Entry::getKey).toList();
        if (todo.isEmpty()) {
            return out;
        }
        Properties props = new Properties();
        props.putAll(KafkaSecurityConfig.current()); // the processor's Kafka user, when one is configured
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        props.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 2000);
        props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        try (KafkaConsumer<String, String> reader = new KafkaConsumer<>(props)) {
            reader.assign(todo);
            reader.seekToBeginning(todo);
            Set<TopicPartition> open = new HashSet<>(todo);
            long deadline = System.nanoTime() + rebuildTimeout.toNanos();
            while (!open.isEmpty()) {
                if (System.nanoTime() - deadline > 0) {
                    throw new IllegalStateException("the rebuild did not reach the committed offsets of " + open
                            + " within " + rebuildTimeout);
                }
                for (ConsumerRecord<String, String> r : reader.poll(Duration.ofMillis(200))) {
                    TopicPartition tp = new TopicPartition(r.topic(), r.partition());
                    if (r.offset() >= until.get(tp)) {
                        continue;
                    }
                    Map<String, Match> matches = out.computeIfAbsent(r.partition(), p -> new HashMap<>());
                    EventJudgement.Result result = EventJudgement.judge(matches.getOrDefault(r.key(), Match.EMPTY), r.key(), r.value(),
                            PosterHeaders.read(r.headers()));
                    if (result.applied()) {
                        matches.put(r.key(), result.match());
                    }
                }
                open.removeIf(tp -> reader.position(tp) >= until.get(tp));
                if (open.size() < todo.size()) {
                    reader.pause(todo.stream().filter(tp -> !open.contains(tp)).toList());
                }
            }
        }
        return out;
    }
}
