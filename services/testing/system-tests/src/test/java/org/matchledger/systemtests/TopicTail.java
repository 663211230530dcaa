package org.matchledger.systemtests;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.matchledger.testsupport.KafkaBroker;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything committed on one topic, read from the beginning ({@code read_committed}, no consumer group) and kept:
 * {@link #catchUp()} reads up to the current end (the last stable offset), so it can be called again and again inside
 * an awaitility condition. One thread at a time.
 */
public final class TopicTail implements AutoCloseable {
    private static final Duration CATCH_UP_TIMEOUT = Duration.ofSeconds(30);

    private final String topic;
    private final KafkaConsumer<String, String> consumer;
    private final List<TopicPartition> partitions;
    private final List<ConsumerRecord<String, String>> records = new ArrayList<>();
    private final Map<String, List<ConsumerRecord<String, String>>> byKey = new HashMap<>();

    public TopicTail(String topic) {
        this(topic, KafkaBroker.bootstrapServers());
    }

    public TopicTail(String topic, String bootstrapServers) {
        this(topic, withServers(bootstrapServers));
    }

    /** Read with these client settings (bootstrap servers, and SASL where the brokers require it). */
    public TopicTail(String topic, Map<String, Object> clientProperties) {
        this.topic = topic;
        Map<String, Object> props = new HashMap<>(clientProperties);
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        props.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 5000);
        props.put(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, 50);
        this.consumer = new KafkaConsumer<>(props, new StringDeserializer(), new StringDeserializer());
        List<PartitionInfo> infos = consumer.partitionsFor(topic, Duration.ofSeconds(10));
        if (infos == null || infos.isEmpty()) {
            consumer.close();
            throw new IllegalStateException("topic " + topic + " does not exist");
        }
        this.partitions = infos.stream().map(p -> new TopicPartition(topic, p.partition()))
                .sorted(Comparator.comparingInt(TopicPartition::partition)).toList();
        consumer.assign(partitions);
        consumer.seekToBeginning(partitions);
    }

    private static Map<String, Object> withServers(String bootstrapServers) {
        Map<String, Object> props = KafkaBroker.clientProperties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        return props;
    }

    /** Reads what was committed since the last call, up to the current end of every partition; returns it. */
    public List<ConsumerRecord<String, String>> catchUp() {
        Map<TopicPartition, Long> end = consumer.endOffsets(partitions, Duration.ofSeconds(10));
        List<ConsumerRecord<String, String>> fresh = new ArrayList<>();
        long deadline = System.nanoTime() + CATCH_UP_TIMEOUT.toNanos();
        while (!reached(end)) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("could not read " + topic + " up to " + end + " within "
                        + CATCH_UP_TIMEOUT.toSeconds() + " s");
            }
            for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(100))) {
                fresh.add(r);
                records.add(r);
                byKey.computeIfAbsent(r.key(), k -> new ArrayList<>()).add(r);
            }
        }
        return fresh;
    }

    private boolean reached(Map<TopicPartition, Long> end) {
        for (TopicPartition tp : partitions) {
            if (consumer.position(tp, Duration.ofSeconds(10)) < end.getOrDefault(tp, 0L)) {
                return false;
            }
        }
        return true;
    }

    /** Every record read so far, partition by partition in the order read. */
    public List<ConsumerRecord<String, String>> records() {
        return records;
    }

    /** The records read so far with this key, in offset order (one key lives on one partition). */
    public List<ConsumerRecord<String, String>> forKey(String key) {
        return byKey.getOrDefault(key, List.of());
    }

    /** The last record read so far with this key, or null. */
    public ConsumerRecord<String, String> lastForKey(String key) {
        List<ConsumerRecord<String, String>> list = forKey(key);
        return list.isEmpty() ? null : list.get(list.size() - 1);
    }

    public String topic() {
        return topic;
    }

    @Override
    public void close() {
        consumer.close(Duration.ofSeconds(5));
    }
}
