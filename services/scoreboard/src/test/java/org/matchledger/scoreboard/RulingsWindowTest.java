package org.matchledger.scoreboard;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.config.ConfigResource;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.matchledger.kafka.Topics;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.matchledger.core.json.Json;
import org.matchledger.testsupport.Browser;
import org.matchledger.testsupport.BrowserTab;
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
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.matchledger.scoreboard.HistoryBroker.CLOSED;
import static org.matchledger.scoreboard.HistoryBroker.CLOSED_OLD;
import static org.matchledger.scoreboard.HistoryBroker.IDLE;
import static org.matchledger.scoreboard.HistoryBroker.LIVE;
import static org.matchledger.scoreboard.HistoryBroker.RECENT;
import static org.matchledger.testsupport.Browser.jsString;

/**
 * A scoreboard started over a history (a broker of its own, {@link HistoryBroker}) with a rulings window
 * of one hour: it starts from the latest views and reads rulings only from the window; it holds live matches and
 * matches finished within the window, not those finished before it; a resume from before the window gets a snapshot;
 * {@code GET /matches} pages; a closed match is shown as closed (view.md {@code closed}).
 */
@QuarkusTest
@WithTestResource(HistoryBroker.class)
@WithTestResource(TestTokensResource.class)
class RulingsWindowTest {
    static final Duration WAIT = Duration.ofSeconds(30);

    @TestHTTPResource(value = "/health/ready", management = true)
    URL ready;
    @TestHTTPResource("/")
    URL base;
    @ConfigProperty(name = "kafka.bootstrap.servers")
    String servers;

    String url(String path) {
        return base.toString().replaceAll("/$", "") + path;
    }

    @BeforeEach
    void readModelCaughtUp() {
        await().atMost(Duration.ofSeconds(120)).until(() -> given().get(ready).statusCode() == 200);
    }

    HistoryBroker.Writer writer() {
        return new HistoryBroker.Writer(servers, Map.of());
    }

    static List<String> kinds(Response r) {
        return r.jsonPath().getList("kind");
    }

