package org.matchledger.scoreboard;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;
import org.matchledger.core.json.Json;
import org.matchledger.scoreboard.pages.TileView;
import org.matchledger.scoreboard.pages.Tiles;
import org.matchledger.scoreboard.readmodel.LedgerRuling;
import org.matchledger.scoreboard.readmodel.LedgerView;
import org.matchledger.testsupport.Browser;
import org.matchledger.testsupport.BrowserTab;
import org.matchledger.testsupport.KafkaTestResource;
import org.matchledger.testsupport.TestTokensResource;

import java.io.IOException;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.matchledger.testsupport.Browser.jsString;

/**
 * The one rendering of a tile ({@link Tiles}, templates {@code templates/tiles/}): what it shows, that it escapes,
 * and that the pages and the feeds of rendered HTML carry the same markup.
 */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
@WithTestResource(TestTokensResource.class)
class TilesTest {
    static final String RUN = Long.toString(System.nanoTime(), 36);
    static final String IMG = "<img src=x onerror=window.__xss=1>";

    @TestHTTPResource("/")
    URL base;

    /** A Black Ball view: Ann at the table on reds, Bob on yellows, two reds, the black and two yellows left. */
    static ObjectNode blackBallView(String matchId, long lastSeq) {
        ObjectNode v = Json.MAPPER.createObjectNode().put("matchId", matchId).put("discipline", "BLACKBALL")
                .put("status", "IN_PROGRESS").put("raceTo", 5).put("breakFormat", "ALTERNATE").put("tableId", "T07").put("rack", 2);
        ArrayNode players = v.putArray("players");
        players.addObject().put("id", "p1").put("name", "Ann").put("score", 1).put("consecutiveFouls", 0)
                .put("onTwoFouls", false).put("innings", 3).put("currentRun", 0).put("highRun", 0).put("group", "REDS");
        players.addObject().put("id", "p2").put("name", "Bob").put("score", 0).put("consecutiveFouls", 1)
                .put("onTwoFouls", false).put("innings", 3).put("currentRun", 0).put("highRun", 0).put("group", "YELLOWS");
        v.put("atTable", "p1");
        v.putArray("ballsOnTable").add(2).add(7).add(8).add(9).add(15);
        return v.put("lastSeq", lastSeq);
    }

    /** The view as the read model holds it. */
    static LedgerView view(JsonNode v) {
        return LedgerView.of(v, Json.write(v));
    }

    /** The ruling as the read model holds it. */
    static LedgerRuling ruling(JsonNode r) {
        return LedgerRuling.of(r, null, Json.write(r));
    }

    @Test
    void blackBallsReadsAndYellowsAreDrawnInTheirColoursUnnumbered() {
        // Black Ball (5.x): 1–7 red, 9–15 yellow, 8 the black; the ledger's number stays in data-ball and the title.
        TileView view = TileView.of(view(blackBallView("bb-" + RUN, 9)));
        for (String html : List.of(Tiles.tile(view), Tiles.lowerThird(view))) {
            assertTrue(html.contains("<i class=\"ball red\" data-ball=\"2\" title=\"red (2)\"></i>"), html);
            assertTrue(html.contains("<i class=\"ball red\" data-ball=\"7\" title=\"red (7)\"></i>"), html);
            assertTrue(html.contains("<i class=\"ball black\" data-ball=\"8\" title=\"black (8)\"></i>"), html);
            assertTrue(html.contains("<i class=\"ball yellow\" data-ball=\"9\" title=\"yellow (9)\"></i>"), html);
            assertTrue(html.contains("<i class=\"ball yellow\" data-ball=\"15\" title=\"yellow (15)\"></i>"), html);
            assertFalse(html.contains(" b9") || html.contains(" b2"), "no numbered pool ball: " + html);
            assertTrue(html.contains("data-count=\"5\""), html);
            assertTrue(html.contains(">Black Ball<"), html);
        }
        String pool = Tiles.tile(TileView.of(view(LedgerWriter.view("nb-" + RUN, "T01", "IN_PROGRESS", 4, 2))));
        assertTrue(pool.contains("<i class=\"ball b3\" data-ball=\"3\" title=\"ball 3\">3</i>"), pool);
        assertTrue(pool.contains("<i class=\"ball b9\" data-ball=\"9\" title=\"ball 9\">9</i>"), pool);
    }

