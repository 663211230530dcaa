package org.matchledger.systemtests;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.matchledger.core.event.Discipline;
import org.matchledger.core.event.EventParser;
import org.matchledger.core.event.ParseResult;
import org.matchledger.core.event.SafeText;
import org.matchledger.core.json.Json;
import org.matchledger.testsupport.KafkaBroker;
import org.matchledger.testsupport.PostgresDatabase;

import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Issue "no input stalls, bends or exhausts the ledger", end to end: the packaged gateway, processor, scoreboard and
 * audit trail on one real broker and a real PostgreSQL, hit by {@value #DEFAULT_POSTS} generated hostile posts
 * ({@link HostilePosts}, seeded: {@code -Dsystemtests.seed=N}) and hostile reads on every read endpoint while
 * ordinary simulated matches of all four disciplines are played alongside. Every answer is 4xx (or, for the few
 * well-formed events the rules reject, 202 and an {@code EVENT_REJECTED} ruling); nothing invalid reaches
 * {@code table-events}; the processor stays ready with a bounded heap; the ordinary matches end as the replay tool
 * folds them, and the audit trail records them consistently within a measured delay.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class HostileInputIT {
    static final String RUN = Long.toString(System.currentTimeMillis() % 46_656_000L, 36);
    static final int DEFAULT_POSTS = 10_000;
    static final int POSTS = Integer.getInteger("systemtests.hostile.posts", DEFAULT_POSTS);
    static final int READS = Integer.getInteger("systemtests.hostile.reads", 2_000);
    /** Client threads sending the hostile requests (the ordinary tables have two more). */
    static final int CLIENTS = 4;
    /** The processor's heap after a full GC, at most (its JVM runs with -Xmx384m here). */
    static final long HEAP_BOUND_BYTES = 64L * 1024 * 1024;
    /** From the last post to every ordinary match recorded and verified consistent by the audit trail, at most. */
    static final Duration AUDIT_DELAY_BOUND = Duration.ofSeconds(120);
    /**
     * The hostile client holds a valid token with every right (a director's): its posts and reads are refused for
     * what they carry, not for who sends them (who may post what is SecurityIT's and the gateway's PostingRightsTest).
     */
    static final String HOSTILE_TOKEN = org.matchledger.testsupport.TestTokens.forAccount("director");
    /** The audit trail is read as an auditor. */
    static final String AUDITOR_TOKEN = org.matchledger.testsupport.TestTokens.forAccount("auditor");
    /** The NUL case: from the normal match's last post to the audit trail's consistent verify, at most. */
    static final Duration NUL_AUDIT_DELAY_BOUND = Duration.ofSeconds(30);
    static final Duration TIMEOUT = Duration.ofSeconds(120);

    static ServiceProcess gateway;
    static ServiceProcess processor;
    static ServiceProcess scoreboard;
    static ServiceProcess audit;
    static GatewayClient client;
    static LedgerTopics ledger;

    @BeforeAll
    static void startServices() throws Exception {
        Awaitility.pollInSameThread();
        String servers = KafkaBroker.bootstrapServers();
        PostgresDatabase.Coordinates db = PostgresDatabase.database("hostile_it");
        ExecutorService starter = Executors.newFixedThreadPool(4);
        try {
            Future<ServiceProcess> g = starter.submit(() -> ServiceProcess.gateway(servers));
            Future<ServiceProcess> p = starter.submit(() -> ServiceProcess.processor(servers, "rules-processor"));
            Future<ServiceProcess> s = starter.submit(() -> ServiceProcess.scoreboard(servers, 0));
            Future<ServiceProcess> a = starter.submit(() -> ServiceProcess.auditTrail(servers, db.jdbcUrl(), db.user(), db.password()));
            gateway = g.get(180, TimeUnit.SECONDS);
            processor = p.get(180, TimeUnit.SECONDS);
            scoreboard = s.get(180, TimeUnit.SECONDS);
            audit = a.get(180, TimeUnit.SECONDS);
        } finally {
            starter.shutdownNow();
        }
        client = new GatewayClient(gateway);
        ledger = new LedgerTopics(TIMEOUT);
    }

    @AfterAll
    static void stopServices() {
        for (AutoCloseable c : new AutoCloseable[]{ledger, audit, scoreboard, processor, gateway}) {
            try {
                if (c != null) {
                    c.close();
                }
            } catch (Exception e) {
                // keep closing the others
            }
        }
    }

    /** What one hostile request got: its answer, or the exception that took the place of one. */
    record Outcome(HostilePosts.Request request, GatewayClient.Answer answer, RuntimeException failure) {
    }

    @Test
    @Order(1)
    void tenThousandHostilePosts_everyAnswer4xx_nothingInvalidLogged_processorReady_ordinaryMatchesAsReplayed()
            throws Exception {
        long seed = Long.getLong("systemtests.seed", new Random().nextLong());
        Random rnd = new Random(seed);
        System.out.printf("HostileInputIT: seed %d (-Dsystemtests.seed=%d replays this run)%n", seed, seed);

        // Ordinary matches, two per discipline; every event of the second of each carries forged attributes (its own
        // rulings, a view, a rulings count) that the ledger must ignore.
        List<SimMatch> ordinary = new ArrayList<>();
        Map<String, List<ObjectNode>> clean = new LinkedHashMap<>();
        for (Discipline d : Discipline.values()) {
            for (int i = 0; i < 2; i++) {
                String id = "ho-" + RUN + "-" + d.name().toLowerCase().replace("_", "") + "-" + i;
                SimMatch m = SimMatch.play(id, d, SimMatch.raceTo(d, 3), rnd.nextLong());
                clean.put(id, m.events());
                ordinary.add(i == 0 ? m : new SimMatch(id, d, m.seed(), m.events().stream().map(HostileInputIT::forged).toList()));
            }
        }
        HostilePosts hostile = new HostilePosts(seed, RUN, ordinary);
        hostile.checkTemplates();
        List<HostilePosts.Request> requests = new ArrayList<>(hostile.posts(POSTS));
        requests.addAll(hostile.reads(READS));
        Collections.shuffle(requests, new Random(seed));

        Map<Integer, Long> eventsBefore = KafkaState.endOffsets("table-events");
        Map<Integer, Long> rejectedBefore = KafkaState.endOffsets("table-events-rejected");
        long heapBefore = liveHeap(processor);
        ReadinessWatch watch = new ReadinessWatch(processor);

        // ---- the run: hostile clients and ordinary tables at once ----
        ConcurrentLinkedQueue<HostilePosts.Request> queue = new ConcurrentLinkedQueue<>(requests);
        List<Outcome> outcomes = Collections.synchronizedList(new ArrayList<>(requests.size()));
        AtomicInteger ordinaryEvents = new AtomicInteger();
        List<String> ordinaryProblems = Collections.synchronizedList(new ArrayList<>());
        ExecutorService pool = Executors.newFixedThreadPool(CLIENTS + 2);
        long t0 = System.nanoTime();
        long runMillis;
        try {
            List<Future<?>> tasks = new ArrayList<>();
            for (int c = 0; c < CLIENTS; c++) {
                tasks.add(pool.submit(() -> {
                    HostilePosts.Request r;
                    while ((r = queue.poll()) != null) {
                        outcomes.add(send(r));
                    }
                }));
            }
            for (int t = 0; t < 2; t++) {
                List<SimMatch> tables = ordinary.subList(t * ordinary.size() / 2, (t + 1) * ordinary.size() / 2);
                long tableSeed = rnd.nextLong();
                tasks.add(pool.submit(() -> playAlongside(tables, new Random(tableSeed), queue, ordinaryEvents, ordinaryProblems)));
            }
            for (Future<?> f : tasks) {
                f.get(10, TimeUnit.MINUTES);
            }
            runMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        } finally {
            pool.shutdownNow();
        }
        long postedAt = System.nanoTime();
        assertTrue(ordinaryProblems.isEmpty(), "ordinary posts not accepted:\n" + String.join("\n", ordinaryProblems));

        // ---- every answer 4xx (judged events 202), never 5xx, never a dropped connection ----
        Map<String, Integer> byStatus = new TreeMap<>();
        List<String> wrong = new ArrayList<>();
        int judgedEvents = 0;
        Map<String, Integer> judgedByMatch = new HashMap<>();
        List<String> judgedIds = new ArrayList<>();
        for (Outcome o : outcomes) {
            HostilePosts.Request r = o.request();
            if (o.failure() != null) {
                byStatus.merge("no answer", 1, Integer::sum);
                wrong.add("no answer (" + o.failure() + "): " + r);
                continue;
            }
            int status = o.answer().status();
            byStatus.merge(Integer.toString(status), 1, Integer::sum);
            if (r.expect() == HostilePosts.Expect.JUDGED) {
                if (status != 202) {
                    wrong.add("expected 202, got " + o.answer() + ": " + r);
                }
                judgedEvents += r.events();
                judgedByMatch.merge(r.matchId(), r.events(), Integer::sum);
                judgedIds.addAll(ids(r));
            } else if (status < 400 || status > 499) {
                wrong.add("expected 4xx, got " + o.answer() + ": " + r);
            } else if (r.field() != null && !names(o.answer(), r.index(), r.field())) {
                wrong.add("expected a problem naming " + (r.index() == null ? "" : "[" + r.index() + "] ") + r.field()
                        + ", got " + o.answer() + ": " + r);
            }
        }
        // per kind of attack: how many, and the answers' mean and slowest time
        Map<String, long[]> times = new TreeMap<>();
        outcomes.stream().filter(o -> o.answer() != null).forEach(o -> {
            long[] t = times.computeIfAbsent(o.request().kind(), k -> new long[3]);
            long ms = o.answer().took().toMillis();
            t[0]++;
            t[1] += ms;
            t[2] = Math.max(t[2], ms);
        });
        Map<String, String> byKind = new TreeMap<>();
        times.forEach((k, t) -> byKind.put(k, t[0] + " (mean " + t[1] / t[0] + " ms, max " + t[2] + " ms)"));
        System.out.printf("HostileInputIT: %d hostile requests (%d posts, %d reads) in %d ms by %d clients beside %d "
                        + "ordinary events; answers by status %s%n  by kind %s%n", outcomes.size(), POSTS, READS, runMillis,
                CLIENTS, ordinaryEvents.get(), byStatus, byKind);
        assertEquals(requests.size(), outcomes.size(), "every request sent");
        assertTrue(wrong.isEmpty(), wrong.size() + " answers not as the ledger promises (first 25):\n"
                + String.join("\n", wrong.subList(0, Math.min(25, wrong.size()))));

        // ---- nothing invalid reaches table-events: exactly the ordinary events and the judged ones ----
        Map<Integer, Long> eventsAfter = KafkaState.endOffsets("table-events");
        long logged = sum(eventsAfter) - sum(eventsBefore);
        assertEquals(ordinaryEvents.get() + judgedEvents, logged,
                "table-events grew by the ordinary events (" + ordinaryEvents.get() + ") and the judged hostile ones ("
                        + judgedEvents + ") only");
        ledger.events.catchUp();
        int scanned = 0;
        for (ConsumerRecord<String, String> r : ledger.events.records()) {
            if (r.offset() < eventsBefore.getOrDefault(r.partition(), 0L)) {
                continue;
            }
            scanned++;
            JsonNode value = ReplayedMatch.read(r.value());
            assertTrue(EventParser.parse(value) instanceof ParseResult.Parsed, "an event on table-events the ledger "
                    + "cannot read: " + r.value());
            String unsafe = unsafeText(value, "");
            assertEquals(null, unsafe, "a control or bidi character on table-events at " + unsafe + ": " + r.value());
        }
        assertEquals(logged, scanned, "records read back from table-events");

        // Every judged event was rejected by the rules (EVENT_REJECTED), and so changed nothing.
        await("an EVENT_REJECTED ruling for each of the " + judgedIds.size() + " judged hostile events").atMost(TIMEOUT)
                .pollInterval(Duration.ofSeconds(1)).until(() -> {
                    ledger.rulings.catchUp();
                    return missingRejections(judgedByMatch.keySet(), judgedIds);
                }, List::isEmpty);

        // ... and each is kept on table-events-rejected by the processor, with its reason.
        await("the processor's record on table-events-rejected for each judged hostile event").atMost(TIMEOUT)
                .pollInterval(Duration.ofSeconds(1)).until(() -> {
                    ledger.rejected.catchUp();
                    return missingProcessorRecords(rejectedBefore, judgedIds);
                }, List::isEmpty);

        // Every refused post that was read is kept once on table-events-rejected (by its body's SHA-256).
        Map<String, Integer> keptExpected = new HashMap<>();
        for (Outcome o : outcomes) {
            if (o.request().kept() && o.request().expect() == HostilePosts.Expect.REFUSED) {
                keptExpected.merge(o.request().matchId() + " " + sha256(o.request().body()), 1, Integer::sum);
            }
        }
        Map<String, Integer> kept = await("the refused posts on table-events-rejected").atMost(TIMEOUT)
                .pollInterval(Duration.ofSeconds(1)).until(() -> {
                    ledger.rejected.catchUp();
                    return keptByGateway(rejectedBefore, keptExpected.keySet());
                }, k -> k.values().stream().mapToInt(Integer::intValue).sum()
                        >= keptExpected.values().stream().mapToInt(Integer::intValue).sum());
        assertEquals(keptExpected, kept, "each refused post kept exactly once on table-events-rejected");

        // ---- the ordinary matches: as the replay tool folds them, forged attributes ignored ----
        List<ReplayedMatch> expected = new ArrayList<>();
        for (SimMatch m : ordinary) {
            ReplayedMatch posted = ReplayedMatch.of(m.matchId(), PipelineIT.texts(m.events()));
            ReplayedMatch withoutForgery = ReplayedMatch.of(m.matchId(), PipelineIT.texts(clean.get(m.matchId())));
            assertEquals(withoutForgery.view(), posted.view(), m.matchId() + ": forged attributes change nothing");
            expected.add(posted);
        }
        ledger.awaitFinalViews(expected);
        ledger.awaitRulingCounts(expected.stream().map(e -> ledger.replayFromLog(e.matchId())).toList());
        for (ReplayedMatch e : expected) {
            e.assertView(ledger.latestView(e.matchId()));
            ReplayedMatch fromLog = ledger.replayFromLog(e.matchId());
            assertEquals(e.view(), fromLog.view(), e.matchId() + ": the hostile events in its log changed nothing");
            fromLog.assertRulings(ReplayedMatch.ruled(ledger.rulings.forKey(e.matchId())));
            HttpResponse<String> sb = scoreboard.health("/matches/" + e.matchId(), Duration.ofSeconds(30));
            assertEquals(200, sb.statusCode(), e.matchId() + " on the scoreboard");
            e.assertView(ReplayedMatch.read(sb.body()));
        }

        // ---- the audit trail records every event of them, verify consistent, within a stated delay ----
        Map<String, Integer> recorded = new HashMap<>();
        for (SimMatch m : ordinary) {
            recorded.put(m.matchId(), ledger.events.forKey(m.matchId()).size());
        }
        await("the audit trail verifies every ordinary match").atMost(AUDIT_DELAY_BOUND).pollInterval(Duration.ofSeconds(1))
                .until(() -> unverified(expected, recorded), List::isEmpty);
        long auditDelayMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - postedAt);

        // ---- the processor stayed ready, its heap bounded ----
        watch.stop();
        long heapAfter = liveHeap(processor);
        System.out.printf("HostileInputIT summary: seed %d; %d hostile requests (%d posts, %d reads) + %d ordinary events "
                        + "of %d matches in %d ms; answers by status %s; %d judged hostile events rejected by the rules; "
                        + "%d refused posts kept on table-events-rejected; processor heap after full GC %s before, %s after "
                        + "(bound %s), peak used %s; readiness polled %d times, not UP %d; audit trail consistent for "
                        + "every ordinary match %d ms after the last post%n",
                seed, outcomes.size(), POSTS, READS, ordinaryEvents.get(), ordinary.size(), runMillis, byStatus,
                judgedEvents, keptExpected.values().stream().mapToInt(Integer::intValue).sum(), mib(heapBefore),
                mib(heapAfter), mib(HEAP_BOUND_BYTES), mib(watch.peakHeap.get()), watch.polls.get(), watch.notUp.size(),
                auditDelayMillis);
        assertTrue(watch.notUp.isEmpty(), "the processor was not ready: " + watch.notUp);
        assertTrue(processor.alive(), "the processor is running");
        assertTrue(heapAfter <= HEAP_BOUND_BYTES, "processor heap after a full GC " + mib(heapAfter) + " > " + mib(HEAP_BOUND_BYTES));
    }

    @Test
    @Order(2)
    void aPostCarryingNulIsRefusedNamingTheFieldAndKept_thenANormalMatchIsRecordedWithinSeconds() throws Exception {
        String m = "nul-" + RUN;
        Map<Integer, Long> rejectedBefore = KafkaState.endOffsets("table-events-rejected");
        Map<Integer, Long> eventsBefore = KafkaState.endOffsets("table-events");
        HostilePosts posts = new HostilePosts(1, RUN, List.of());
        ObjectNode opened = posts.event("pool.match.opened", m, 1);
        ((ObjectNode) opened.at("/data/players/0")).put("name", "A.\u0000Player");
        byte[] escaped = Json.write(opened).getBytes(StandardCharsets.UTF_8);
        GatewayClient.Answer a = client.postBytes("/matches/" + m + "/events", GatewayClient.SINGLE, escaped);
        assertEquals(400, a.status(), a.toString());
        assertTrue(names(a, 0, "data.players[0].name"), "the problem names data.players[0].name: " + a);
        // The same with a raw NUL byte inside the string (not JSON at all: JSON escapes control characters).
        byte[] raw = Json.write(opened).replace("\\u0000", "\u0000").getBytes(StandardCharsets.UTF_8);
        GatewayClient.Answer b = client.postBytes("/matches/" + m + "/events", GatewayClient.SINGLE, raw);
        assertEquals(400, b.status(), b.toString());
        assertEquals(KafkaState.endOffsets("table-events"), eventsBefore, "nothing of either reached table-events");

        // Kept on table-events-rejected, both.
        Map<String, Integer> keptExpected = Map.of(m + " " + sha256(escaped), 1, m + " " + sha256(raw), 1);
        assertEquals(keptExpected, await("both NUL posts on table-events-rejected").atMost(TIMEOUT).until(() -> {
            ledger.rejected.catchUp();
            return keptByGateway(rejectedBefore, keptExpected.keySet());
        }, k -> k.size() == 2));

        // Afterwards a normal match is recorded by the audit trail within seconds, and both refused posts are accounted
        // for there: listed as refused for the match, or quarantined when PostgreSQL would not store them.
        SimMatch normal = SimMatch.play("nul-" + RUN + "-after", Discipline.NINE_BALL, 1, 99L);
        for (int i = 0; i < normal.events().size(); i += 5) {
            GatewayClient.Answer r = client.postBatch(normal.matchId(), normal.events().subList(i, Math.min(i + 5, normal.events().size())));
            assertEquals(202, r.status(), r.toString());
        }
        long t0 = System.nanoTime();
        ReplayedMatch expected = ReplayedMatch.of(normal.matchId(), PipelineIT.texts(normal.events()));
        await(normal.matchId() + " verified by the audit trail").atMost(NUL_AUDIT_DELAY_BOUND).pollInterval(Duration.ofMillis(250))
                .until(() -> unverified(List.of(expected), Map.of(normal.matchId(), normal.events().size())), List::isEmpty);
        long delay = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        int[] accounted = await("the NUL posts in the audit trail").atMost(TIMEOUT).until(() -> {
            JsonNode ledgerView = auditJson("/matches/" + m + "/ledger");
            JsonNode quarantine = auditJson("/matches/" + m + "/quarantine");
            int refused = ledgerView == null ? 0 : ledgerView.path("refused").size();
            int quarantined = quarantine == null ? 0 : quarantine.path("records").size();
            return new int[]{refused, quarantined};
        }, c -> c[0] + c[1] == 2);
        System.out.printf("HostileInputIT NUL case: 2 posts refused (400) and kept; audit trail: %d listed as refused, %d "
                + "quarantined; a normal match of %d events verified consistent %d ms after its last post%n",
                accounted[0], accounted[1], normal.events().size(), delay);
    }

    @Test
    @Order(3)
    void withTheRateLimitOn_aBurstIsAnswered429WithRetryAfter_andThePostAfterTheWaitIsServed() throws Exception {
        Map<String, String> props = ServiceProcess.serviceProperties(KafkaBroker.bootstrapServers());
        props.put("gateway.rate-limit.posts-per-second", "20");
        props.put("gateway.rate-limit.burst", "40");
        try (ServiceProcess limited = ServiceProcess.start("table-gateway", ServiceProcess.jar(ServiceProcess.GATEWAY_JAR), props)) {
            GatewayClient c = new GatewayClient(limited);
            String m = "rl-" + RUN;
            byte[] body = "{}".getBytes(StandardCharsets.UTF_8);
            List<GatewayClient.Answer> answers = Collections.synchronizedList(new ArrayList<>());
            ExecutorService pool = Executors.newFixedThreadPool(4);
            try {
                List<Future<?>> fs = new ArrayList<>();
                for (int t = 0; t < 4; t++) {
                    fs.add(pool.submit(() -> {
                        for (int i = 0; i < 100; i++) {
                            answers.add(c.postBytes("/matches/" + m + "/events", GatewayClient.SINGLE, body));
                        }
                    }));
                }
                for (Future<?> f : fs) {
                    f.get(2, TimeUnit.MINUTES);
                }
            } finally {
                pool.shutdownNow();
            }
            Map<Integer, Long> byStatus = new TreeMap<>();
            answers.forEach(x -> byStatus.merge(x.status(), 1L, Long::sum));
            System.out.println("HostileInputIT rate limit (20/s, burst 40): 400 posts from 4 threads, answers " + byStatus);
            assertTrue(answers.stream().allMatch(x -> x.status() == 400 || x.status() == 429), byStatus.toString());
            List<GatewayClient.Answer> limitedAnswers = answers.stream().filter(x -> x.status() == 429).toList();
            assertTrue(limitedAnswers.size() >= 100, "most of a burst of 400 over 40 + 20/s are 429: " + byStatus);
            int retryAfter = 0;
            for (GatewayClient.Answer x : limitedAnswers) {
                assertTrue(x.retryAfter().isPresent(), "429 with Retry-After: " + x);
                retryAfter = Math.max(retryAfter, Integer.parseInt(x.retryAfter().get().strip()));
                assertTrue(x.contentType().startsWith("application/problem+json"), x.toString());
            }
            assertTrue(retryAfter >= 1, "Retry-After in whole seconds ≥ 1");
            ServiceProcess.sleep(retryAfter * 1000L);
            GatewayClient.Answer after = c.postBytes("/matches/" + m + "/events", GatewayClient.SINGLE, body);
            assertEquals(400, after.status(), "after Retry-After the post is read again (and refused for its content): " + after);
        }
    }

    // ---- the ordinary tables -------------------------------------------------------------------------------------

    /**
     * Posts each match's events in order (batches of 1–5), the tables taking turns, the rounds spread over the hostile
     * run: round k waits until k / (rounds + 1) of the hostile requests have been taken.
     */
    static void playAlongside(List<SimMatch> tables, Random rnd, ConcurrentLinkedQueue<HostilePosts.Request> hostile,
                              AtomicInteger events, List<String> problems) {
        int[] next = new int[tables.size()];
        int total = hostile.size();
        int rounds = (int) Math.ceil(tables.stream().mapToInt(m -> m.events().size()).max().orElse(0) / 3.0);
        boolean more = true;
        for (int round = 1; more; round++) {
            while (!hostile.isEmpty() && (long) (total - hostile.size()) * (rounds + 1) < (long) round * total) {
                ServiceProcess.sleep(20);
            }
            more = false;
            for (int t = 0; t < tables.size(); t++) {
                List<ObjectNode> all = tables.get(t).events();
                if (next[t] >= all.size()) {
                    continue;
                }
                more = true;
                int n = Math.min(all.size() - next[t], 1 + rnd.nextInt(5));
                List<ObjectNode> batch = all.subList(next[t], next[t] + n);
                try {
                    GatewayClient.Answer a = n == 1 && rnd.nextBoolean()
                            ? client.postOne(tables.get(t).matchId(), batch.get(0)) : client.postBatch(tables.get(t).matchId(), batch);
                    if (a.status() == 202) {
                        events.addAndGet(n);
                    } else {
                        problems.add(tables.get(t).matchId() + " seq " + batch.get(0).get("seq") + ": " + a);
                    }
                } catch (RuntimeException e) {
                    problems.add(tables.get(t).matchId() + " seq " + batch.get(0).get("seq") + ": " + e);
                }
                next[t] += n;
            }
        }
    }

    /** The event with attributes only the ledger may decide (ignored by the ledger: unknown attributes). */
    static ObjectNode forged(ObjectNode event) {
        ObjectNode e = event.deepCopy();
        e.putArray("rulings").addObject().put("kind", "MATCH_WON").put("player", "p1").put("rule", "1.1");
        e.putObject("view").put("status", "FINISHED").put("winner", "p1");
        e.put("ledgerRulingsOfEvent", 99);
        return e;
    }

    // ---- sending and checking --------------------------------------------------------------------------------------

    static Outcome send(HostilePosts.Request r) {
        String base = switch (r.target()) {
            case GATEWAY -> gateway.baseUrl();
            case SCOREBOARD -> scoreboard.baseUrl();
            case AUDIT_TRAIL -> audit.baseUrl();
        };
        try {
            return new Outcome(r, GatewayClient.send(base, HOSTILE_TOKEN, r.method(), r.path(), r.contentType(), r.body(),
                    Duration.ofSeconds(30)), null);
        } catch (UncheckedIOException | IllegalArgumentException e) {
            return new Outcome(r, null, e);
        }
    }

    /** The problem lists an error naming {@code field} (at {@code index} in a batch), or names it as its parameter. */
    static boolean names(GatewayClient.Answer a, Integer index, String field) {
        if (!a.contentType().startsWith("application/problem+json")) {
            return false;
        }
        JsonNode p = a.json();
        if (field.equals(p.path("parameter").asText(null))) {
            return true;
        }
        for (JsonNode e : p.path("errors")) {
            if (field.equals(e.path("field").asText(null)) && (index == null || e.path("index").asInt(-1) == index)) {
                return true;
            }
        }
        return false;
    }

    /** The ids of the events a judged post carried. */
    static List<String> ids(HostilePosts.Request r) {
        JsonNode body = ReplayedMatch.read(new String(r.body(), StandardCharsets.UTF_8));
        List<String> ids = new ArrayList<>();
        if (body.isArray()) {
            body.forEach(e -> ids.add(e.get("id").textValue()));
        } else {
            ids.add(body.get("id").textValue());
        }
        return ids;
    }

    static List<String> missingRejections(Iterable<String> matches, List<String> eventIds) {
        Set<String> rejected = new HashSet<>();
        for (String m : matches) {
            for (ConsumerRecord<String, String> r : ledger.rulings.forKey(m)) {
                JsonNode ruling = ReplayedMatch.read(r.value());
                if ("EVENT_REJECTED".equals(ruling.path("kind").asText())) {
                    rejected.add(ruling.path("eventId").asText());
                }
            }
        }
        return eventIds.stream().filter(id -> !rejected.contains(id)).toList();
    }

    /** The judged event ids without a processor's record (the event and its reason) on table-events-rejected since {@code before}. */
    static List<String> missingProcessorRecords(Map<Integer, Long> before, List<String> eventIds) {
        Set<String> kept = new HashSet<>();
        for (ConsumerRecord<String, String> r : ledger.rejected.records()) {
            if (r.offset() >= before.getOrDefault(r.partition(), 0L)) {
                JsonNode v = ReplayedMatch.read(r.value());
                if (v.has("event") && !v.path("reason").asText().isEmpty()) {
                    kept.add(v.path("event").path("id").asText());
                }
            }
        }
        return eventIds.stream().filter(id -> !kept.contains(id)).toList();
    }

    /** The gateway's records on table-events-rejected since {@code before}, counted by "matchId sha256(body)". */
    static Map<String, Integer> keptByGateway(Map<Integer, Long> before, Set<String> wanted) {
        Map<String, Integer> kept = new HashMap<>();
        for (ConsumerRecord<String, String> r : ledger.rejected.records()) {
            if (r.offset() < before.getOrDefault(r.partition(), 0L)) {
                continue;
            }
            JsonNode v = ReplayedMatch.read(r.value());
            if (!"table-gateway".equals(v.path("source").asText())) {
                continue;
            }
            String key = r.key() + " " + v.path("bodySha256").asText();
            if (wanted.contains(key)) {
                kept.merge(key, 1, Integer::sum);
            }
        }
        return kept;
    }

    /** The matches the audit trail does not yet record and verify as the replay folds them (all events recorded). */
    static List<String> unverified(List<ReplayedMatch> expected, Map<String, Integer> recordedEvents) {
        List<String> not = new ArrayList<>();
        for (ReplayedMatch e : expected) {
            JsonNode v = auditJson("/matches/" + e.matchId() + "/verify");
            boolean ok = v != null && "consistent".equals(v.path("status").asText())
                    && v.path("events").asLong() == e.lastSeq()
                    && v.path("recordedEvents").asInt() == recordedEvents.get(e.matchId())
                    && v.path("rulings").asInt() == v.path("publishedRulings").asInt();
            if (!ok) {
                not.add(e.matchId() + " " + v);
            }
        }
        return not;
    }

    static JsonNode auditJson(String path) {
        GatewayClient.Answer r;
        try {
            r = GatewayClient.send(audit.baseUrl(), AUDITOR_TOKEN, "GET", path, null, null, Duration.ofSeconds(30));
        } catch (java.io.UncheckedIOException e) {
            return null;
        }
        return r.status() != 200 ? null : ReplayedMatch.read(r.body());
    }

    /** The first string (value or key) under {@code node} with a control or bidi character: its path, else null. */
    static String unsafeText(JsonNode node, String path) {
        if (node.isTextual()) {
            return SafeText.isSafe(node.textValue()) ? null : path;
        }
        if (node.isObject()) {
            Iterator<Map.Entry<String, JsonNode>> it = node.properties().iterator();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> f = it.next();
                if (!SafeText.isSafe(f.getKey())) {
                    return path + "." + f.getKey().replaceAll("\\p{Cntrl}", "?");
                }
                String inner = unsafeText(f.getValue(), path + "." + f.getKey());
                if (inner != null) {
                    return inner;
                }
            }
        }
        if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                String inner = unsafeText(node.get(i), path + "[" + i + "]");
                if (inner != null) {
                    return inner;
                }
            }
        }
        return null;
    }

    static String sha256(byte[] body) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(body));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static long sum(Map<Integer, Long> offsets) {
        return offsets.values().stream().mapToLong(Long::longValue).sum();
    }

    static String mib(long bytes) {
        return String.format("%.1f MiB", bytes / 1024.0 / 1024.0);
    }

    // ---- the processor's heap and readiness ----------------------------------------------------------------------------

    private static final Pattern HEAP_USED = Pattern.compile("^jvm_memory_used_bytes\\{[^}]*area=\"heap\"[^}]*}\\s+(\\S+)",
            Pattern.MULTILINE);

    /** Heap in use now, from the service's {@code /q/metrics} (Micrometer's {@code jvm_memory_used_bytes}, area heap). */
    static long heapUsed(ServiceProcess service) {
        HttpResponse<String> r = service.health("/q/metrics", Duration.ofSeconds(30));
        if (r == null || r.statusCode() != 200) {
            throw new IllegalStateException(service + ": no metrics");
        }
        Matcher m = HEAP_USED.matcher(r.body());
        double sum = 0;
        int found = 0;
        while (m.find()) {
            sum += Double.parseDouble(m.group(1));
            found++;
        }
        if (found == 0) {
            throw new IllegalStateException(service + ": no jvm_memory_used_bytes{area=\"heap\"} in /q/metrics");
        }
        return (long) sum;
    }

    /** The heap that stays after a full GC ({@code jcmd <pid> GC.run}), then read from the metrics. */
    static long liveHeap(ServiceProcess service) throws Exception {
        String jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd").toString();
        Process gc = new ProcessBuilder(jcmd, Long.toString(service.pid()), "GC.run").redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        if (!gc.waitFor(60, TimeUnit.SECONDS) || gc.exitValue() != 0) {
            fail("jcmd " + service.pid() + " GC.run failed");
        }
        return heapUsed(service);
    }

    /** Polls a service's readiness (and its heap) every 500 ms from a thread of its own, until stopped. */
    static final class ReadinessWatch {
        final AtomicInteger polls = new AtomicInteger();
        final AtomicLong peakHeap = new AtomicLong();
        final List<String> notUp = Collections.synchronizedList(new ArrayList<>());
        private final AtomicBoolean running = new AtomicBoolean(true);
        private final Thread thread;

        ReadinessWatch(ServiceProcess service) {
            long t0 = System.nanoTime();
            thread = new Thread(() -> {
                while (running.get()) {
                    HttpResponse<String> r = service.health("/q/health/ready", Duration.ofSeconds(10));
                    polls.incrementAndGet();
                    // A poll cut short by stop() (its interrupt) says nothing about the service: not counted.
                    if (!running.get()) {
                        return;
                    }
                    if (r == null || r.statusCode() != 200 || !r.body().contains("\"UP\"")) {
                        notUp.add(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0) + " ms: "
                                + (r == null ? "no answer in 10 s" : r.statusCode() + " " + r.body()));
                    }
                    try {
                        peakHeap.accumulateAndGet(heapUsed(service), Math::max);
                    } catch (RuntimeException e) {
                        if (running.get()) {
                            notUp.add("metrics: " + e.getMessage());
                        }
                    }
                    try {
                        Thread.sleep(500);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }, "readiness-watch");
            thread.setDaemon(true);
            thread.start();
        }

        void stop() throws InterruptedException {
            running.set(false);
            thread.interrupt();
            thread.join(15_000);
        }
    }
}