    /** {@code ledger.rulings.retention}: 7 days by default, set on a {@code match-rulings} an older version kept for ever. */
    @Test
    void matchRulingsKeepsItsRecordsSevenDays() throws Exception {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, servers))) {
            ConfigResource topic = new ConfigResource(ConfigResource.Type.TOPIC, Topics.MATCH_RULINGS);
            await().atMost(WAIT).untilAsserted(() -> assertEquals(Long.toString(Duration.ofDays(7).toMillis()),
                    admin.describeConfigs(List.of(topic)).all().get(30, TimeUnit.SECONDS).get(topic).get("retention.ms").value()));
        }
    }

    @Test
    void itStartsFromTheLatestViewsAndHoldsLiveMatchesAndThoseFinishedWithinTheWindow() {
        List<String> ids = given().get("/matches").then().statusCode(200).extract().jsonPath().getList("matchId");
        assertTrue(ids.containsAll(List.of(IDLE, LIVE, RECENT, CLOSED)), ids.toString());
        for (int i = 0; i < HistoryBroker.OLD_FINISHED; i++) {
            assertFalse(ids.contains(HistoryBroker.oldFinished(i)), "finished before the window: " + ids);
        }
        assertFalse(ids.contains(CLOSED_OLD), ids.toString());
        given().get("/matches/" + HistoryBroker.oldFinished(0)).then().statusCode(404)
                .contentType(startsWith("application/problem+json"));

        // A match in progress whose last event is older than the window: its latest view, nothing older.
        given().get("/matches/" + IDLE).then().statusCode(200).body("lastSeq", equalTo(2)).body("status", equalTo("IN_PROGRESS"));
        assertEquals(List.of(), kinds(given().get("/matches/" + IDLE + "/rulings")), "its rulings are older than the window");
        // A live match: only the rulings of the window (seqs 3 and 4, then a notice), not seqs 1–2 of three hours ago.
        assertEquals(List.of("CONTINUE", "FOUL", "TURN", "DUPLICATE"), kinds(given().get("/matches/" + LIVE + "/rulings")));
        given().get("/matches/" + LIVE).then().body("lastSeq", equalTo(4));
        // Finished twenty minutes ago: all of it.
        assertEquals(List.of("MATCH_OPENED", "LAG_WON", "BREAK_ASSIGNED", "MATCH_WON"),
                kinds(given().get("/matches/" + RECENT + "/rulings")).subList(0, 4)); // (then MATCH_CLOSED, once closed below)
        // Closed five minutes ago (its events long before): the closed view.
        given().get("/matches/" + CLOSED).then().statusCode(200).body("closed", equalTo(true)).body("status", equalTo("FINISHED"));
    }

    @Test
    void aResumeFromBeforeTheWindowGetsASnapshotAndOneWithinItIsExact() throws Exception {
        try (SseFeed old = SseFeed.open(url("/matches/" + LIVE + "/stream"), "1");
             SseFeed within = SseFeed.open(url("/matches/" + LIVE + "/stream"), "3");
             SseFeed idle = SseFeed.open(url("/matches/" + IDLE + "/stream"), "1")) {
            await().atMost(WAIT).until(() -> old.messages().size() >= 2 && within.messages().size() >= 4 && idle.messages().size() >= 1);
            assertEquals(List.of("4 view", "4.1 ruling"), ids(old.messages()), "the latest view and what followed it");
            assertEquals(List.of("4 ruling", "4 ruling", "4 view", "4.1 ruling"), ids(within.messages()));
            assertEquals(List.of("2 view"), ids(idle.messages()));
        }
        // The feed of every match: an id this instance does not know gets the snapshot, as any unknown id.
        try (SseFeed all = SseFeed.open(url("/stream"), LIVE + ":1")) {
            await().atMost(WAIT).until(() -> all.messages().stream().anyMatch(m -> m.id().equals(LIVE + ":4")));
            assertTrue(all.messages().stream().allMatch(m -> m.event().equals("view")), "a snapshot is views only");
        }
        List<JsonNode> frames = socket("/matches/" + LIVE + "/socket?lastEventId=1", 2);
        assertEquals(List.of("4 view", "4.1 ruling"), frames.stream().map(f -> f.get("id").textValue() + " " + f.get("event").textValue()).toList());

        // Live events after the start follow with their own ids.
        try (SseFeed feed = SseFeed.open(url("/matches/" + LIVE + "/stream"), "4.1");
             HistoryBroker.Writer w = writer()) {
            w.write(System.currentTimeMillis(), List.of(LedgerWriter.ruling(LIVE, 5L, 0, "CONTINUE")),
                    List.of(LedgerWriter.view(LIVE, "T-live", "IN_PROGRESS", 5, 2)));
            await().atMost(WAIT).until(() -> feed.messages().size() >= 2);
            assertEquals(List.of("5 ruling", "5 view"), ids(feed.messages()));
        }
    }

    @Test
    void matchesArePagedByIdWithANextLinkAndBadParametersAre400NamingThem() {
        List<String> all = given().get("/matches").jsonPath().getList("matchId");
        assertTrue(all.size() >= 4, all.toString());
        List<String> paged = new ArrayList<>();
        String next = "/matches?limit=2";
        int pages = 0;
        while (next != null) {
            Response page = given().get(next);
            page.then().statusCode(200);
            List<String> ids = page.jsonPath().getList("matchId");
            assertTrue(ids.size() <= 2, ids.toString());
            paged.addAll(ids);
            String link = page.header("Link");
            next = null;
            if (link != null) {
                Matcher m = Pattern.compile("^<([^>]+)>; rel=\"next\"$").matcher(link);
                assertTrue(m.matches(), link);
                next = m.group(1);
            }
            pages++;
        }
        assertEquals(all, paged, "the pages, one after another, are the unpaged list");
        assertEquals((all.size() + 1) / 2, pages);
        assertNull(given().get("/matches?limit=1000").header("Link"));
        List<String> afterFirst = given().queryParam("after", all.get(0)).get("/matches").jsonPath().getList("matchId");
        assertEquals(all.subList(1, all.size()), afterFirst);

        for (String bad : List.of("0", "-1", "1001", "ten", "1.5")) {
            given().queryParam("limit", bad).get("/matches").then().statusCode(400)
                    .contentType(startsWith("application/problem+json")).body("parameter", equalTo("limit"));
        }
        for (String bad : List.of("a b", "x".repeat(65), "<m>")) {
            given().queryParam("after", bad).get("/matches").then().statusCode(400)
                    .contentType(startsWith("application/problem+json")).body("parameter", equalTo("after"));
        }
    }

    @Test
    void aFinishedMatchWhoseLastRecordIsOlderThanTheWindowLeavesTheReadModel() {
        String m = "hist-" + HistoryBroker.RUN + "-late";
        long old = System.currentTimeMillis() - HistoryBroker.OLD.toMillis();
        try (HistoryBroker.Writer w = writer()) {
            // Log times before the window (as a tool re-writing an old match would write them): held while in progress…
            w.write(old, List.of(LedgerWriter.ruling(m, 1L, 0, "MATCH_OPENED")),
                    List.of(LedgerWriter.view(m, "T-late", "AWAITING_LAG", 1, 0)));
            await().atMost(WAIT).until(() -> given().get("/matches/" + m).statusCode() == 200);
            // … and dropped once finished.
            w.write(old, List.of(LedgerWriter.ruling(m, 2L, 0, "MATCH_WON")), List.of(LedgerWriter.view(m, "T-late", "FINISHED", 2, 7)));
        }
        await().atMost(WAIT).until(() -> given().get("/matches/" + m).statusCode() == 404);
        assertFalse(given().get("/matches").jsonPath().getList("matchId").contains(m));
    }

    @Test
    void aClosedMatchIsMarkedClosedOnTheDashboardAndTheOverlayAndItsFeedGetsTheClosing() throws Exception {
        String root = base.toString().replaceAll("/$", "");
        String closedTile = "#finished .tile[data-match-id=' + " + jsString(jsString(CLOSED)) + " + ']";
        try (Browser browser = Browser.launch();
             BrowserTab dashboard = browser.open(root + "/");
             BrowserTab overlay = browser.open(root + "/overlay/" + RECENT);
             SseFeed feed = SseFeed.open(url("/matches/" + RECENT + "/stream"), "3")) {
            for (BrowserTab page : List.of(dashboard, overlay)) {
                page.waitFor("document.body.getAttribute('data-connection') === 'live'", WAIT);
            }
            // Rendered by the server: closed at load.
            assertEquals("true", dashboard.evaluate("document.querySelector('" + closedTile + "').getAttribute('data-closed')").asText());
            assertEquals("closed", dashboard.evaluate("document.querySelector('" + closedTile + " [data-field=\"closed\"]').textContent").asText());
            String recentTile = ".tile[data-match-id=' + " + jsString(jsString(RECENT)) + " + ']";
            assertEquals("false", dashboard.evaluate("document.querySelector('" + recentTile + "').getAttribute('data-closed')").asText());
            assertEquals(0, overlay.count("[data-field=\"closed\"]"));

            // Closed live: the MATCH_CLOSED ruling and the last view with "closed": true, at the last seq (3).
            try (HistoryBroker.Writer w = writer()) {
                w.write(System.currentTimeMillis(), List.of(HistoryBroker.closing(RECENT)),
                        List.of(HistoryBroker.closed(LedgerWriter.view(RECENT, "T-" + RECENT, "FINISHED", 3, 7))));
            }
            await().atMost(WAIT).until(() -> feed.messages().size() >= 2);
            assertEquals(List.of("3.1 ruling", "3.1 view"), ids(feed.messages()));
            assertEquals("MATCH_CLOSED", Json.read(feed.messages().get(0).data()).path("kind").asText());
            assertTrue(Json.read(feed.messages().get(1).data()).path("closed").asBoolean(false));
            dashboard.waitFor("document.querySelector('" + recentTile + "').getAttribute('data-closed') === 'true'", WAIT);
            dashboard.waitForText(".tile[data-match-id=" + jsString(RECENT) + "] [data-field=\"closed\"]", "closed", WAIT);
            overlay.waitForText("[data-field=\"closed\"]", "closed", WAIT);
            given().get("/matches/" + RECENT).then().body("closed", equalTo(true));
            assertTrue(dashboard.console().stream().noneMatch(l -> l.startsWith("exception")), dashboard.console().toString());
        }
    }

    static List<String> ids(List<SseFeed.Message> messages) {
        return messages.stream().map(m -> m.id() + " " + m.event()).toList();
    }

    List<JsonNode> socket(String path, int n) throws Exception {
        List<JsonNode> frames = new CopyOnWriteArrayList<>();
        StringBuilder partial = new StringBuilder();
        WebSocket ws = HttpClient.newHttpClient().newWebSocketBuilder()
                .buildAsync(URI.create(url(path).replaceFirst("^http", "ws")), new WebSocket.Listener() {
                    @Override
                    public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
                        partial.append(data);
                        if (last) {
                            try {
                                frames.add(Json.read(partial.toString()));
                            } catch (Exception e) {
                                throw new IllegalStateException(e);
                            }
                            partial.setLength(0);
                        }
                        webSocket.request(1);
                        return null;
                    }
                }).get(20, TimeUnit.SECONDS);
        try {
            await().atMost(WAIT).until(() -> frames.size() >= n);
            return List.copyOf(frames);
        } finally {
            ws.abort();
        }
    }
}