    @Test
    void aTileShowsScoresFoulsAndWhoIsAtTheTable() {
        String m = "nb-" + RUN;
        String html = Tiles.tile(TileView.of(view(LedgerWriter.view(m, "T01", "IN_PROGRESS", 4, 2))));
        assertTrue(html.startsWith("<article class=\"tile\" data-match-id=\"" + m + "\" data-status=\"IN_PROGRESS\" data-closed=\"false\" data-last-seq=\"4\">"), html);
        assertTrue(html.contains("<span class=\"score\" data-field=\"score\" data-player=\"p1\">2</span>"), html);
        assertTrue(html.contains("<span class=\"fouls\" data-field=\"fouls\" data-player=\"p2\">2 FOULS</span>"), html); // 6.14
        assertTrue(html.contains("<div class=\"player at\" data-player=\"p1\">"), html);
        assertTrue(html.contains("<span class=\"at-table\" data-field=\"atTable\" data-player=\"p1\">Ann</span>"), html);
        assertTrue(html.contains("Race to 7") && html.contains("Rack 1") && html.contains(">9-Ball<"), html);
        String finished = Tiles.tile(TileView.of(view(LedgerWriter.view(m, "T01", "FINISHED", 9, 7))));
        assertTrue(finished.contains("<div class=\"player at winner\" data-player=\"p1\">"), finished);
        assertTrue(finished.contains(">Ann wins</span>"), finished);
    }

    @Test
    void everyValueFromTheLedgerIsEscaped() {
        ObjectNode v = PagesXssTest.forgedView("x-" + RUN, IMG, 3);
        TileView view = TileView.of(view(v));
        for (String html : List.of(Tiles.tile(view), Tiles.lowerThird(view))) {
            assertFalse(html.contains("<img"), html);
            assertTrue(html.contains("&lt;img src=x onerror=window.__xss=1&gt; one"), html);
            assertTrue(html.contains("data-status=\"\""), "a status outside the contract is not an attribute: " + html);
            assertTrue(html.contains("Race to 0"), html);
        }
        String line = Tiles.ruling("x-" + RUN, ruling(PagesXssTest.forgedRuling("x-" + RUN, 3L, "EVENT_REJECTED", IMG)));
        assertFalse(line.contains("<img"), line);
        assertTrue(line.endsWith(": &lt;img src=x onerror=window.__xss=1&gt;</span>"), line);
    }

    @Test
    void aRulingsLineCitesTheRuleWithItsShortText() {
        ObjectNode foul = LedgerWriter.ruling("nb-" + RUN, 5L, 0, "FOUL").put("foul", "CUE_BALL_SCRATCH").put("rule", "6.1");
        assertEquals("<span class=\"last-ruling\" data-field=\"lastRuling\" data-match-id=\"nb-" + RUN + "\">"
                + "FOUL · cue ball scratch (6.1 cue ball scratch or off the table)</span>", Tiles.ruling("nb-" + RUN, ruling(foul)));
        ObjectNode points = LedgerWriter.ruling("sp-" + RUN, 6L, 1, "POINTS").put("points", 3).put("rule", "4.2");
        assertEquals("POINTS (4.2 14.1 scoring: a point for each legally pocketed ball) +3", Tiles.rulingText(ruling(points)));
    }

    /** The dashboard's tile and the tile on /tiles/stream are one rendering; so are the overlay's and its feed's. */
    @Test
    void thePagesAndTheFeedsOfRenderedHtmlCarryTheSameTile() throws Exception {
        String m = "bb-" + RUN;
        try (LedgerWriter w = new LedgerWriter()) {
            w.write(List.of(LedgerWriter.ruling(m, 9L, 0, "FOUL").put("foul", "NO_RAIL").put("rule", "6.3")),
                    List.of(blackBallView(m, 9)));
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> given().get("/matches/" + m).statusCode() == 200);
        String dashboard = given().get("/").then().statusCode(200).extract().asString();
        String overlay = given().accept("text/html").get("/overlay/" + m).then().statusCode(200).extract().asString();

        List<String[]> tiles = events("/tiles/stream", m + ":", 1, "tile");
        assertEquals(m + ":9", tiles.get(0)[0], "the ids of /stream");
        assertTrue(dashboard.contains(tiles.get(0)[2]), "the dashboard shows the feed's tile\n" + tiles.get(0)[2] + "\n" + dashboard);
        assertTrue(tiles.get(0)[2].contains("class=\"ball red\""), tiles.get(0)[2]);

        List<String[]> own = events("/overlay/" + m + "/stream?lastEventId=8", "", 2, "lowerThird");
        assertEquals("9", own.get(0)[0]);
        assertEquals("ruling", own.get(0)[1]);
        assertEquals("<span class=\"last-ruling\" data-field=\"lastRuling\" data-match-id=\"" + m + "\">"
                + "FOUL · no rail (6.3 no rail after contact)</span>", own.get(0)[2]);
        assertEquals("lowerThird", own.get(1)[1]);
        assertTrue(overlay.contains("<div id=\"overlay\">" + own.get(1)[2] + "</div>"), own.get(1)[2] + "\n" + overlay);
    }

