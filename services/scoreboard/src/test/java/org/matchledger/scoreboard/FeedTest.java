package org.matchledger.scoreboard;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;
import org.matchledger.core.json.Json;
import org.matchledger.testsupport.KafkaTestResource;
import org.matchledger.testsupport.SseFeed;
import org.matchledger.testsupport.TestTokensResource;

import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The live feeds over a real broker: per-match and all-matches SSE, ids, resume with Last-Event-ID (no gap, no
 * repeat), notices, heartbeats, the overlay delay, WebSocket.
 */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
@WithTestResource(TestTokensResource.class)
class FeedTest {
    /** Health is on the management interface (its own port; paths are relative to its root, /q). */
    @TestHTTPResource(value = "/health/ready", management = true)
    URL ready;

    static final Duration WAIT = Duration.ofSeconds(20);
    static final String RUN = Long.toString(System.nanoTime(), 36);

    @TestHTTPResource("/")
    URL base;

    String url(String path) {
        return base.toString().replaceAll("/$", "") + path;
    }

    /** seq 1 (one ruling), seq 2 (two rulings), a duplicate of seq 2, each its own transaction. */
    static void firstEvents(LedgerWriter w, String m) {
        w.write(List.of(LedgerWriter.ruling(m, 1L, 0, "MATCH_OPENED")), List.of(LedgerWriter.view(m, "T-" + m, "AWAITING_LAG", 1, 0)));
        w.write(List.of(LedgerWriter.ruling(m, 2L, 0, "LAG_WON"), LedgerWriter.ruling(m, 2L, 1, "BREAK_ASSIGNED")),
                List.of(LedgerWriter.view(m, "T-" + m, "IN_PROGRESS", 2, 0)));
        w.write(List.of(LedgerWriter.ruling(m, 2L, 0, "DUPLICATE")), List.of());
    }

    static List<String> idsAndEvents(List<SseFeed.Message> ms) {
        return ms.stream().map(m -> m.id() + " " + m.event()).toList();
    }

    static List<SseFeed.Message> awaitMessages(SseFeed c, int n) {
        await().atMost(WAIT).until(() -> c.messages().size() >= n);
        return c.messages();
    }

    @Test
    void aMatchFeedIsEachSeqsRulingsThenItsViewAndResumesExactlyAfterLastEventId() throws Exception {
        String m = "feed-" + RUN + "-resume";
        try (LedgerWriter w = new LedgerWriter()) {
            firstEvents(w, m);
            try (SseFeed all = SseFeed.open(url("/matches/" + m + "/stream"), "0")) {
                assertEquals(200, all.response.statusCode());
                assertTrue(all.response.headers().firstValue("Content-Type").orElse("").startsWith("text/event-stream"));
                List<SseFeed.Message> got = awaitMessages(all, 6);
                assertEquals(List.of("1 ruling", "1 view", "2 ruling", "2 ruling", "2 view", "2.1 ruling"), idsAndEvents(got));
                assertEquals(List.of("MATCH_OPENED", "LAG_WON", "BREAK_ASSIGNED", "DUPLICATE"), got.stream()
                        .filter(x -> x.event().equals("ruling")).map(x -> read(x.data()).get("kind").textValue()).toList());
                assertEquals(2, read(got.get(4).data()).get("lastSeq").intValue());

                // Live: the next seq arrives on the open connection, once.
                w.write(List.of(LedgerWriter.ruling(m, 3L, 0, "CONTINUE")), List.of(LedgerWriter.view(m, "T-" + m, "IN_PROGRESS", 3, 1)));
                assertEquals(List.of("3 ruling", "3 view"), idsAndEvents(awaitMessages(all, 8).subList(6, 8)));
            }
            // Resume from any id: exactly what followed it.
            try (SseFeed c = SseFeed.open(url("/matches/" + m + "/stream"), "2")) {
                assertEquals(List.of("2.1 ruling", "3 ruling", "3 view"), idsAndEvents(awaitMessages(c, 3)));
                ServiceHold.quietFor(300);
                assertEquals(3, c.messages().size(), "nothing repeated");
            }
            try (SseFeed c = SseFeed.open(url("/matches/" + m + "/stream"), "2.1")) {
                assertEquals(List.of("3 ruling", "3 view"), idsAndEvents(awaitMessages(c, 2)));
            }
            // A first connection (no id): the latest view, then live.
            try (SseFeed c = SseFeed.open(url("/matches/" + m + "/stream"), null)) {
                assertEquals(List.of("3 view"), idsAndEvents(awaitMessages(c, 1)));
            }
        }
    }

