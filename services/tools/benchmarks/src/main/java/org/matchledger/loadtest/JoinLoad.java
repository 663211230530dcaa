package org.matchledger.loadtest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.matchledger.core.json.Json;
import org.matchledger.kafka.Topics;
import org.matchledger.sim.MatchPlayer;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Judging while the processor's instances change: sends events of {@code matches} new matches at a steady
 * {@code rate} onto {@code table-events} for {@code seconds}, and reads {@code match-rulings} (read committed) for
 * each event's first ruling. Meanwhile {@code deploy/bin/bench-recovery} starts a second processor instance, which
 * takes half of the partitions. Prints, per second, what was sent and judged and the slowest event of that second,
 * then the longest time any event waited for its ruling ({@code RESULT join-max-wait}), its 99th percentile and the
 * events never judged (there must be none).
 *
 * <pre>JoinLoad --bootstrap HOST:PORT --run ID [--matches 100] [--rate 200] [--seconds 60]</pre>
 */
public final class JoinLoad {
    private JoinLoad() {
    }

    public static void main(String[] args) throws Exception {
        Args o = Args.parse(args);
        String bootstrap = o.bootstrap();
        String run = o.text("run", "j");
        int matches = o.integer("matches", 100);
        int rate = o.integer("rate", 200);
        int seconds = o.integer("seconds", 60);

        Map<String, Long> sentAt = new ConcurrentHashMap<>();
        Map<String, Long> waited = new ConcurrentHashMap<>();
        AtomicBoolean reading = new AtomicBoolean(true);
        KafkaConsumer<String, String> rulings = new KafkaConsumer<>(JudgingProbe.consumerConfig(bootstrap));
        List<TopicPartition> parts = rulings.partitionsFor(Topics.MATCH_RULINGS).stream()
                .map(i -> new TopicPartition(i.topic(), i.partition())).toList();
        rulings.assign(parts);
        rulings.seekToEnd(parts);
        parts.forEach(rulings::position);
        Thread reader = new Thread(() -> {
            try (rulings) {
                while (reading.get()) {
                    for (ConsumerRecord<String, String> r : rulings.poll(Duration.ofMillis(20))) {
                        long now = System.currentTimeMillis();
                        String eventId = eventIdOf(r.value());
                        Long t = eventId == null ? null : sentAt.get(eventId);
                        if (t != null) {
                            waited.putIfAbsent(eventId, now - t);
                        }
                    }
                }
            }
        }, "rulings-reader");
        reader.start();

        List<MatchPlayer> players = new ArrayList<>();
        int next = 0;
        for (; next < matches; next++) {
            players.add(ProcessorHistory.player(run + "-j" + next, next));
        }
        long intervalNanos = 1_000_000_000L / rate;
        long start = System.nanoTime();
        long total = (long) rate * seconds;
        List<Long> perSecondMax = new ArrayList<>();
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(ProcessorHistory.producerConfig(bootstrap))) {
            for (long i = 0; i < total; i++) {
                long due = start + i * intervalNanos;
                long sleep = due - System.nanoTime();
                if (sleep > 0) {
                    Thread.sleep(sleep / 1_000_000, (int) (sleep % 1_000_000));
                }
                int slot = (int) (i % matches);
                ObjectNode e = players.get(slot).next();
                if (e == null) { // finished: a new match at that table
                    players.set(slot, ProcessorHistory.player(run + "-j" + next, next));
                    next++;
                    e = players.get(slot).next();
                }
                String eventId = e.get("id").textValue();
                sentAt.putIfAbsent(eventId, System.currentTimeMillis());
                producer.send(new ProducerRecord<>(Topics.TABLE_EVENTS, players.get(slot).matchId(), Json.write(e)));
                if ((i + 1) % rate == 0) {
                    long sec = (i + 1) / rate;
                    long now = System.currentTimeMillis();
                    long slowest = 0;
                    long outstanding = 0;
                    for (Map.Entry<String, Long> s : sentAt.entrySet()) {
                        Long w = waited.get(s.getKey());
                        long wait = w != null ? w : now - s.getValue();
                        if (w == null) {
                            outstanding++;
                        }
                        slowest = Math.max(slowest, wait);
                    }
                    perSecondMax.add(slowest);
                    System.out.printf("t=%3ds sent %d judged %d waiting %d slowest so far %d ms%n", sec, sentAt.size(),
                            waited.size(), outstanding, slowest);
                }
            }
            producer.flush();
        }
        long deadline = System.currentTimeMillis() + 30_000;
        while (waited.size() < sentAt.size() && System.currentTimeMillis() < deadline) {
            Thread.sleep(100);
        }
        reading.set(false);
        reader.join();
        List<Long> waits = new ArrayList<>(waited.values());
        waits.sort(Long::compare);
        long max = waits.isEmpty() ? -1 : waits.get(waits.size() - 1);
        long p99 = waits.isEmpty() ? -1 : waits.get((int) Math.min(waits.size() - 1, Math.ceil(waits.size() * 0.99) - 1));
        long p50 = waits.isEmpty() ? -1 : waits.get(waits.size() / 2);
        System.out.printf("RESULT join-max-wait %d ms%n", max);
        System.out.printf("RESULT join-p99-wait %d ms%n", p99);
        System.out.printf("RESULT join-p50-wait %d ms%n", p50);
        System.out.printf("RESULT join-events-sent %d events%n", sentAt.size());
        System.out.printf("RESULT join-events-never-judged %d events%n", sentAt.size() - waited.size());
    }

    private static String eventIdOf(String ruling) {
        try {
            JsonNode n = Json.read(ruling);
            return n.path("eventId").asText(null);
        } catch (Exception e) {
            return null;
        }
    }
}
