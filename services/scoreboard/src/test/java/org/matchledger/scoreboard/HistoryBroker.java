package org.matchledger.scoreboard;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.matchledger.core.json.Json;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.matchledger.kafka.TopicSetup;
import org.matchledger.kafka.Topics;
import org.matchledger.testsupport.InProcessBroker;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * A broker of its own (test-support's {@link InProcessBroker}, so that no other test's records sit in its log) holding
 * a history written <i>before</i> the scoreboard starts, with log times set explicitly: matches that finished
 * {@link #OLD} ago, longer than the window ({@link #WINDOW}), beside matches still played or finished within the
 * window. Its topics are set up by ledger-kafka's {@code TopicSetup} over a {@code match-rulings} created as an older
 * version did (kept for ever).
 */
public class HistoryBroker implements QuarkusTestResourceLifecycleManager {
    static final Duration WINDOW = Duration.ofHours(1);
    static final Duration OLD = Duration.ofHours(3);
    /** Finished long before the window. */
    static final int OLD_FINISHED = 40;
    static final String RUN = Long.toString(System.nanoTime(), 36);

    static String oldFinished(int i) {
        return "hist-" + RUN + "-old-" + i;
    }

    /** In progress, its last event {@link #OLD} ago. */
    static final String IDLE = "hist-" + RUN + "-idle";
    /** In progress: seqs 1–2 {@link #OLD} ago, 3–4 ten minutes ago, then a notice. */
    static final String LIVE = "hist-" + RUN + "-live";
    /** Finished twenty minutes ago, within the window. */
    static final String RECENT = "hist-" + RUN + "-recent";
    /** Finished long ago and closed within the window. */
    static final String CLOSED = "hist-" + RUN + "-closed";
    /** Finished and closed long before the window. */
    static final String CLOSED_OLD = "hist-" + RUN + "-closed-old";

    private InProcessBroker broker;

    @Override
    public Map<String, String> start() {
        broker = InProcessBroker.start("rulings-window");
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers()))) {
            admin.createTopics(List.of(new NewTopic(Topics.MATCH_RULINGS, 2, (short) 1).configs(Map.of("retention.ms", "-1"))))
                    .all().get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        TopicSetup.ensure(broker.bootstrapServers(), 2, (short) 1);
        long now = System.currentTimeMillis();
        long old = now - OLD.toMillis();
        // Not in transactions: a transaction's commit marker carries the broker's time (now), and offsetsForTimes finds
        // markers too, so old records written in transactions now would all lie after the "first record of the window".
        // A processor writes its records and markers at the same time, where this does not arise.
        try (Writer w = new Writer(broker.bootstrapServers(), Map.of(), false)) {
            for (int i = 0; i < OLD_FINISHED; i++) {
                finishedMatch(w, oldFinished(i), old);
            }
            w.write(old, List.of(LedgerWriter.ruling(IDLE, 1L, 0, "MATCH_OPENED")), List.of(LedgerWriter.view(IDLE, "T-idle", "AWAITING_LAG", 1, 0)));
            w.write(old, List.of(LedgerWriter.ruling(IDLE, 2L, 0, "LAG_WON"), LedgerWriter.ruling(IDLE, 2L, 1, "BREAK_ASSIGNED")),
                    List.of(LedgerWriter.view(IDLE, "T-idle", "IN_PROGRESS", 2, 0)));

            w.write(old, List.of(LedgerWriter.ruling(LIVE, 1L, 0, "MATCH_OPENED")), List.of(LedgerWriter.view(LIVE, "T-live", "AWAITING_LAG", 1, 0)));
            w.write(old, List.of(LedgerWriter.ruling(LIVE, 2L, 0, "LAG_WON"), LedgerWriter.ruling(LIVE, 2L, 1, "BREAK_ASSIGNED")),
                    List.of(LedgerWriter.view(LIVE, "T-live", "IN_PROGRESS", 2, 0)));
            long recent = now - Duration.ofMinutes(10).toMillis();
            w.write(recent, List.of(LedgerWriter.ruling(LIVE, 3L, 0, "CONTINUE")), List.of(LedgerWriter.view(LIVE, "T-live", "IN_PROGRESS", 3, 1)));
            w.write(recent, List.of(LedgerWriter.ruling(LIVE, 4L, 0, "FOUL"), LedgerWriter.ruling(LIVE, 4L, 1, "TURN")),
                    List.of(LedgerWriter.view(LIVE, "T-live", "IN_PROGRESS", 4, 1)));
            w.write(recent, List.of(LedgerWriter.ruling(LIVE, 4L, 0, "DUPLICATE")), List.of());

            finishedMatch(w, RECENT, now - Duration.ofMinutes(20).toMillis());

            finishedMatch(w, CLOSED, old);
            w.write(now - Duration.ofMinutes(5).toMillis(), List.of(closing(CLOSED)), List.of(closed(LedgerWriter.view(CLOSED, "T-closed", "FINISHED", 3, 7))));
            finishedMatch(w, CLOSED_OLD, old - Duration.ofHours(1).toMillis());
            w.write(old, List.of(closing(CLOSED_OLD)), List.of(closed(LedgerWriter.view(CLOSED_OLD, "T-closed-old", "FINISHED", 3, 7))));
        }
        Map<String, String> config = new HashMap<>();
        config.put("kafka.bootstrap.servers", broker.bootstrapServers());
        config.put("scoreboard.rulings-window", WINDOW.toSeconds() + "s");
        config.put("scoreboard.drop-interval", "1s");
        return config;
    }

    /** Seqs 1–3 at {@code at}: opened, lag, won (FINISHED, p1 7 racks). */
    static void finishedMatch(Writer w, String m, long at) {
        w.write(at, List.of(LedgerWriter.ruling(m, 1L, 0, "MATCH_OPENED")), List.of(LedgerWriter.view(m, "T-" + m, "AWAITING_LAG", 1, 0)));
        w.write(at, List.of(LedgerWriter.ruling(m, 2L, 0, "LAG_WON"), LedgerWriter.ruling(m, 2L, 1, "BREAK_ASSIGNED")),
                List.of(LedgerWriter.view(m, "T-" + m, "IN_PROGRESS", 2, 6)));
        w.write(at, List.of(LedgerWriter.ruling(m, 3L, 0, "MATCH_WON")), List.of(LedgerWriter.view(m, "T-" + m, "FINISHED", 3, 7)));
    }

    /** view.md: the MATCH_CLOSED ruling, at the match's last seq, of no event. */
    static ObjectNode closing(String m) {
        ObjectNode r = LedgerWriter.ruling(m, 3L, 0, "MATCH_CLOSED").put("detail", "PT24H");
        r.remove("eventId");
        return r;
    }

    static ObjectNode closed(ObjectNode view) {
        return view.put("closed", true);
    }

    @Override
    public void stop() {
        if (broker != null) {
            broker.close();
        }
    }

    /** What the processor writes, as the processor's Kafka user, with the log time given. */
    static final class Writer implements AutoCloseable {
        private final KafkaProducer<String, String> producer;

        private final boolean transactional;

        Writer(String bootstrapServers, Map<String, Object> user) {
            this(bootstrapServers, user, true);
        }

        Writer(String bootstrapServers, Map<String, Object> user, boolean transactional) {
            this.transactional = transactional;
            Map<String, Object> p = new HashMap<>(user);
            p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
            p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
            p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
            if (transactional) {
                p.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, "rules-processor-history-" + UUID.randomUUID());
            }
            p.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, 30_000);
            producer = new KafkaProducer<>(p);
            if (transactional) {
                producer.initTransactions();
            }
        }

        /** One transaction (or a flushed batch) at log time {@code at}: the rulings (header: how many their seq has), then the views. */
        void write(long at, List<ObjectNode> rulings, List<ObjectNode> views) {
            if (transactional) {
                producer.beginTransaction();
            }
            for (ObjectNode r : rulings) {
                String kind = r.get("kind").textValue();
                long count = kind.matches("EVENT_REJECTED|DUPLICATE|MATCH_CLOSED") ? 1
                        : rulings.stream().filter(o -> o.get("seq").equals(r.get("seq"))
                        && !o.get("kind").textValue().matches("EVENT_REJECTED|DUPLICATE|MATCH_CLOSED")).count();
                ProducerRecord<String, String> rec = new ProducerRecord<>("match-rulings", null, at,
                        r.get("matchId").textValue(), Json.write(r));
                rec.headers().add("ledger-rulings-of-event", Long.toString(count).getBytes(StandardCharsets.UTF_8));
                producer.send(rec);
            }
            for (ObjectNode v : views) {
                producer.send(new ProducerRecord<>("match-views", null, at, v.get("matchId").textValue(), Json.write(v)));
            }
            if (transactional) {
                producer.commitTransaction();
            } else {
                producer.flush();
            }
        }

        @Override
        public void close() {
            producer.close();
        }
    }
}