    @Test
    void theFeedOfEveryMatchUsesMatchIdColonSeqAndResumesOrSnapshots() {
        String m = "feed-" + RUN + "-all";
        // /stream ids are resumable only once the read model has caught up (FeedHub#openResumeLog); messages
        // released while it is rebuilt are served as a snapshot. This test is about a caught-up instance.
        await().atMost(WAIT).until(() -> given().get(ready).statusCode() == 200);
        try (LedgerWriter w = new LedgerWriter()) {
            firstEvents(w, m);
            await().atMost(WAIT).until(() -> given().get("/matches/" + m + "/rulings").jsonPath().getList("$").size() == 4);
            String lastId;
            try (SseFeed c = SseFeed.open(url("/stream"), null)) {
                // The snapshot: the latest view of every match, this one included.
                await().atMost(WAIT).until(() -> c.messages().stream().anyMatch(x -> x.id().equals(m + ":2") && x.event().equals("view")));
                int before = c.messages().size();
                w.write(List.of(LedgerWriter.ruling(m, 3L, 0, "CONTINUE")), List.of(LedgerWriter.view(m, "T-" + m, "IN_PROGRESS", 3, 1)));
                List<SseFeed.Message> live = await().atMost(WAIT).until(
                        () -> c.messages().subList(before, c.messages().size()).stream().filter(x -> x.id().startsWith(m + ":")).toList(),
                        l -> l.size() >= 2);
                assertEquals(List.of(m + ":3 ruling", m + ":3 view"), idsAndEvents(live));
                lastId = m + ":2";
            }
            w.write(List.of(LedgerWriter.ruling(m, 4L, 0, "CONTINUE")), List.of(LedgerWriter.view(m, "T-" + m, "IN_PROGRESS", 4, 2)));
            // A known id: exactly what followed it on this instance.
            try (SseFeed c = SseFeed.open(url("/stream"), lastId)) {
                List<SseFeed.Message> mine = await().atMost(WAIT).until(
                        () -> c.messages().stream().filter(x -> x.id().startsWith(m + ":")).toList(), l -> l.size() >= 5);
                assertEquals(List.of(m + ":2.1 ruling", m + ":3 ruling", m + ":3 view", m + ":4 ruling", m + ":4 view"), idsAndEvents(mine));
            }
            // An id this instance does not know: the snapshot.
            try (SseFeed c = SseFeed.open(url("/stream"), "gone-" + RUN + ":9")) {
                await().atMost(WAIT).until(() -> c.messages().stream().anyMatch(x -> x.id().equals(m + ":4") && x.event().equals("view")));
                assertTrue(c.messages().stream().allMatch(x -> x.event().equals("view")), idsAndEvents(c.messages()).toString());
            }
        }
    }

    @Test
    void aHeartbeatCommentKeepsTheConnectionAlive() {
        String m = "feed-" + RUN + "-quiet";
        try (LedgerWriter w = new LedgerWriter()) {
            w.write(List.of(LedgerWriter.ruling(m, 1L, 0, "MATCH_OPENED")), List.of(LedgerWriter.view(m, "T", "AWAITING_LAG", 1, 0)));
        }
        await().atMost(WAIT).until(() -> given().get("/matches/" + m).statusCode() == 200);
        try (SseFeed c = SseFeed.open(url("/matches/" + m + "/stream"), null)) {
            await().atMost(Duration.ofSeconds(5)).until(() -> c.comments.contains("heartbeat"));
        }
    }

