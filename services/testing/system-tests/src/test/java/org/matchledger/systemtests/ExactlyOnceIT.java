package org.matchledger.systemtests;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.matchledger.core.event.Discipline;
import org.matchledger.core.json.Json;
import org.matchledger.testsupport.KafkaBroker;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Exactly once through restarts, a crash and rebalances: while several table clients post the events of 40 matches,
 * the rules processor is stopped and started again at random moments, a second instance joins the group for a while
 * (the two split the partitions) and then the first one leaves (the other takes over), and finally the processor is
 * killed outright. Afterwards every ruling of every event is on {@code match-rulings} exactly once, every rejection on
 * {@code table-events-rejected} exactly once, and every final view is the replay tool's view of the match's events.
 */
class ExactlyOnceIT {
    static final String GROUP = PipelineIT.GROUP;
    static final String RUN = Long.toString(System.currentTimeMillis() % 46_656_000L, 36);
    static final int MATCHES_PER_DISCIPLINE = 10;
    static final int TABLE_THREADS = 4;
    /** Posting is paced over this long, so that the processor changes happen while events stream in. */
    static final Duration POSTING = Duration.ofSeconds(40);
    static final Duration SETTLE_TIMEOUT = Duration.ofSeconds(90);

    private final List<ServiceProcess> services = new ArrayList<>();
    private final List<String> timeline = new ArrayList<>();
    private long t0;

    @AfterEach
    void stopAll() {
        services.forEach(ServiceProcess::stop);
        System.out.println("ExactlyOnceIT timeline:\n  " + String.join("\n  ", timeline));
    }

