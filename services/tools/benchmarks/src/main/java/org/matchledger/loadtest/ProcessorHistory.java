package org.matchledger.loadtest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.matchledger.core.event.Discipline;
import org.matchledger.core.json.Json;
import org.matchledger.kafka.KafkaSecurity;
import org.matchledger.kafka.Topics;
import org.matchledger.sim.MatchPlayer;
import org.matchledger.sim.SimProfile;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * The history of {@code deploy/bin/bench-recovery}'s processor part: a league's {@code table-events}, as the gateway
 * writes them, for the rules processor to judge. Whole matches played to the end by the simulator's
 * {@link MatchPlayer} (all four disciplines, a realistic table: now and then a ruling, a correction, a re-sent event),
 * with log times spread over the five days before the correction window (so that the processor closes each of them
 * as its stream time passes), then {@code live} matches in progress: their first {@code live-events} events, played
 * within the last half hour. Not in transactions (a commit marker would carry the broker's time, not the log time).
 *
 * <pre>ProcessorHistory --bootstrap HOST:PORT --events N [--from-match K] [--live 200] [--live-events 40] [--run ID]</pre>
 * Writes finished matches K, K+1, … until N events (from K: a second call tops the history up; the history's size is
 * counted in events sent, duplicates and rejected ones included). Prints {@code RESULT history-events <n> events}
 * and {@code RESULT history-next-match <m>} (the K of the next call).
 *
 * <p>{@link #player} makes the same match again for a seed, so that {@link JudgingProbe} can send a live match's
 * next event.
 */
public final class ProcessorHistory {
    static final Duration CORRECTION_WINDOW = Duration.ofHours(24);

    private ProcessorHistory() {
    }

    /** Match {@code id} of a history: the same events for the same id. */
    static MatchPlayer player(String id, int index) {
        Discipline d = Discipline.values()[index % Discipline.values().length];
        int raceTo = switch (d) {
            case STRAIGHT_POOL -> 40;
            case NINE_BALL -> 7;
            default -> 5;
        };
        return new MatchPlayer(id, d, raceTo, "T" + (index % 100), id.hashCode() * 31L + index, SimProfile.REALISTIC);
    }

    static String liveId(String run, int m) {
        return run + "-live" + m;
    }

    public static void main(String[] args) {
        Args o = Args.parse(args);
        String bootstrap = o.bootstrap();
        long events = o.longInteger("events", 100000);
        int fromMatch = o.integer("from-match", 0);
        int live = o.integer("live", 200);
        int liveEvents = o.integer("live-events", 40);
        long already = o.longInteger("already", 0);
        String run = o.text("run", "h");
        long now = System.currentTimeMillis();
        // Finished matches start between 6 and 1 day(s) before the window; about 200 events each, 30 s apart.
        long windowStart = now - CORRECTION_WINDOW.toMillis();
        long span = Duration.ofDays(5).toMillis();
        long expectedMatches = Math.max(1, events / 200);
        long written = already;
        int m = fromMatch;
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(producerConfig(bootstrap))) {
            while (written < events) {
                String id = run + "-f" + m;
                long start = windowStart - Duration.ofDays(1).toMillis() - span + span * Math.min(m, expectedMatches) / expectedMatches;
                MatchPlayer p = player(id, m);
                ObjectNode e;
                long at = start;
                while ((e = p.next()) != null) {
                    at += 30_000L;
                    producer.send(new ProducerRecord<>(Topics.TABLE_EVENTS, null, at, id, Json.write(e)));
                    written++;
                }
                m++;
            }
            for (int l = 0; l < live; l++) {
                String id = liveId(run, l);
                MatchPlayer p = player(id, l);
                long at = now - Duration.ofMinutes(30).toMillis();
                for (int i = 0; i < liveEvents; i++) {
                    ObjectNode e = p.next();
                    at += 1_000L;
                    producer.send(new ProducerRecord<>(Topics.TABLE_EVENTS, null, at, id, Json.write(e)));
                }
            }
            producer.flush();
        }
        System.out.printf("RESULT history-events %d events (finished matches %d–%d, %d live)%n", written, fromMatch, m - 1, live);
        System.out.printf("RESULT history-next-match %d%n", m);
    }

    static Map<String, Object> producerConfig(String bootstrap) {
        Map<String, Object> p = new HashMap<>(KafkaSecurity.fromEnvironment());
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.LINGER_MS_CONFIG, 20);
        p.put(ProducerConfig.BATCH_SIZE_CONFIG, 256 * 1024);
        p.put(ProducerConfig.COMPRESSION_TYPE_CONFIG, "lz4");
        return p;
    }
}
