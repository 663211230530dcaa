package org.matchledger.scoreboard;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;
import org.matchledger.core.json.Json;
import org.matchledger.testsupport.KafkaTestResource;
import org.matchledger.testsupport.SseFeed;
import org.matchledger.testsupport.TestTokens;
import org.matchledger.testsupport.TestTokensResource;

import java.net.URI;
import java.net.URL;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 11, "Reads": the REST views and pages are public and live; the feeds serve each message to a client without a
 * broadcaster token no earlier than {@code scoreboard.public-delay} (2 s here) after the scoreboard received it; a
 * {@code broadcaster} (or {@code director}) token gets them live; another role is served as public; a token that is
 * there but not valid is a 401 problem. Tokens: test-support's {@link TestTokens}, verified by the service's OIDC
 * configuration with the public key ({@link TestTokensResource}). Real broker.
 */
@QuarkusTest
@TestProfile(PublicDelayTest.TwoSecondsPublicDelay.class)
@WithTestResource(KafkaTestResource.class)
@WithTestResource(TestTokensResource.class)
class PublicDelayTest {
    static final long PUBLIC_DELAY_MS = 2000;
    static final int MAX_DELAYED = 8;
    static final Duration WAIT = Duration.ofSeconds(30);
    static final String RUN = Long.toString(System.nanoTime(), 36);

