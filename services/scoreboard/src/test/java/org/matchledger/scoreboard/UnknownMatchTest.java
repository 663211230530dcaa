package org.matchledger.scoreboard;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.matchledger.scoreboard.feed.FeedRoutes;
import org.matchledger.scoreboard.readmodel.FeedHub;
import org.matchledger.testsupport.KafkaTestResource;
import org.matchledger.testsupport.TestTokensResource;

import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.net.http.WebSocketHandshakeException;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * {@code {matchId}} on every read endpoint (REST, SSE, WebSocket, overlay page): a malformed id is a 400 problem
 * naming {@code matchId}, an id the ledger does not know a 404, and neither leaves anything behind in the read model.
 */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
@WithTestResource(TestTokensResource.class)
class UnknownMatchTest {
    static final String RUN = Long.toString(System.nanoTime(), 36);
    /** As sent in the path (percent-encoded) and as the service decodes it. */
    static final List<List<String>> MALFORMED = List.of(
            List.of("a%20b", "a b"), List.of("x%3Cimg%20src%3Dx%3E", "x<img src=x>"), List.of("caf%C3%A9", "café"),
            List.of("q%22%3E", "q\">"), List.of("a".repeat(65), "a".repeat(65)));

    @TestHTTPResource("/")
    URL base;
    @Inject
    FeedHub hub;

    static List<String> readEndpoints(String id) {
        return List.of("/matches/" + id, "/matches/" + id + "/rulings", "/matches/" + id + "/stream",
                "/matches/" + id + "/socket", "/overlay/" + id, "/overlay/" + id + "/stream");
    }

    @Test
    void aMalformedMatchIdIs400NamingItOnEveryReadEndpoint() throws Exception {
        for (List<String> id : MALFORMED) {
            for (String path : readEndpoints(id.get(0))) {
                Response r = given().urlEncodingEnabled(false).header("Accept", "text/html,*/*").get(path);
                assertEquals(400, r.statusCode(), path);
                assertTrue(r.contentType().startsWith("application/problem+json"), path + " " + r.contentType());
                assertEquals("matchId", r.jsonPath().getString("parameter"), path);
                assertHardened(r, path);
            }
            assertEquals(400, handshakeStatus("/matches/" + id.get(0) + "/socket"));
            assertFalse(hub.holds(id.get(1)), "nothing held for " + id.get(1));
        }
    }

    @Test
    void anUnknownMatchIs404OnEveryReadEndpointAndCreatesNothing() throws Exception {
        String id = "nobody-" + RUN;
        for (String path : readEndpoints(id)) {
            Response r = given().get(path);
            assertEquals(404, r.statusCode(), path);
            assertTrue(r.contentType().startsWith("application/problem+json"), path + " " + r.contentType());
            assertEquals("Unknown match", r.jsonPath().getString("title"), path);
            assertHardened(r, path);
        }
        // A browser source asking for the overlay page gets the empty page (it waits for the match), still a 404.
        Response page = given().header("Accept", "text/html").get("/overlay/" + id);
        assertEquals(404, page.statusCode());
        assertTrue(page.contentType().startsWith("text/html"));
        assertTrue(page.body().asString().contains("data-match-known=\"false\""));
        assertHardened(page, "overlay page");
        assertEquals(404, handshakeStatus("/matches/" + id + "/socket"));
        given().header("Last-Event-ID", "3").get("/matches/" + id + "/stream").then().statusCode(404);

        assertFalse(hub.holds(id), "no feed, no map entry for an id nobody wrote");
        given().get("/matches").then().statusCode(200);
        assertFalse(given().get("/matches").jsonPath().getList("matchId").contains(id));
    }

    static void assertHardened(Response r, String what) {
        assertEquals(FeedRoutes.CONTENT_SECURITY_POLICY, r.header("Content-Security-Policy"), what);
        assertEquals("nosniff", r.header("X-Content-Type-Options"), what);
    }

    /** The status a WebSocket upgrade was refused with. */
    int handshakeStatus(String path) throws Exception {
        URI uri = URI.create(base.toString().replaceAll("/$", "").replaceFirst("^http", "ws") + path);
        try {
            WebSocket ws = HttpClient.newHttpClient().newWebSocketBuilder().buildAsync(uri, new WebSocket.Listener() {
            }).get(5, TimeUnit.SECONDS);
            ws.abort();
            fail("upgraded " + path);
            return 101;
        } catch (ExecutionException e) {
            WebSocketHandshakeException refused = assertInstanceOf(WebSocketHandshakeException.class, e.getCause());
            return refused.getResponse().statusCode();
        }
    }
}
