package org.matchledger.systemtests;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.matchledger.core.event.Discipline;
import org.matchledger.core.json.Json;
import org.matchledger.sim.SimProfile;
import org.matchledger.testsupport.KafkaBroker;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The whole pipeline, end to end, against one real broker: table clients post to the packaged table-gateway, the
 * packaged rules-processor judges, and what lands on {@code match-views}, {@code match-rulings} and
 * {@code table-events-rejected} is compared with the replay tool's fold ({@code Replay}) of the same events.
 */
class PipelineIT {
    static final String GROUP = "rules-processor";
    static final String RUN = Long.toString(System.currentTimeMillis() % 46_656_000L, 36);
    static final Duration PIPELINE_TIMEOUT = Duration.ofSeconds(60);

    static ServiceProcess gateway;
    static ServiceProcess processor;
    static GatewayClient client;
    static LedgerTopics ledger;

    @BeforeAll
    static void startServices() throws Exception {
        Awaitility.pollInSameThread();
        String servers = KafkaBroker.bootstrapServers();
        ExecutorService starter = Executors.newFixedThreadPool(2);
        try {
            Future<ServiceProcess> g = starter.submit(() -> ServiceProcess.gateway(servers));
            Future<ServiceProcess> p = starter.submit(() -> ServiceProcess.processor(servers, GROUP));
            try {
                gateway = g.get(90, TimeUnit.SECONDS);
            } finally {
                processor = p.get(90, TimeUnit.SECONDS);
            }
        } finally {
            starter.shutdownNow();
        }
        client = new GatewayClient(gateway);
        ledger = new LedgerTopics(PIPELINE_TIMEOUT);
    }

    @AfterAll
    static void stopServices() {
        for (AutoCloseable c : new AutoCloseable[]{ledger, gateway, processor}) {
            try {
                if (c != null) {
                    c.close();
                }
            } catch (Exception e) {
                // keep closing the others
            }
        }
    }

    // ---- the pipeline folds like the replay tool -------------------------------------------------------------------

    @Test
    void simulatedMatchesOfEveryDisciplineEndAsTheReplayToolFoldsThem() throws Exception {
        long seed = new Random().nextLong();
        Random rnd = new Random(seed);
        List<SimMatch> matches = new ArrayList<>();
        for (Discipline d : Discipline.values()) {
            for (int i = 0; i < 2; i++) {
                String id = "pl-" + RUN + "-" + d.name().toLowerCase().replace("_", "") + "-" + i;
                matches.add(SimMatch.play(id, d, SimMatch.raceTo(d, 2), rnd.nextLong()));
            }
        }
        System.out.printf("PipelineIT: %d matches, %d events (seed %d)%n", matches.size(),
                matches.stream().mapToInt(m -> m.events().size()).sum(), seed);

        // Half the tables post event by event, the other half in batches of 1-8; all tables at once.
        ExecutorService tables = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> posted = new ArrayList<>();
            for (int i = 0; i < matches.size(); i++) {
                SimMatch m = matches.get(i);
                boolean batches = i % 2 == 1;
                long postSeed = rnd.nextLong();
                posted.add(tables.submit(() -> postAll(m, batches, new Random(postSeed))));
            }
            for (Future<?> f : posted) {
                f.get(120, TimeUnit.SECONDS);
            }
        } finally {
            tables.shutdownNow();
        }

        // table-events holds exactly what was posted, in order, keyed by the match id.
        ledger.events.catchUp();
        for (SimMatch m : matches) {
            List<ConsumerRecord<String, String>> logged = ledger.events.forKey(m.matchId());
            assertEquals(m.events().size(), logged.size(), m.matchId() + ": events on table-events");
            for (int i = 0; i < logged.size(); i++) {
                assertEquals(m.matchId(), logged.get(i).key());
                // The same JSON value (the gateway re-serializes what it got: 35.0 may read 35 on the topic).
                JsonNode sent = ReplayedMatch.read(Json.write(m.events().get(i)));
                JsonNode onTopic = ReplayedMatch.read(logged.get(i).value());
                assertTrue(ReplayedMatch.sameJson(sent, onTopic),
                        m.matchId() + ": event #" + i + " on table-events\n  posted:   " + sent + "\n  on topic: " + onTopic);
            }
        }