    public static class TwoSecondsPublicDelay implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("scoreboard.public-delay", PUBLIC_DELAY_MS + "ms",
                    "scoreboard.client.max-delayed-messages", Integer.toString(MAX_DELAYED));
        }
    }

    @TestHTTPResource("/")
    URL base;

    String url(String path) {
        return base.toString().replaceAll("/$", "") + path;
    }

    static String withToken(String path, String token) {
        return path + (path.contains("?") ? "&" : "?") + "access_token=" + URLEncoder.encode(token, StandardCharsets.UTF_8);
    }

    /** Opens the match with seq 1 and waits until the scoreboard knows it. */
    void opened(LedgerWriter w, String m) {
        w.write(List.of(LedgerWriter.ruling(m, 1L, 0, "MATCH_OPENED")), List.of(LedgerWriter.view(m, "T05", "AWAITING_LAG", 1, 0)));
        await().atMost(WAIT).until(() -> given().get("/matches/" + m).statusCode() == 200);
    }

    static SseFeed.Message awaitMessage(SseFeed feed, String idAndEvent) {
        return await().atMost(WAIT).until(() -> feed.messages().stream()
                .filter(x -> (x.id() + " " + x.event()).equals(idAndEvent)).findFirst().orElse(null), Objects::nonNull);
    }

    static List<String> idsAndEvents(List<SseFeed.Message> ms) {
        return ms.stream().map(x -> x.id() + " " + x.event()).toList();
    }

    @Test
    void anonymousGetsEachMessageNoEarlierThanThePublicDelay_aBroadcasterGetsItAtOnce() {
        String m = "public-" + RUN + "-delay";
        try (LedgerWriter w = new LedgerWriter()) {
            opened(w, m);
            String feed = "/matches/" + m + "/stream";
            try (SseFeed broadcaster = SseFeed.open(url(withToken(feed, TestTokens.forRole("broadcaster"))), "1");
                 SseFeed director = SseFeed.open(url(withToken(feed, TestTokens.forRole("director"))), "1");
                 SseFeed anonymous = SseFeed.open(url(feed), "1");
                 SseFeed table = SseFeed.open(url(withToken(feed, TestTokens.forTable("T05"))), "1");
                 SseFeed referee = SseFeed.open(url(withToken(feed, TestTokens.forRole("referee"))), "1");
                 SseFeed everyMatch = SseFeed.open(url("/stream"), null);
                 SseFeed tiles = SseFeed.open(url("/tiles/stream"), null);
                 SseFeed overlay = SseFeed.open(url("/overlay/" + m + "/stream"), "1");
                 SseFeed liveOverlay = SseFeed.open(url(withToken("/overlay/" + m + "/stream", TestTokens.forRole("broadcaster"))), "1")) {
                for (SseFeed f : List.of(broadcaster, director, anonymous, table, referee)) {
                    assertEquals(200, f.response.statusCode());
                }
                ServiceHold.quietFor(300);
                long written = System.currentTimeMillis(); // the scoreboard receives the records after this
                w.write(List.of(LedgerWriter.ruling(m, 2L, 0, "LAG_WON")), List.of(LedgerWriter.view(m, "T05", "IN_PROGRESS", 2, 0)));

                SseFeed.Message live = awaitMessage(broadcaster, "2 view");
                SseFeed.Message delayed = awaitMessage(anonymous, "2 view");
                // Public: no earlier than the delay after the scoreboard received it (which was after `written`).
                assertTrue(delayed.receivedAtMillis() - written >= PUBLIC_DELAY_MS,
                        "anonymous got it " + (delayed.receivedAtMillis() - written) + " ms after it was written");
                // Live: about the whole delay earlier (the broadcaster's copy is not held back).
                assertTrue(delayed.receivedAtMillis() - live.receivedAtMillis() >= PUBLIC_DELAY_MS - 500,
                        "broadcaster ahead by only " + (delayed.receivedAtMillis() - live.receivedAtMillis()) + " ms");
                assertTrue(awaitMessage(director, "2 view").receivedAtMillis() < delayed.receivedAtMillis() - 1000,
                        "a director is live too");
                // Another role (table, referee) is served as public.
                assertTrue(awaitMessage(table, "2 view").receivedAtMillis() - written >= PUBLIC_DELAY_MS, "table: public");
                assertTrue(awaitMessage(referee, "2 view").receivedAtMillis() - written >= PUBLIC_DELAY_MS, "referee: public");
                SseFeed.Message all = awaitMessage(everyMatch, m + ":2 view");
                assertTrue(all.receivedAtMillis() - written >= PUBLIC_DELAY_MS, "/stream: public");
                // The feeds of rendered HTML (the pages') are held back alike.
                assertTrue(awaitMessage(tiles, m + ":2 tile").receivedAtMillis() - written >= PUBLIC_DELAY_MS, "/tiles/stream: public");
                assertTrue(awaitMessage(overlay, "2 lowerThird").receivedAtMillis() - written >= PUBLIC_DELAY_MS, "overlay: public");
                assertTrue(awaitMessage(liveOverlay, "2 lowerThird").receivedAtMillis() < delayed.receivedAtMillis() - 1000,
                        "a broadcaster's overlay is live");
                // The same messages, the same ids.
                assertEquals(idsAndEvents(broadcaster.messages()), idsAndEvents(anonymous.messages()));
                assertEquals(List.of("2 ruling", "2 view"), idsAndEvents(anonymous.messages()));
                assertEquals(live.data(), delayed.data());
            }
            // The REST views stay public and live.
            given().get("/matches/" + m).then().statusCode(200).body("lastSeq", equalTo(2));
        }
    }

    @Test
    void aDelayedClientResumesExactlyAfterItsLastEventId_andStartsFromTheViewItMaySeeNow() {
        String m = "public-" + RUN + "-resume";
        try (LedgerWriter w = new LedgerWriter()) {
            opened(w, m);
            ServiceHold.quietFor(PUBLIC_DELAY_MS + 200); // view 1 is older than the delay now
            long written = System.currentTimeMillis();
            w.write(List.of(LedgerWriter.ruling(m, 2L, 0, "LAG_WON"), LedgerWriter.ruling(m, 2L, 1, "BREAK_ASSIGNED")),
                    List.of(LedgerWriter.view(m, "T05", "IN_PROGRESS", 2, 0)));
            w.write(List.of(LedgerWriter.ruling(m, 2L, 0, "DUPLICATE")), List.of());
            w.write(List.of(LedgerWriter.ruling(m, 3L, 0, "CONTINUE")), List.of(LedgerWriter.view(m, "T05", "IN_PROGRESS", 3, 1)));
            await().atMost(WAIT).until(() -> given().get("/matches/" + m).then().extract().path("lastSeq").equals(3));
            String feed = "/matches/" + m + "/stream";
            try (SseFeed resumed = SseFeed.open(url(feed), "2");
                 SseFeed first = SseFeed.open(url(feed), null)) {
                // A first connection starts at once from view 1 (received more than the delay ago), not from view 3.
                SseFeed.Message view1 = awaitMessage(first, "1 view");
                assertTrue(view1.receivedAtMillis() - written < PUBLIC_DELAY_MS, "view 1 was not held back");
                List<SseFeed.Message> rest = await().atMost(WAIT).until(first::messages, l -> l.size() >= 7);
                assertEquals(List.of("1 view", "2 ruling", "2 ruling", "2 view", "2.1 ruling", "3 ruling", "3 view"),
                        idsAndEvents(rest));
                assertTrue(rest.get(1).receivedAtMillis() - written >= PUBLIC_DELAY_MS, "seq 2 held back");
                // Resume after 2: exactly what followed it, each no earlier than the delay.
                List<SseFeed.Message> after = await().atMost(WAIT).until(resumed::messages, l -> l.size() >= 3);
                assertEquals(List.of("2.1 ruling", "3 ruling", "3 view"), idsAndEvents(after));
                assertTrue(after.get(0).receivedAtMillis() - written >= PUBLIC_DELAY_MS, "resume held back");
                ServiceHold.quietFor(500);
                assertEquals(3, resumed.messages().size(), "nothing repeated");
                assertEquals(7, first.messages().size(), "nothing repeated");
            }
        }
    }

    @Test
    void aTokenThatIsThereButNotValidIs401_neverSilentlyDelayed() {
        String m = "public-" + RUN + "-refused";
        try (LedgerWriter w = new LedgerWriter()) {
            opened(w, m);
        }
        String expired = TestTokens.builder().subject("broadcaster").roles("broadcaster")
                .issuedAgo(Duration.ofHours(2)).lifetime(Duration.ofHours(1)).sign();
        String tampered = TestTokens.tampered(TestTokens.forTable("T05"), "realm_access", Map.of("roles", List.of("broadcaster")));
        List<String> bad = List.of("not-a-jwt", expired, tampered);
        for (String path : List.of("/matches/" + m + "/stream", "/stream", "/tiles/stream", "/overlay/" + m + "/stream")) {
            for (String token : bad) {
                given().header("Authorization", "Bearer " + token).get(path).then().statusCode(401)
                        .contentType(startsWith("application/problem+json")).header("WWW-Authenticate", startsWith("Bearer"))
                        .body("status", equalTo(401));
                given().get(withToken(path, token)).then().statusCode(401)
                        .contentType(startsWith("application/problem+json")).header("WWW-Authenticate", startsWith("Bearer"));
            }
            given().header("Authorization", "Basic YnJvYWRjYXN0ZXI6eA==").get(path).then().statusCode(401);
        }
        // The WebSocket upgrade is refused with the same 401.
        for (String token : bad) {
            try (RawConnection ws = RawConnection.webSocket("127.0.0.1", base.getPort(),
                    withToken("/matches/" + m + "/socket", token), 0)) {
                assertEquals(401, ws.status, token);
            }
        }
        // Public endpoints never look at a token, not even a bad one.
        given().header("Authorization", "Bearer not-a-jwt").get("/matches/" + m).then().statusCode(200);
        given().header("Authorization", "Bearer not-a-jwt").get("/").then().statusCode(200);
        given().header("Authorization", "Bearer not-a-jwt").get("/overlay/" + m).then().statusCode(200);
    }

    @Test
    void theWebSocketIsLiveForABroadcasterHeaderAndDelayedForAnonymous() throws Exception {
        String m = "public-" + RUN + "-socket";
        try (LedgerWriter w = new LedgerWriter()) {
            opened(w, m);
            List<Frame> live = new CopyOnWriteArrayList<>();
            List<Frame> delayed = new CopyOnWriteArrayList<>();
            WebSocket a = socket("/matches/" + m + "/socket?lastEventId=1", "Bearer " + TestTokens.forRole("broadcaster"), live);
            WebSocket b = socket("/matches/" + m + "/socket?lastEventId=1", null, delayed);
            try {
                ServiceHold.quietFor(300);
                long written = System.currentTimeMillis();
                w.write(List.of(LedgerWriter.ruling(m, 2L, 0, "LAG_WON")), List.of(LedgerWriter.view(m, "T05", "IN_PROGRESS", 2, 0)));
                await().atMost(WAIT).until(() -> live.size() >= 2 && delayed.size() >= 2);
                assertEquals(List.of("2", "2"), delayed.stream().map(Frame::id).toList());
                assertEquals(live.stream().map(Frame::id).toList(), delayed.stream().map(Frame::id).toList());
                assertTrue(delayed.get(0).at() - written >= PUBLIC_DELAY_MS, "anonymous socket held back");
                assertTrue(delayed.get(0).at() - live.get(0).at() >= PUBLIC_DELAY_MS - 500, "broadcaster socket live");
            } finally {
                a.abort();
                b.abort();
            }
        }
    }

    @Test
    void aPublicClientHoldingMoreThanMaxDelayedMessagesIsCutOff_aBroadcasterIsNot() throws Exception {
        String m = "public-" + RUN + "-cap";
        try (LedgerWriter w = new LedgerWriter()) {
            opened(w, m);
            String feed = "/matches/" + m + "/stream?lastEventId=1";
            try (RawConnection anonymous = RawConnection.sse("127.0.0.1", base.getPort(), feed, 0);
                 SseFeed broadcaster = SseFeed.open(url(withToken(feed, TestTokens.forRole("broadcaster"))), null)) {
                assertEquals(200, anonymous.status);
                ServiceHold.quietFor(300);
                // 2 × MAX_DELAYED messages within the delay: more than a public client may hold back.
                for (long seq = 2; seq < 2 + MAX_DELAYED; seq++) {
                    w.write(List.of(LedgerWriter.ruling(m, seq, 0, "CONTINUE")),
                            List.of(LedgerWriter.view(m, "T05", "IN_PROGRESS", seq, (int) seq)));
                }
                // An SSE connection that is not cut off stays open (heartbeats): ended means cut off.
                assertTrue(anonymous.endedByService(Duration.ofSeconds(10)), "the public client was not cut off");
                List<SseFeed.Message> got = await().atMost(WAIT).until(broadcaster::messages, l -> l.size() >= 2 * MAX_DELAYED);
                assertEquals(2 * MAX_DELAYED, got.size());
            }
            // It resumes with Last-Event-ID and gets exactly the rest (held back again, within the cap this time).
            try (SseFeed again = SseFeed.open(url("/matches/" + m + "/stream"), Integer.toString(MAX_DELAYED))) {
                List<SseFeed.Message> rest = await().atMost(WAIT).until(again::messages, l -> l.size() >= 2);
                assertEquals(List.of((MAX_DELAYED + 1) + " ruling", (MAX_DELAYED + 1) + " view"), idsAndEvents(rest));
            }
        }
    }

    record Frame(String id, long at) {
    }

    WebSocket socket(String path, String authorization, List<Frame> frames) throws Exception {
        StringBuilder partial = new StringBuilder();
        WebSocket.Builder builder = HttpClient.newHttpClient().newWebSocketBuilder();
        if (authorization != null) {
            builder.header("Authorization", authorization);
        }
        return builder.buildAsync(URI.create(url(path).replaceFirst("^http", "ws")), new WebSocket.Listener() {
            @Override
            public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
                partial.append(data);
                if (last) {
                    JsonNode f = read(partial.toString());
                    frames.add(new Frame(f.get("id").textValue(), System.currentTimeMillis()));
                    partial.setLength(0);
                }
                webSocket.request(1);
                return null;
            }
        }).get(10, TimeUnit.SECONDS);
    }

    static JsonNode read(String json) {
        try {
            return Json.read(json);
        } catch (Exception e) {
            throw new AssertionError("not JSON: " + json, e);
        }
    }
}
