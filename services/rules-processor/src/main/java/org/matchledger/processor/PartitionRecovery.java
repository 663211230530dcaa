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

import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

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

    private final MatchBook book;
    private final String bootstrapServers;

    @Inject
    public PartitionRecovery(MatchBook book, @ConfigProperty(name = "kafka.bootstrap.servers") String bootstrapServers) {
        this.book = book;
        this.bootstrapServers = bootstrapServers;
    }

    private volatile boolean recovered;

    /** Readiness: the first assignment of this instance has been rebuilt (until then events only wait in Kafka). */
    public boolean recovered() {
        return recovered;
    }

    @Override
    public void onPartitionsAssigned(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
        if (partitions.isEmpty()) {
            recovered = true;
            return;
        }
        Map<TopicPartition, OffsetAndMetadata> committed = consumer.committed(Set.copyOf(partitions), Duration.ofSeconds(30));
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
        recovered = true;
    }

    @Override
    public void onPartitionsRevoked(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
        book.revoke(partitions.stream().map(TopicPartition::partition).toList());
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
            while (!open.isEmpty()) {
                for (ConsumerRecord<String, String> r : reader.poll(Duration.ofMillis(200))) {
                    TopicPartition tp = new TopicPartition(r.topic(), r.partition());
                    if (r.offset() >= until.get(tp)) {
                        continue;
                    }
                    Map<String, Match> matches = out.computeIfAbsent(r.partition(), p -> new HashMap<>());
                    EventJudgement.Result result = EventJudgement.judge(matches.getOrDefault(r.key(), Match.EMPTY), r.key(), r.value());
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