        List<ReplayedMatch> expected = matches.stream()
                .map(m -> ReplayedMatch.of(m.matchId(), texts(ledger.events.forKey(m.matchId())))).toList();
        ledger.awaitFinalViews(expected);
        for (ReplayedMatch e : expected) {
            e.assertView(ReplayedMatch.read(ledger.views.lastForKey(e.matchId()).value()));
        }
        ledger.awaitRulingCounts(expected);
        for (ReplayedMatch e : expected) {
            e.assertRulings(ReplayedMatch.ruled(ledger.rulings.forKey(e.matchId())));
        }
    }

    private static void postAll(SimMatch m, boolean batches, Random rnd) {
        List<ObjectNode> all = m.events();
        int i = 0;
        while (i < all.size()) {
            int n = batches ? Math.min(1 + rnd.nextInt(8), all.size() - i) : 1;
            List<ObjectNode> chunk = all.subList(i, i + n);
            GatewayClient.Answer a = n == 1 && !batches ? client.postOne(m.matchId(), chunk.get(0))
                    : client.postBatch(m.matchId(), chunk);
            assertEquals(202, a.status(), m.matchId() + ": posting events " + i + ".." + (i + n - 1) + ": " + a);
            assertEquals(ids(chunk), textList(a.json().get("accepted")), m.matchId() + ": accepted ids");
            i += n;
        }
    }

    // ---- duplicates, conflicts, gaps ---------------------------------------------------------------------------

    @Test
    void aDuplicatePostChangesNothing() {
        String matchId = "pl-" + RUN + "-dup";
        List<ObjectNode> all = SimMatch.play(matchId, Discipline.NINE_BALL, 2, 11, SimProfile.CLEAN).events();
        List<ObjectNode> first = all.subList(0, 6);
        assertEquals(202, client.postBatch(matchId, first).status());
        JsonNode before = ledger.awaitView(matchId, 6);

        ObjectNode again = first.get(5).deepCopy();
        GatewayClient.Answer a = client.postOne(matchId, again);
        assertEquals(202, a.status(), a.toString());
        String id = again.get("id").textValue();
        long rulingsOfTheOriginal = ReplayedMatch.of(matchId, texts(first)).rulings().stream()
                .filter(r -> id.equals(r.ruling().get("eventId").textValue())).count();
        List<JsonNode> dup = ledger.awaitRulingsOf(matchId, id, (int) rulingsOfTheOriginal + 1);
        assertEquals(rulingsOfTheOriginal + 1, dup.size(), dup.toString());
        JsonNode duplicate = dup.get(dup.size() - 1);
        assertEquals("DUPLICATE", duplicate.get("kind").textValue(), duplicate.toString());
        assertEquals(0, duplicate.get("n").intValue());
        assertEquals(6, duplicate.get("seq").intValue());

        // The view is unchanged, and the duplicate took no seq: the next event is applied as seq 7.
        ledger.views.catchUp();
        assertEquals(before, ReplayedMatch.read(ledger.views.lastForKey(matchId).value()));
        assertEquals(202, client.postOne(matchId, all.get(6)).status());
        ledger.awaitView(matchId, 7);
        List<String> posted = new ArrayList<>(texts(first));
        posted.add(Json.write(again));
        posted.add(Json.write(all.get(6)));
        ReplayedMatch expected = ReplayedMatch.of(matchId, posted);
        expected.assertView(ReplayedMatch.read(ledger.views.lastForKey(matchId).value()));
        ledger.awaitRulingCounts(List.of(expected));
        expected.assertRulings(ReplayedMatch.ruled(ledger.rulings.forKey(matchId)));
    }

    @Test
    void theSameIdWithOtherContentIsRejectedNamingTheId() {
        String matchId = "pl-" + RUN + "-conflict";
        List<ObjectNode> all = SimMatch.play(matchId, Discipline.EIGHT_BALL, 2, 12, SimProfile.CLEAN).events();
        assertEquals(202, client.postBatch(matchId, all.subList(0, 2)).status());
        ledger.awaitView(matchId, 2);
        ObjectNode other = all.get(1).deepCopy();
        other.put("source", "/tables/elsewhere/scorer");
        assertEquals(202, client.postOne(matchId, other).status());
        String id = other.get("id").textValue();
        int rulingsOfTheOriginal = (int) ReplayedMatch.of(matchId, texts(all.subList(0, 2))).rulings().stream()
                .filter(r -> id.equals(r.ruling().get("eventId").textValue())).count();
        List<JsonNode> r = ledger.awaitRulingsOf(matchId, id, rulingsOfTheOriginal + 1);
        assertEquals(rulingsOfTheOriginal + 1, r.size(), r.toString());
        JsonNode rejection = r.get(r.size() - 1);
        assertEquals("EVENT_REJECTED", rejection.get("kind").textValue(), rejection.toString());
        assertTrue(rejection.get("reason").textValue().startsWith("id: " + other.get("id").textValue()), rejection.toString());
        // Nothing changed: the view is still at seq 2, and the event with the original content is a duplicate.
        ledger.views.catchUp();
        assertEquals(2, ReplayedMatch.read(ledger.views.lastForKey(matchId).value()).get("lastSeq").intValue());
    }

    @Test
    void aSeqGapIsRejectedNamingTheExpectedSeqAndKeptOnTheRejectedTopic() {
        String matchId = "pl-" + RUN + "-gap";
        List<ObjectNode> all = SimMatch.play(matchId, Discipline.BLACKBALL, 2, 13, SimProfile.CLEAN).events();
        assertEquals(202, client.postOne(matchId, all.get(0)).status());
        ledger.awaitView(matchId, 1);

        ObjectNode third = all.get(2);
        assertEquals(3, third.get("seq").intValue());
        GatewayClient.Answer a = client.postOne(matchId, third);
        assertEquals(202, a.status(), "shape is the gateway's job, sequencing the processor's: " + a);
        JsonNode rejection = ledger.awaitRulingsOf(matchId, third.get("id").textValue(), 1).get(0);
        assertEquals("EVENT_REJECTED", rejection.get("kind").textValue(), rejection.toString());
        String reason = rejection.get("reason").textValue();
        assertTrue(reason.startsWith("seq:") && reason.contains("expected seq 2"), reason);

        // Kept on table-events-rejected: the event as received, with the same reason.
        JsonNode kept = await("table-events-rejected has " + third.get("id").textValue())
                .atMost(PIPELINE_TIMEOUT).until(() -> {
                    ledger.rejected.catchUp();
                    return ledger.rejected.forKey(matchId).stream().map(r -> ReplayedMatch.read(r.value()))
                            .filter(v -> v.path("event").path("id").asText("").equals(third.get("id").textValue()))
                            .findFirst().orElse(null);
                }, v -> v != null);
        assertEquals(reason, kept.get("reason").textValue());
        assertTrue(ReplayedMatch.sameJson(ReplayedMatch.read(Json.write(third)), kept.get("event")), kept.toString());

        // A rejected event does not take its seq: seq 2 then 3 are applied.
        assertEquals(202, client.postBatch(matchId, List.of(all.get(1), third)).status());
        JsonNode view = ledger.awaitView(matchId, 3);
        assertEquals(3, view.get("lastSeq").intValue());
    }

    // ---- what the gateway refuses ------------------------------------------------------------------------------

    @Test
    void aMalformedEventIs400NamingTheFieldAndNothingReachesTableEvents() {
        String matchId = "pl-" + RUN + "-malformed";
        ObjectNode bad = SimMatch.play(matchId, Discipline.NINE_BALL, 1, 14, SimProfile.CLEAN).events().get(0).deepCopy();
        bad.put("seq", "one");
        Map<Integer, Long> before = KafkaState.endOffsets("table-events");

        GatewayClient.Answer a = client.postOne(matchId, bad);
        assertEquals(400, a.status(), a.toString());
        assertTrue(a.contentType().startsWith("application/problem+json"), a.contentType());
        JsonNode error = a.json().get("errors").get(0);
        assertEquals("seq", error.get("field").textValue(), a.body());
        assertEquals(0, error.get("index").intValue());
        assertEquals(bad.get("id").textValue(), error.get("eventId").textValue());
        assertNotNull(error.get("reason").textValue());

        // Kept on table-events-rejected (never on table-events), with the field in the reason.
        JsonNode kept = await("the refused post on table-events-rejected").atMost(PIPELINE_TIMEOUT).until(() -> {
            ledger.rejected.catchUp();
            return ledger.rejected.forKey(matchId).stream().map(r -> ReplayedMatch.read(r.value())).findFirst().orElse(null);
        }, v -> v != null);
        assertTrue(kept.get("reason").textValue().startsWith("seq"), kept.toString());
        assertEquals(before, KafkaState.endOffsets("table-events"), "table-events end offsets after a refused post");
    }

    @Test
    void aBatchWithOneMalformedEventIsRefusedWholeNamingItsIndex() {
        String matchId = "pl-" + RUN + "-badbatch";
        List<ObjectNode> all = SimMatch.play(matchId, Discipline.EIGHT_BALL, 1, 15, SimProfile.CLEAN).events();
        List<ObjectNode> batch = new ArrayList<>(all.subList(0, 3).stream().map(ObjectNode::deepCopy).toList());
        batch.get(1).remove("type");
        Map<Integer, Long> before = KafkaState.endOffsets("table-events");

        GatewayClient.Answer a = client.postBatch(matchId, batch);
        assertEquals(400, a.status(), a.toString());
        JsonNode errors = a.json().get("errors");
        assertEquals(1, errors.size(), a.body());
        assertEquals(1, errors.get(0).get("index").intValue(), a.body());
        assertEquals("type", errors.get(0).get("field").textValue(), a.body());

        // The subject must be the path's match id.
        ObjectNode elsewhere = all.get(0).deepCopy();
        GatewayClient.Answer b = client.postOne(matchId + "-other", elsewhere);
        assertEquals(400, b.status(), b.toString());
        assertEquals("subject", b.json().get("errors").get(0).get("field").textValue(), b.body());

        ServiceProcess.sleep(500);
        assertEquals(before, KafkaState.endOffsets("table-events"), "table-events end offsets after refused posts");
    }

    @Test
    void aPostOver64KiBIs413() {
        String matchId = "pl-" + RUN + "-large";
        ObjectNode big = SimMatch.play(matchId, Discipline.NINE_BALL, 1, 16, SimProfile.CLEAN).events().get(0).deepCopy();
        ((ObjectNode) big.get("data")).put("note", "x".repeat(70 * 1024));
        Map<Integer, Long> before = KafkaState.endOffsets("table-events");
        GatewayClient.Answer a = client.postOne(matchId, big);
        assertEquals(413, a.status(), a.status() + " " + a.contentType());
        assertEquals(before, KafkaState.endOffsets("table-events"));
    }

    @Test
    void aWrongMediaTypeIs415() {
        String matchId = "pl-" + RUN + "-text";
        ObjectNode e = SimMatch.play(matchId, Discipline.NINE_BALL, 1, 17, SimProfile.CLEAN).events().get(0);
        Map<Integer, Long> before = KafkaState.endOffsets("table-events");
        GatewayClient.Answer a = client.post(matchId, Json.write(e), "text/plain", null);
        assertEquals(415, a.status(), a.toString());
        GatewayClient.Answer b = client.post(matchId, Json.write(e), "application/json", null);
        assertEquals(415, b.status(), b.toString());
        assertEquals(before, KafkaState.endOffsets("table-events"));
    }

    // ---- ?wait ---------------------------------------------------------------------------------------------------

    @Test
    void waitAnswers200WithTheRulingsOfThePostedEvents() {
        // The gateway follows match-rulings from the end: wait until its consumer has its partitions.
        await("the gateway's rulings feed has its partitions").atMost(PIPELINE_TIMEOUT).until(
                () -> KafkaState.assignments("table-gateway-", "match-rulings").stream().anyMatch(s -> !s.isEmpty()));
        String matchId = "pl-" + RUN + "-wait";
        List<ObjectNode> all = SimMatch.play(matchId, Discipline.STRAIGHT_POOL, 10, 18, SimProfile.CLEAN).events();

        GatewayClient.Answer one = client.postOne(matchId, all.get(0), 3000);
        assertEquals(200, one.status(), one.toString());
        assertEquals(List.of(all.get(0).get("id").textValue()), textList(one.json().get("accepted")));
        ReplayedMatch expectedOne = ReplayedMatch.of(matchId, texts(all.subList(0, 1)));
        assertEquals(expectedOne.rulings().stream().map(ReplayedMatch.Ruled::ruling).toList(),
                list(one.json().get("rulings")));
        assertEquals("MATCH_OPENED", one.json().get("rulings").get(0).get("kind").textValue());

        // A batch waits for the rulings of all its events, in the order of the events.
        List<ObjectNode> next = all.subList(1, 4);
        GatewayClient.Answer batch = client.postBatch(matchId, next, 3000);
        assertEquals(200, batch.status(), batch.toString());
        assertEquals(ids(next), textList(batch.json().get("accepted")));
        ReplayedMatch expected = ReplayedMatch.of(matchId, texts(all.subList(0, 4)));
        List<JsonNode> expectedRulings = expected.rulings().stream().map(ReplayedMatch.Ruled::ruling)
                .filter(r -> ids(next).contains(r.get("eventId").textValue())).toList();
        assertEquals(expectedRulings, list(batch.json().get("rulings")));

        // At most 5000 ms.
        GatewayClient.Answer tooLong = client.postOne(matchId, all.get(4), 5001);
        assertEquals(400, tooLong.status(), tooLong.toString());
        assertEquals("wait", tooLong.json().get("errors").get(0).get("field").textValue(), tooLong.body());
    }

    // ---- helpers -------------------------------------------------------------------------------------------------

    static List<String> texts(List<?> items) {
        return items.stream().map(o -> o instanceof ConsumerRecord<?, ?> r ? (String) r.value() : Json.write(o)).toList();
    }

    static List<String> ids(List<? extends JsonNode> events) {
        return events.stream().map(e -> e.get("id").textValue()).toList();
    }

    static List<String> textList(JsonNode array) {
        assertNotNull(array);
        return IntStream.range(0, array.size()).mapToObj(i -> array.get(i).textValue()).toList();
    }

    static List<JsonNode> list(JsonNode array) {
        assertNotNull(array);
        return IntStream.range(0, array.size()).mapToObj(array::get).toList();
    }
}
