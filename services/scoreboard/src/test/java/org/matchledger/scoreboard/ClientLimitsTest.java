package org.matchledger.scoreboard;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.matchledger.scoreboard.feed.ConnectionSlots;
import org.matchledger.scoreboard.readmodel.FeedHub;
import org.matchledger.testsupport.KafkaTestResource;
import org.matchledger.testsupport.SseFeed;
import org.matchledger.testsupport.TestTokensResource;

import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What one host or one slow client can take, with low limits: connections per address and in total over SSE and
 * WebSocket together (503 with Retry-After beyond, a slot free again when a client leaves), and clients that stop
 * reading while many messages flow are cut off while the others keep receiving. 127.0.0.2 and 127.0.0.3 are other
 * client addresses (the whole of 127/8 is loopback).
 */
@QuarkusTest
@TestProfile(ClientLimitsTest.LowLimits.class)
@WithTestResource(KafkaTestResource.class)
@WithTestResource(TestTokensResource.class)
class ClientLimitsTest {
    static final Duration WAIT = Duration.ofSeconds(30);
    static final String RUN = Long.toString(System.nanoTime(), 36);

    public static class LowLimits implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("scoreboard.connections.max-per-address", "4", "scoreboard.connections.max-total", "6",
                    "scoreboard.connections.retry-after", "7s",
                    "scoreboard.client.max-pending-bytes", "65536", "scoreboard.client.stall-timeout", "3s");
        }
    }

    @TestHTTPResource("/")
    URL base;
    @Inject
    ConnectionSlots slots;
    @Inject
    FeedHub hub;

    int port() {
        return base.getPort();
    }

    String url(String path) {
        return base.toString().replaceAll("/$", "") + path;
    }

    @BeforeEach
    void noConnectionLeftFromAnotherTest() {
        await().atMost(WAIT).until(() -> slots.inUse() == 0);
    }

    static void opened(LedgerWriter w, String m) {
        w.write(List.of(LedgerWriter.ruling(m, 1L, 0, "MATCH_OPENED")), List.of(LedgerWriter.view(m, "T-" + m, "AWAITING_LAG", 1, 0)));
    }

    void awaitKnown(String m) {
        await().atMost(WAIT).until(() -> given().get("/matches/" + m).statusCode() == 200);
    }

    static void assertRefused(RawConnection c) throws Exception {
        assertEquals(503, c.status);
        assertEquals("7", c.headers.get("retry-after"));
        assertTrue(c.headers.get("content-type").startsWith("application/problem+json"), c.headers.toString());
        JsonNode problem = FeedTest.read(c.body());
        assertEquals(503, problem.get("status").intValue());
        assertEquals("Too many connections", problem.get("title").textValue());
    }

    @Test
    void capsPerAddressAndInTotalOverSseAndWebSocketFreeASlotWhenAClientLeaves() throws Exception {
        String m = "caps-" + RUN;
        try (LedgerWriter w = new LedgerWriter()) {
            opened(w, m);
        }
        awaitKnown(m);
        String sse = "/matches/" + m + "/stream";
        String socket = "/matches/" + m + "/socket";
        List<RawConnection> open = new ArrayList<>();
        try {
            // 127.0.0.1: two SSE feeds and two WebSockets fill its four slots.
            RawConnection sse1 = RawConnection.sse("127.0.0.1", port(), sse, 0);
            RawConnection all1 = RawConnection.sse("127.0.0.1", port(), "/stream", 0);
            RawConnection ws1 = RawConnection.webSocket("127.0.0.1", port(), socket, 0);
            RawConnection ws2 = RawConnection.webSocket("127.0.0.1", port(), socket, 0);
            open.addAll(List.of(sse1, all1, ws1, ws2));
            assertEquals(List.of(200, 200, 101, 101), open.stream().map(c -> c.status).toList());
            await().atMost(WAIT).until(() -> slots.inUse("127.0.0.1") == 4);
            try (RawConnection c = RawConnection.sse("127.0.0.1", port(), sse, 0)) {
                assertRefused(c);
            }
            try (RawConnection c = RawConnection.webSocket("127.0.0.1", port(), socket, 0)) {
                assertRefused(c);
            }
            // Another address still gets in, up to the total of six.
            open.add(RawConnection.sse("127.0.0.2", port(), sse, 0));
            open.add(RawConnection.webSocket("127.0.0.2", port(), socket, 0));
            assertEquals(List.of(200, 101), open.subList(4, 6).stream().map(c -> c.status).toList());
            await().atMost(WAIT).until(() -> slots.inUse() == 6);
            try (RawConnection c = RawConnection.sse("127.0.0.3", port(), "/stream", 0)) {
                assertRefused(c);
            }
            try (RawConnection c = RawConnection.webSocket("127.0.0.3", port(), socket, 0)) {
                assertRefused(c);
            }
            assertEquals(6, slots.inUse(), "refused connections hold no slot");

            // A client leaves: its slot is free again, for its own address and in total.
            sse1.close();
            open.remove(sse1);
            await().atMost(WAIT).until(() -> slots.inUse() == 5 && slots.inUse("127.0.0.1") == 3);
            RawConnection again = RawConnection.webSocket("127.0.0.1", port(), socket, 0);
            open.add(again);
            assertEquals(101, again.status);
            await().atMost(WAIT).until(() -> slots.inUse() == 6);
            ws2.close();
            open.remove(ws2);
            await().atMost(WAIT).until(() -> slots.inUse() == 5);
            RawConnection third = RawConnection.sse("127.0.0.3", port(), sse, 0);
            open.add(third);
            assertEquals(200, third.status);
        } finally {
            open.forEach(RawConnection::close);
        }
        // Every slot comes back: nothing leaks, and the hub forgets every client.
        await().atMost(WAIT).until(() -> slots.inUse() == 0 && hub.clients() == 0);
    }

    @Test
    void clientsThatStopReadingAreCutOffAndTheOthersKeepReceiving() throws Exception {
        String m = "slow-" + RUN;
        try (LedgerWriter w = new LedgerWriter()) {
            opened(w, m);
        }
        awaitKnown(m);
        List<JsonNode> frames = new CopyOnWriteArrayList<>();
        StringBuilder partial = new StringBuilder();
        WebSocket reading = HttpClient.newHttpClient().newWebSocketBuilder()
                .buildAsync(URI.create(url("/matches/" + m + "/socket").replaceFirst("^http", "ws")), new WebSocket.Listener() {
                    @Override
                    public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
                        partial.append(data);
                        if (last) {
                            frames.add(FeedTest.read(partial.toString()));
                            partial.setLength(0);
                        }
                        webSocket.request(1);
                        return null;
                    }
                }).get(5, TimeUnit.SECONDS);
        // A tiny receive window, and nothing read after the headers.
        try (SseFeed feed = SseFeed.open(url("/matches/" + m + "/stream"), null);
             RawConnection slowSse = RawConnection.sse("127.0.0.1", port(), "/matches/" + m + "/stream", 2048);
             RawConnection slowSocket = RawConnection.webSocket("127.0.0.1", port(), "/matches/" + m + "/socket", 2048)) {
            assertEquals(200, slowSse.status);
            assertEquals(101, slowSocket.status);
            await().atMost(WAIT).until(() -> hub.clients() == 4);

            // ~8 MB of views, far beyond what the socket buffers and the 64 KiB budget hold.
            int seqs = 200;
            String padding = "x".repeat(40_000);
            try (LedgerWriter w = new LedgerWriter()) {
                for (long s = 2; s <= seqs; s++) {
                    ObjectNode v = LedgerWriter.view(m, "T-" + m, "IN_PROGRESS", s, (int) s);
                    v.put("note", padding);
                    w.write(List.of(LedgerWriter.ruling(m, s, 0, "CONTINUE")), List.of(v));
                }
            }
            // The readers get everything, in order.
            await().atMost(Duration.ofSeconds(60)).until(() -> feed.messages().stream().anyMatch(x -> x.id().equals(seqs + "") && x.event().equals("view")));
            await().atMost(Duration.ofSeconds(60)).until(() -> frames.stream().anyMatch(f -> f.get("id").textValue().equals(seqs + "")
                    && f.get("event").textValue().equals("view")));
            assertEquals(seqs, feed.messages().stream().filter(x -> x.event().equals("view")).count(), "one view per seq, from 1");
            // The two that stopped reading are gone from the hub, and the service ended their connections.
            await().atMost(WAIT).until(() -> hub.clients() == 2);
            assertTrue(slowSse.endedByService(WAIT), "the slow SSE client's connection was ended");
            assertTrue(slowSocket.endedByService(WAIT), "the slow WebSocket's connection was ended");
            await().atMost(WAIT).until(() -> slots.inUse() == 2);

            // The others keep receiving live messages.
            try (LedgerWriter w = new LedgerWriter()) {
                w.write(List.of(LedgerWriter.ruling(m, (long) seqs + 1, 0, "CONTINUE")),
                        List.of(LedgerWriter.view(m, "T-" + m, "IN_PROGRESS", seqs + 1, 0)));
            }
            await().atMost(WAIT).until(() -> feed.messages().stream().anyMatch(x -> x.id().equals((seqs + 1) + "")));
            await().atMost(WAIT).until(() -> frames.stream().anyMatch(f -> f.get("id").textValue().equals((seqs + 1) + "")));
            // The cut-off SSE client resumes exactly with Last-Event-ID.
            try (SseFeed resumed = SseFeed.open(url("/matches/" + m + "/stream"), Long.toString(seqs))) {
                await().atMost(WAIT).until(() -> resumed.messages().size() >= 2);
                assertEquals(List.of((seqs + 1) + " ruling", (seqs + 1) + " view"), FeedTest.idsAndEvents(resumed.messages()));
            }
        } finally {
            reading.abort();
        }
    }
}