    /**
     * In a real browser, a Black Ball match that starts after the pages were opened (5.x): its tile and its lower
     * third arrive over the feeds of rendered HTML and show reds, yellows and the black in their colours, unnumbered;
     * the tile shows the ruling's line with the rule's short text (6.3).
     */
    @Test
    void aBlackBallMatchIsDrawnInItsColoursOnTheDashboardAndTheOverlay() {
        String m = "bbl-" + RUN;
        String root = base.toString().replaceAll("/$", "");
        Duration wait = Duration.ofSeconds(30);
        try (Browser browser = Browser.launch();
             BrowserTab dashboard = browser.open(root + "/");
             BrowserTab overlay = browser.open(root + "/overlay/" + m)) {
            for (BrowserTab page : List.of(dashboard, overlay)) {
                page.waitFor("document.body.getAttribute('data-connection') === 'live'", wait);
            }
            try (LedgerWriter w = new LedgerWriter()) {
                w.write(List.of(LedgerWriter.ruling(m, 9L, 0, "FOUL").put("foul", "NO_RAIL").put("rule", "6.3")),
                        List.of(blackBallView(m, 9)));
            }
            String balls = "[data-match-id=" + jsString(m) + "] .ball";
            String colours = "Array.from(document.querySelectorAll(" + jsString(balls) + "))"
                    + ".map(b => getComputedStyle(b).backgroundColor + '/' + b.textContent).join('|')";
            for (BrowserTab page : List.of(dashboard, overlay)) {
                page.waitFor("document.querySelectorAll(" + jsString(balls) + ").length === 5", wait);
                assertEquals("rgb(200, 16, 46)/|rgb(200, 16, 46)/|rgb(17, 17, 17)/|rgb(245, 208, 0)/|rgb(245, 208, 0)/",
                        page.evaluate(colours).asText(), "two reds, the black, two yellows, no numbers");
                assertEquals("Ann", page.text("[data-match-id=" + jsString(m) + "] [data-field=\"atTable\"]"));
                assertEquals(1, page.count("script"), "only the page's own script");
            }
            dashboard.waitForText("[data-match-id=" + jsString(m) + "] [data-field=\"lastRuling\"]",
                    "FOUL · no rail (6.3 no rail after contact)", wait);
            dashboard.screenshot(PagesXssTest.SCREENSHOTS.resolve("blackball-dashboard.png"));
            overlay.screenshot(PagesXssTest.SCREENSHOTS.resolve("blackball-overlay.png"), true);
            assertTrue(dashboard.console().stream().noneMatch(l -> l.startsWith("exception")), dashboard.console().toString());
            assertTrue(overlay.console().stream().noneMatch(l -> l.startsWith("exception")), overlay.console().toString());
        }
    }

    /** Reads the SSE feed at {@code path} until {@code count} messages with ids starting {@code idPrefix}, the last of event {@code until}. */
    private List<String[]> events(String path, String idPrefix, int count, String until) throws IOException, InterruptedException {
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        HttpRequest req = HttpRequest.newBuilder(URI.create(base.toString().replaceAll("/$", "") + path))
                .header("Accept", "text/event-stream").timeout(Duration.ofSeconds(20)).build();
        HttpResponse<Stream<String>> res = client.send(req, HttpResponse.BodyHandlers.ofLines());
        assertEquals(200, res.statusCode(), path);
        List<String[]> out = new ArrayList<>();
        try (Stream<String> lines = res.body()) {
            Iterator<String> it = lines.iterator();
            String id = null;
            String event = null;
            StringBuilder data = null;
            while (it.hasNext()) {
                String line = it.next();
                if (line.startsWith("id: ")) {
                    id = line.substring(4);
                } else if (line.startsWith("event: ")) {
                    event = line.substring(7);
                } else if (line.startsWith("data: ")) {
                    data = data == null ? new StringBuilder(line.substring(6)) : data.append('\n').append(line.substring(6));
                } else if (line.isEmpty() && id != null) {
                    if (id.startsWith(idPrefix)) {
                        out.add(new String[] {id, event, data == null ? "" : data.toString()});
                        if (out.size() == count) {
                            assertEquals(until, event, path);
                            return out;
                        }
                    }
                    id = null;
                    event = null;
                    data = null;
                }
            }
        }
        throw new AssertionError(path + ": the feed ended after " + out.size() + " messages");
    }
}