    @Test
    void delayMsHoldsEachMessageBack() {
        String m = "feed-" + RUN + "-delay";
        try (LedgerWriter w = new LedgerWriter()) {
            // A match can be followed once the ledger knows it.
            w.write(List.of(LedgerWriter.ruling(m, 1L, 0, "MATCH_OPENED")), List.of(LedgerWriter.view(m, "T", "AWAITING_LAG", 1, 0)));
            await().atMost(WAIT).until(() -> given().get("/matches/" + m).statusCode() == 200);
        }
        try (LedgerWriter w = new LedgerWriter();
             SseFeed now = SseFeed.open(url("/matches/" + m + "/stream?lastEventId=1"), null);
             SseFeed later = SseFeed.open(url("/matches/" + m + "/stream?delayMs=1500&lastEventId=1"), null)) {
            ServiceHold.quietFor(300);
            w.write(List.of(LedgerWriter.ruling(m, 2L, 0, "LAG_WON")), List.of(LedgerWriter.view(m, "T", "IN_PROGRESS", 2, 0)));
            SseFeed.Message first = awaitMessages(now, 2).get(1);
            ServiceHold.quietFor(800);
            assertEquals(0, later.messages().size(), "held back");
            SseFeed.Message held = awaitMessages(later, 2).get(1);
            assertEquals(first.id() + " " + first.data(), held.id() + " " + held.data());
            assertTrue(held.receivedAtMillis() - first.receivedAtMillis() >= 1300,
                    "delayed by " + (held.receivedAtMillis() - first.receivedAtMillis()) + " ms");
        }
    }

    @Test
    void badFeedParametersAre400ProblemsNamingThem() {
        for (String q : List.of("delayMs=abc", "delayMs=-5", "delayMs=60001")) {
            given().get("/matches/x/stream?" + q).then().statusCode(400).contentType(startsWith("application/problem+json"))
                    .body("parameter", equalTo("delayMs"));
            given().get("/stream?" + q).then().statusCode(400).body("parameter", equalTo("delayMs"));
            // The feeds of rendered HTML take the same parameters.
            given().get("/tiles/stream?" + q).then().statusCode(400).body("parameter", equalTo("delayMs"));
            given().get("/overlay/x/stream?" + q).then().statusCode(400).body("parameter", equalTo("delayMs"));
        }
        given().header("Last-Event-ID", "banana").get("/matches/x/stream").then().statusCode(400)
                .body("parameter", equalTo("Last-Event-ID"));
        given().header("Last-Event-ID", "banana").get("/overlay/x/stream").then().statusCode(400)
                .body("parameter", equalTo("Last-Event-ID"));
    }

    @Test
    void theWebSocketCarriesTheSameMessagesAndResumes() throws Exception {
        String m = "feed-" + RUN + "-socket";
        try (LedgerWriter w = new LedgerWriter()) {
            firstEvents(w, m);
            await().atMost(WAIT).until(() -> given().get("/matches/" + m + "/rulings").jsonPath().getList("$").size() == 4);
            List<JsonNode> frames = socket("/matches/" + m + "/socket?lastEventId=0", l -> l.size() >= 6);
            assertEquals(List.of("1 ruling", "1 view", "2 ruling", "2 ruling", "2 view", "2.1 ruling"),
                    frames.stream().map(f -> f.get("id").textValue() + " " + f.get("event").textValue()).toList());
            assertEquals("LAG_WON", frames.get(2).get("data").get("kind").textValue());
            List<JsonNode> resumed = socket("/matches/" + m + "/socket?lastEventId=2", l -> l.size() >= 1);
            assertEquals("2.1", resumed.get(0).get("id").textValue());
        }
    }

    List<JsonNode> socket(String path, Predicate<List<JsonNode>> enough) throws Exception {
        List<JsonNode> frames = new CopyOnWriteArrayList<>();
        StringBuilder partial = new StringBuilder();
        WebSocket ws = HttpClient.newHttpClient().newWebSocketBuilder()
                .buildAsync(URI.create(url(path).replaceFirst("^http", "ws")), new WebSocket.Listener() {
                    @Override
                    public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
                        partial.append(data);
                        if (last) {
                            frames.add(read(partial.toString()));
                            partial.setLength(0);
                        }
                        webSocket.request(1);
                        return null;
                    }
                }).get(5, TimeUnit.SECONDS);
        try {
            await().atMost(WAIT).until(() -> enough.test(frames));
            return List.copyOf(frames);
        } finally {
            ws.abort();
        }
    }

    static JsonNode read(String json) {
        try {
            return Json.read(json);
        } catch (Exception e) {
            throw new AssertionError("not JSON: " + json, e);
        }
    }
}
