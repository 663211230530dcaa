package org.matchledger.loadtest;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.matchledger.kafka.KafkaSecurity;
import org.matchledger.kafka.Topics;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * The history of {@code deploy/bin/bench-recovery}'s scoreboard part: what the rules processor writes for a league,
 * produced straight onto {@code match-rulings} and {@code match-views} with explicit log times. Finished matches of
 * {@code perMatch} events each (one ruling per event), spread over the six days before the rulings window (inside
 * the 7 days of {@code match-rulings}' retention), each with its latest view only (what compaction leaves of
 * {@code match-views}); then {@code live} matches in progress, played within the last half hour. Not in
 * transactions: a commit marker carries the broker's time, so a history with past log times written in transactions
 * now would put every marker inside the window; the processor writes records and markers at the same time.
 *
 * <pre>RecoveryHistory --bootstrap HOST:PORT --events N [--from-match K] [--per-match 200] [--live 200] [--run ID]</pre>
 * Writes finished matches K, K+1, … until N events (from K: a second call tops a history up). Prints
 * {@code RESULT history-events <n> events}.
 */
public final class RecoveryHistory {
    private RecoveryHistory() {
    }

    public static void main(String[] args) {
        Args o = Args.parse(args);
        String bootstrap = o.bootstrap();
        long events = o.longInteger("events", 100000);
        int perMatch = o.integer("per-match", 200);
        int live = o.integer("live", 200);
        int fromMatch = o.integer("from-match", 0);
        String run = o.text("run", "h");
        Map<String, Object> p = new HashMap<>(KafkaSecurity.fromEnvironment());
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.LINGER_MS_CONFIG, 20);
        p.put(ProducerConfig.BATCH_SIZE_CONFIG, 256 * 1024);
        p.put(ProducerConfig.COMPRESSION_TYPE_CONFIG, "lz4");
        long now = System.currentTimeMillis();
        long windowStart = now - Duration.ofHours(24).toMillis();
        long span = Duration.ofDays(5).toMillis(); // matches finished between 6 and 1 day(s) before the window
        long written = 0;
        int matches = (int) (events / perMatch);
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(p)) {
            for (int m = fromMatch; m < matches; m++) {
                String id = run + "-f" + m;
                long start = windowStart - Duration.ofDays(1).toMillis() - span + span * m / Math.max(1, matches);
                for (int seq = 1; seq <= perMatch; seq++) {
                    long at = start + seq * 30_000L; // an event every 30 s
                    rulingOf(producer, id, seq, at, seq == perMatch ? "MATCH_WON" : "CONTINUE");
                    written++;
                }
                producer.send(new ProducerRecord<>(Topics.MATCH_VIEWS, null, start + perMatch * 30_000L, id,
                        view(id, "FINISHED", perMatch)));
            }
            for (int m = 0; m < live; m++) {
                String id = run + "-live" + m;
                for (int seq = 1; seq <= perMatch / 2; seq++) {
                    long at = now - Duration.ofMinutes(30).toMillis() + seq * 1000L;
                    rulingOf(producer, id, seq, at, "CONTINUE");
                    producer.send(new ProducerRecord<>(Topics.MATCH_VIEWS, null, at, id, view(id, "IN_PROGRESS", seq)));
                }
            }
            producer.flush();
        }
        System.out.printf("RESULT history-events %d events (finished matches %d–%d, %d live)%n", written, fromMatch,
                matches - 1, live);
    }

    private static void rulingOf(KafkaProducer<String, String> producer, String id, int seq, long at, String kind) {
        String json = "{\"matchId\":\"" + id + "\",\"seq\":" + seq + ",\"eventId\":\"" + id + "-e" + seq
                + "\",\"n\":0,\"kind\":\"" + kind + "\",\"player\":\"p" + (seq % 2 + 1) + "\",\"rule\":\"6.2\"}";
        ProducerRecord<String, String> r = new ProducerRecord<>(Topics.MATCH_RULINGS, null, at, id, json);
        r.headers().add("ledger-rulings-of-event", "1".getBytes(StandardCharsets.UTF_8));
        producer.send(r);
    }

    /** A 9-ball view as the processor writes it (docs/view.md). */
    private static String view(String id, String status, int lastSeq) {
        return "{\"matchId\":\"" + id + "\",\"discipline\":\"NINE_BALL\",\"status\":\"" + status + "\",\"raceTo\":9,"
                + "\"breakFormat\":\"ALTERNATE\",\"tableId\":\"T-" + id + "\",\"rack\":3,\"players\":["
                + "{\"id\":\"p1\",\"name\":\"Ann\",\"score\":" + ("FINISHED".equals(status) ? 9 : 2) + ",\"consecutiveFouls\":0,"
                + "\"onTwoFouls\":false,\"group\":null,\"innings\":12,\"currentRun\":0,\"highRun\":0},"
                + "{\"id\":\"p2\",\"name\":\"Bob\",\"score\":1,\"consecutiveFouls\":0,\"onTwoFouls\":false,\"group\":null,"
                + "\"innings\":11,\"currentRun\":0,\"highRun\":0}],\"breaker\":\"p1\",\"atTable\":\"p1\","
                + "\"nextShotIsBreak\":false,\"cueBall\":\"IN_POSITION\",\"freeShot\":false,\"pushOutAvailable\":false,"
                + "\"tableOpen\":false,\"ballsOnTable\":[4,9],\"pendingOption\":null,\"stalemate\":null,\"winner\":"
                + ("FINISHED".equals(status) ? "\"p1\"" : "null") + ",\"lastSeq\":" + lastSeq + "}";
    }
}