    @Test
    void everyEventIsJudgedExactlyOnceThroughRestartsACrashAndRebalances() throws Exception {
        Awaitility.pollInSameThread();
        long seed = Long.getLong("systemtests.seed", new Random().nextLong());
        Random rnd = new Random(seed);
        String servers = KafkaBroker.bootstrapServers();
        t0 = System.nanoTime();

        List<SimMatch> matches = new ArrayList<>();
        for (Discipline d : Discipline.values()) {
            for (int i = 0; i < MATCHES_PER_DISCIPLINE; i++) {
                String id = "eo-" + RUN + "-" + d.name().toLowerCase().replace("_", "") + "-" + i;
                SimMatch m = SimMatch.play(id, d, SimMatch.raceTo(d, 3), rnd.nextLong());
                matches.add(i % 3 == 0 ? withAGap(m, rnd) : m);
            }
        }
        int total = matches.stream().mapToInt(m -> m.events().size()).sum();
        note("%d matches, %d events, seed %d (rerun with -Dsystemtests.seed=%d)", matches.size(), total, seed, seed);

        ExecutorService starter = Executors.newFixedThreadPool(2);
        Future<ServiceProcess> g = starter.submit(() -> ServiceProcess.gateway(servers));
        Future<ServiceProcess> p = starter.submit(() -> processor(servers));
        ServiceProcess gateway = track(g.get(90, TimeUnit.SECONDS));
        ServiceProcess first = track(p.get(90, TimeUnit.SECONDS));
        starter.shutdown();
        note("gateway %s and processor %s ready", gateway, first);
        GatewayClient client = new GatewayClient(gateway);

        // Table clients: each thread owns 10 matches and posts their events in order (each post answered before the
        // match's next one), one event or a batch of up to 6 at a time, paced over POSTING.
        AtomicInteger posted = new AtomicInteger();
        // The next processor change happens before the clients get past this many events: every change meets traffic.
        double[] at = {0.08 + 0.07 * rnd.nextDouble(), 0.25 + 0.10 * rnd.nextDouble(), 0.55 + 0.10 * rnd.nextDouble(),
                0.78 + 0.10 * rnd.nextDouble()};
        AtomicInteger allowed = new AtomicInteger(gate(at[0], total));
        ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
        ExecutorService tables = Executors.newFixedThreadPool(TABLE_THREADS);
        List<Future<?>> clients = new ArrayList<>();
        long postingStart = System.nanoTime();
        for (int t = 0; t < TABLE_THREADS; t++) {
            List<SimMatch> mine = new ArrayList<>();
            for (int i = t; i < matches.size(); i += TABLE_THREADS) {
                mine.add(matches.get(i));
            }
            long clientSeed = rnd.nextLong();
            clients.add(tables.submit(() -> postPaced(client, mine, new Random(clientSeed), postingStart, posted, allowed, failures)));
        }
        tables.shutdown();

        // Meanwhile, at random moments: restart, a second instance that splits the partitions, a takeover, a restart,
        // a crash.
        Predicate<Double> reached = fraction -> posted.get() >= fraction * total || tables.isTerminated();
        awaitProgress(reached, at[0]);
        allowed.set(gate(at[1], total));
        note("SIGTERM %s at %d/%d events", first, posted.get(), total);
        first.stop();
        note("  stopped in %d ms%s", first.lastStopTook().toMillis(), first.lastStopNeededKill() ? " (had to be KILLED)" : "");
        ServiceProcess second = track(processor(servers));
        note("restart #1: %s ready at %d/%d events", second, posted.get(), total);

        awaitProgress(reached, at[1]);
        allowed.set(gate(at[2], total));
        ServiceProcess third = track(processor(servers));
        note("second instance %s ready at %d/%d events", third, posted.get(), total);
        List<Set<Integer>> split = await("two processors in group " + GROUP + " sharing the 4 partitions")
                .atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(250))
                .until(() -> KafkaState.assignments(GROUP, "table-events"),
                        m -> m.size() == 2 && m.stream().noneMatch(Set::isEmpty) && union(m).size() == 4);
        note("  the group splits the partitions: %s", split);
        ServiceProcess.sleep(2000 + rnd.nextInt(3000));
        note("SIGTERM %s (the other instance takes over) at %d/%d events", second, posted.get(), total);
        second.stop();
        note("  stopped in %d ms%s", second.lastStopTook().toMillis(), second.lastStopNeededKill() ? " (had to be KILLED)" : "");
        List<Set<Integer>> takeover = await("one processor left with all 4 partitions").atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(250))
                .until(() -> KafkaState.assignments(GROUP, "table-events"), m -> m.size() == 1 && m.get(0).size() == 4);
        note("  %s has %s", third, takeover);

        awaitProgress(reached, at[2]);
        allowed.set(gate(at[3], total));
        note("SIGTERM %s at %d/%d events", third, posted.get(), total);
        third.stop();
        note("  stopped in %d ms%s", third.lastStopTook().toMillis(), third.lastStopNeededKill() ? " (had to be KILLED)" : "");
        ServiceProcess fourth = track(processor(servers));
        note("restart #2: %s ready at %d/%d events", fourth, posted.get(), total);

        ServiceProcess.sleep(1500 + rnd.nextInt(1500));
        awaitProgress(reached, at[3]);
        note("SIGKILL %s at %d/%d events", fourth, posted.get(), total);
        fourth.kill();
        allowed.set(total);
        ServiceProcess fifth = track(processor(servers));
        note("after the crash: %s ready at %d/%d events", fifth, posted.get(), total);

        for (Future<?> c : clients) {
            c.get(120, TimeUnit.SECONDS);
        }
        note("all %d events posted (%d)", total, posted.get());
        assertTrue(failures.isEmpty(), "posts that were not accepted:\n  " + String.join("\n  ", failures));

        try (LedgerTopics ledger = new LedgerTopics(SETTLE_TIMEOUT)) {
            ledger.events.catchUp();
            List<ReplayedMatch> expected = new ArrayList<>();
            for (SimMatch m : matches) {
                List<ConsumerRecord<String, String>> logged = ledger.events.forKey(m.matchId());
                assertEquals(m.events().size(), logged.size(), m.matchId() + ": events on table-events");
                for (int i = 0; i < logged.size(); i++) {
                    assertTrue(ReplayedMatch.sameJson(ReplayedMatch.read(Json.write(m.events().get(i))),
                            ReplayedMatch.read(logged.get(i).value())), m.matchId() + ": event #" + i + " on table-events");
                }
                expected.add(ledger.replayFromLog(m.matchId()));
            }

            ledger.awaitFinalViews(expected);
            note("every final view on match-views");
            for (ReplayedMatch e : expected) {
                e.assertView(ledger.latestView(e.matchId()));
            }

            ledger.awaitRulingCounts(expected);
            // Whatever was still to come would show up as a duplicate: give a late transaction a moment.
            ServiceProcess.sleep(1000);
            ledger.rulings.catchUp();
            ledger.rejected.catchUp();
            int rulings = 0;
            int rejections = 0;
            for (ReplayedMatch e : expected) {
                List<ReplayedMatch.Ruled> actual = ReplayedMatch.ruled(ledger.rulings.forKey(e.matchId()));
                e.assertRulings(actual);
                rulings += actual.size();
                rejections += assertRejectionsOnce(e, ledger.rejected.forKey(e.matchId()));
            }
            note("%d rulings and %d rejections, each exactly once", rulings, rejections);
            long gaps = matches.stream().flatMap(m -> m.events().stream()).filter(ev -> ev.get("seq").intValue() == 10_000).count();
            assertTrue(rejections >= gaps, rejections + " rejections, " + gaps + " events with a seq gap were posted");
        }
        for (ServiceProcess s : services) {
            if (s.name().equals("rules-processor")) {
                long aborted = s.logText().lines()
                        .filter(l -> l.contains("TaskCorruptedException") || l.contains("ProducerFencedException")).count();
                note("%s: %d aborted transaction(s) logged", s, aborted);
            }
        }
    }

    /** The match with one more event somewhere: one whose seq skips ahead, which the processor rejects. */
    private static SimMatch withAGap(SimMatch m, Random rnd) {
        List<ObjectNode> events = new ArrayList<>(m.events());
        int k = 2 + rnd.nextInt(events.size() - 2);
        ObjectNode gap = events.get(k).deepCopy();
        gap.put("id", gap.get("id").textValue() + "-gap").put("seq", 10_000);
        events.add(k, gap);
        return new SimMatch(m.matchId(), m.discipline(), m.seed(), List.copyOf(events));
    }

    /** Each event the processor rejected (not a re-judged one) is on table-events-rejected exactly once. */
    private static int assertRejectionsOnce(ReplayedMatch e, List<ConsumerRecord<String, String>> records) {
        List<String> expected = e.rulings().stream().map(ReplayedMatch.Ruled::ruling)
                .filter(r -> "EVENT_REJECTED".equals(r.get("kind").textValue()) && !r.hasNonNull("rejudges"))
                .map(r -> r.get("eventId").textValue() + " " + r.get("reason").textValue()).toList();
        List<String> actual = new ArrayList<>();
        Set<Long> offsets = new HashSet<>();
        for (ConsumerRecord<String, String> r : records) {
            JsonNode v = ReplayedMatch.read(r.value());
            if (v.has("event")) { // the processor's (the gateway's carry "source": "table-gateway" and no offset)
                actual.add(v.get("event").get("id").textValue() + " " + v.get("reason").textValue());
                assertTrue(offsets.add(v.get("offset").longValue()), e.matchId() + ": rejected twice: " + v);
            }
        }
        assertEquals(expected, actual, e.matchId() + ": rejections on table-events-rejected");
        return actual.size();
    }

    private static void postPaced(GatewayClient client, List<SimMatch> mine, Random rnd, long start,
                                  AtomicInteger posted, AtomicInteger allowed, ConcurrentLinkedQueue<String> failures) {
        int myTotal = mine.stream().mapToInt(m -> m.events().size()).sum();
        int[] next = new int[mine.size()];
        int done = 0;
        while (done < myTotal) {
            int i = rnd.nextInt(mine.size());
            while (next[i] >= mine.get(i).events().size()) {
                i = (i + 1) % mine.size();
            }
            while (posted.get() >= allowed.get()) {
                ServiceProcess.sleep(20);
            }
            SimMatch m = mine.get(i);
            int n = Math.min(rnd.nextInt(3) == 0 ? 1 : 1 + rnd.nextInt(6), m.events().size() - next[i]);
            List<ObjectNode> chunk = m.events().subList(next[i], next[i] + n);
            GatewayClient.Answer a;
            try {
                a = n == 1 ? client.postOne(m.matchId(), chunk.get(0)) : client.postBatch(m.matchId(), chunk);
            } catch (RuntimeException e) {
                failures.add(m.matchId() + " events " + next[i] + "..: " + e);
                return;
            }
            if (a.status() != 202) {
                failures.add(m.matchId() + " events " + next[i] + "..: " + a);
                return;
            }
            next[i] += n;
            done += n;
            posted.addAndGet(n);
            long due = start + POSTING.toNanos() * done / myTotal;
            long wait = due - System.nanoTime();
            if (wait > 0) {
                ServiceProcess.sleep(TimeUnit.NANOSECONDS.toMillis(wait));
            }
        }
    }

    /** A processor of the test's group, with timeouts short enough for a crash to be recovered in seconds. */
    private static ServiceProcess processor(String servers) {
        Map<String, String> props = ServiceProcess.serviceProperties(servers);
        props.put("quarkus.kafka-streams.application-id", GROUP);
        // A killed instance leaves the group after 6 s instead of 10 s, and its open transaction is aborted after
        // 10 s (Kafka Streams' default under exactly_once_v2; until then it holds back read_committed readers).
        props.put("kafka-streams.session.timeout.ms", "6000");
        props.put("kafka-streams.heartbeat.interval.ms", "1000");
        props.put("kafka-streams.producer.transaction.timeout.ms", "10000");
        return ServiceProcess.start("rules-processor", ServiceProcess.jar(ServiceProcess.PROCESSOR_JAR), props);
    }

    private ServiceProcess track(ServiceProcess s) {
        services.add(s);
        return s;
    }

    private static void awaitProgress(Predicate<Double> reached, double fraction) {
        await("posting progress " + Math.round(fraction * 100) + "%").atMost(Duration.ofSeconds(120))
                .pollInterval(Duration.ofMillis(50)).until(() -> reached.test(fraction));
    }

    private static int gate(double fraction, int total) {
        return (int) Math.min(total, Math.round((fraction + 0.08) * total));
    }

    private static Set<Integer> union(List<Set<Integer>> sets) {
        Set<Integer> all = new HashSet<>();
        sets.forEach(all::addAll);
        return all;
    }

    private void note(String format, Object... args) {
        String line = String.format("%6.1f s  ", (System.nanoTime() - t0) / 1e9) + String.format(format, args);
        timeline.add(line);
        System.out.println("ExactlyOnceIT " + line);
    }
}
