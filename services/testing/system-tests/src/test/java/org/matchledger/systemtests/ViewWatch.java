package org.matchledger.systemtests;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.StringDeserializer;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * Follows {@code match-views} ({@code read_committed}) in a thread of its own and notes when each view was first
 * seen (System.nanoTime), so that an accepted event's ingest → view delay is the time from its 202 to the first view
 * of its match at its seq or later.
 */
final class ViewWatch implements AutoCloseable {
    private final KafkaConsumer<String, String> consumer;
    private final Thread thread;
    /** Match → (lastSeq → first seen). */
    private final Map<String, ConcurrentSkipListMap<Long, Long>> seen = new ConcurrentHashMap<>();
    private volatile boolean stopped;

    ViewWatch(Map<String, Object> clientProperties) {
        Map<String, Object> props = new HashMap<>(clientProperties);
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        props.put(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, 50);
        consumer = new KafkaConsumer<>(props, new StringDeserializer(), new StringDeserializer());
        List<TopicPartition> partitions = consumer.partitionsFor("match-views", Duration.ofSeconds(30)).stream()
                .map(p -> new TopicPartition(p.topic(), p.partition())).toList();
        consumer.assign(partitions);
        consumer.seekToBeginning(partitions);
        thread = new Thread(this::follow, "view-watch");
        thread.setDaemon(true);
        thread.start();
    }

    private void follow() {
        try {
            while (!stopped) {
                for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(200))) {
                    long now = System.nanoTime();
                    long lastSeq = ReplayedMatch.read(r.value()).path("lastSeq").asLong();
                    seen.computeIfAbsent(r.key(), k -> new ConcurrentSkipListMap<>()).putIfAbsent(lastSeq, now);
                }
            }
        } catch (WakeupException e) {
            // closing
        } catch (RuntimeException e) {
            if (!stopped) {
                System.getLogger(ViewWatch.class.getName()).log(System.Logger.Level.WARNING, "match-views follower stopped", e);
            }
        } finally {
            consumer.close(Duration.ofSeconds(5));
        }
    }

    /** When a view of {@code matchId} with lastSeq ≥ {@code seq} was first seen, if one has been. */
    OptionalLong firstSeenAtOrAfter(String matchId, long seq) {
        ConcurrentSkipListMap<Long, Long> views = seen.get(matchId);
        if (views == null) {
            return OptionalLong.empty();
        }
        return views.tailMap(seq, true).values().stream().mapToLong(Long::longValue).min();
    }

    @Override
    public void close() {
        stopped = true;
        consumer.wakeup();
        try {
            thread.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
