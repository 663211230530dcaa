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

    @Override
    public void onPartitionsAssigned(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
        if (partitions.isEmpty()) {
            return;
        }
        Map<TopicPartition, OffsetAndMetadata> committed = consumer.committed(Set.copyOf(partitions), Duration.ofSeconds(30));
        for (TopicPartition tp : partitions) {
            OffsetAndMetadata c = committed.get(tp);
            long until = c == null ? 0 : c.offset();
            long start = System.nanoTime();
            Map<String, Match> rebuilt = rebuild(tp, until);
            book.assign(tp.partition(), rebuilt);
            LOG.infof("partition %s: %d matches rebuilt from %d events in %d ms", tp, rebuilt.size(), until,
                    (System.nanoTime() - start) / 1_000_000);
        }
    }

    @Override
    public void onPartitionsRevoked(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
        book.revoke(partitions.stream().map(TopicPartition::partition).toList());
    }

    @Override
    public void onPartitionsLost(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
        onPartitionsRevoked(consumer, partitions);
    }

    /** Folds one partition's events before {@code until}, exactly as {@link BatchJudgement} judged them live. */
    Map<String, Match> rebuild(TopicPartition tp, long until) {
        Map<String, Match> matches = new HashMap<>();
        if (until == 0) {
            return matches;
        }
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        props.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 2000);
        props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        try (KafkaConsumer<String, String> reader = new KafkaConsumer<>(props)) {
            reader.assign(List.of(tp));
            reader.seekToBeginning(List.of(tp));
            while (reader.position(tp) < until) {
                for (ConsumerRecord<String, String> r : reader.poll(Duration.ofMillis(200)).records(tp)) {
                    if (r.offset() >= until) {
                        break;
                    }
                    Match before = matches.getOrDefault(r.key(), Match.EMPTY);
                    EventJudgement.Result result = EventJudgement.judge(before, r.key(), r.value());
                    if (result.applied()) {
                        matches.put(r.key(), result.match());
                    }
                }
            }
        }
        return matches;
    }
}
