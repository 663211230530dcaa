package org.matchledger.scoreboard;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;
import org.matchledger.core.json.Json;
import org.matchledger.scoreboard.feed.FeedRoutes;
import org.matchledger.testsupport.Browser;
import org.matchledger.testsupport.BrowserTab;
import org.matchledger.testsupport.KafkaTestResource;
import org.matchledger.testsupport.TestTokensResource;

import java.net.URL;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.matchledger.testsupport.Browser.jsString;

/**
 * Forged ledger data on the pages, in a real headless Chromium: a view and rulings whose every text field (names,
 * player ids, table id, discipline, status, numbers, balls, rule, reason, detail…, and the match id of a second
 * match) carries markup. Server rendering, the first live snapshot and a live update afterwards must all show it as
 * text: no script runs ({@code window.__xss} stays undefined), no element is injected.
 */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
@WithTestResource(TestTokensResource.class)
class PagesXssTest {
    static final String RUN = Long.toString(System.nanoTime(), 36);
    static final String IMG = "<img src=x onerror=window.__xss=1>";
    static final String SCRIPT = "\"><script>window.__xss=2</script>";
    static final String EVIL = IMG + SCRIPT;
    static final Duration WAIT = Duration.ofSeconds(30);
    static final Path SCREENSHOTS = Path.of("target", "screenshots");

    @TestHTTPResource("/")
    URL base;

    /** A view of {@code matchId} whose every field the pages show carries {@code text}. */
    static ObjectNode forgedView(String matchId, String text, long lastSeq) {
        ObjectNode v = Json.MAPPER.createObjectNode().put("matchId", matchId).put("discipline", text).put("status", text)
                .put("raceTo", text).put("breakFormat", text).put("tableId", text).put("rack", text);
        ArrayNode players = v.putArray("players");
        players.addObject().put("id", text + "1").put("name", text + " one").put("score", text).put("consecutiveFouls", text)
                .put("onTwoFouls", text).put("innings", text).put("currentRun", text).put("highRun", text).put("group", text);
        players.addObject().put("id", text + "2").put("name", text + " two").put("score", 3).put("consecutiveFouls", 1)
                .put("onTwoFouls", false).put("innings", 1).put("currentRun", 0).put("highRun", 0);
        v.put("atTable", text + "1").put("breaker", text).put("cueBall", text);
        v.putArray("ballsOnTable").add(text).add(9).add("8\"><b>").add(99);
        v.put("winner", text + "2").put("pendingOption", text);
        return v.put("lastSeq", lastSeq);
    }

    static ObjectNode forgedRuling(String matchId, Long seq, String kind, String text) {
        return LedgerWriter.ruling(matchId, seq, 0, kind).put("player", text).put("rule", text).put("foul", text)
                .put("reason", text).put("detail", text).put("points", text);
    }

    @Test
    void forgedLedgerDataIsShownAsTextNeverRunOnTheDashboardAndTheOverlay() throws Exception {
        String m = "xss-" + RUN;
        String evilId = EVIL + RUN;
        try (LedgerWriter w = new LedgerWriter()) {
            w.write(List.of(forgedRuling(m, 1L, "MATCH_OPENED", EVIL), forgedRuling(evilId, 1L, EVIL, EVIL)),
                    List.of(forgedView(m, EVIL, 1), forgedView(evilId, EVIL, 1)));
            // The same event delivered twice: the processor answers with a DUPLICATE notice (its reason forged too).
            w.write(List.of(forgedRuling(m, 1L, "DUPLICATE", EVIL)), List.of());
        }
        await().atMost(WAIT).until(() -> given().get("/matches/" + m + "/rulings").jsonPath().getList("$").size() == 2
                && given().get("/matches").jsonPath().getList("matchId").contains(evilId));

        // The server's rendering: escaped, and the pages carry the policy that forbids inline script anyway.
        for (String path : List.of("/", "/overlay/" + m)) {
            String html = given().get(path).then().statusCode(200)
                    .header("Content-Security-Policy", FeedRoutes.CONTENT_SECURITY_POLICY)
                    .header("X-Content-Type-Options", "nosniff").extract().asString();
            assertFalse(html.contains("<img") || html.contains("<script>window"), html);
            assertTrue(html.contains("&lt;img src=x onerror=window.__xss=1&gt;"), html);
            assertFalse(html.contains("<script>Scoreboard"), "no inline script");
        }

        String root = base.toString().replaceAll("/$", "");
        try (Browser browser = Browser.launch();
             BrowserTab dashboard = browser.open(root + "/");
             BrowserTab overlay = browser.open(root + "/overlay/" + m)) {
            for (BrowserTab page : List.of(dashboard, overlay)) {
                page.waitFor("document.body.getAttribute('data-connection') === 'live'", WAIT);
            }
            String name = "[data-match-id=" + jsString(m) + "] [data-field=\"name\"]";
            dashboard.waitForText(name, EVIL + " one", WAIT);
            overlay.waitForText(name, EVIL + " one", WAIT);
            dashboard.waitFor("document.querySelector('[data-field=\"lastRuling\"]') !== null", WAIT);
            dashboard.waitFor("Array.from(document.querySelectorAll('[data-match-id]')).some(e => e.getAttribute('data-match-id') === "
                    + jsString(evilId) + ")", WAIT);

            // A live update after the pages loaded: a second forged view, and a forged rejection notice.
            try (LedgerWriter w = new LedgerWriter()) {
                w.write(List.of(forgedRuling(m, 2L, "CONTINUE", SCRIPT + IMG)), List.of(forgedView(m, SCRIPT + IMG, 2)));
                w.write(List.of(forgedRuling(m, null, "EVENT_REJECTED", IMG + " rejected")), List.of());
            }
            dashboard.waitForText(name, SCRIPT + IMG + " one", WAIT);
            overlay.waitForText(name, SCRIPT + IMG + " one", WAIT);
            dashboard.waitFor("document.querySelector('[data-match-id=' + " + jsString(jsString(m)) + " + '] [data-field=\"lastRuling\"]')"
                    + ".textContent.endsWith(" + jsString(IMG + " rejected") + ")", WAIT);

            for (BrowserTab page : List.of(dashboard, overlay)) {
                String where = page == dashboard ? "dashboard" : "overlay";
                assertEquals("undefined", page.evaluate("typeof window.__xss").asText(), where + ": no forged script ran");
                assertEquals(0, page.count("img, b, [onerror]"), where + ": no element from the data");
                assertEquals(1, page.count("script"), where + ": only the page's own script");
                assertEquals(SCRIPT + IMG + " one", page.text("[data-match-id=" + jsString(m) + "] [data-field=\"atTable\"]"),
                        where + ": the player at the table, as text");
                assertEquals("", page.evaluate("document.querySelector('.tile[data-match-id=' + " + jsString(jsString(m))
                        + " + '], .lower-third[data-match-id=' + " + jsString(jsString(m)) + " + ']').getAttribute('data-status')").asText(), where + ": a status outside the contract is not an attribute");
                assertEquals("Race to 0", page.text("[data-match-id=" + jsString(m) + "] [data-field=\"race\"]"), where);
                assertEquals(List.of("ball", "ball b9", "ball", "ball"), List.of(page.evaluate(
                        "Array.from(document.querySelectorAll('[data-match-id=' + " + jsString(jsString(m)) + " + '] .ball')).map(b => b.className).join('|')")
                        .asText().split("\\|")), where + ": ball classes only from 1 to 15");
            }
            dashboard.screenshot(SCREENSHOTS.resolve("xss-dashboard.png"));
            overlay.screenshot(SCREENSHOTS.resolve("xss-overlay.png"), true);
            assertTrue(dashboard.console().stream().noneMatch(l -> l.startsWith("exception")), dashboard.console().toString());
        }
    }
}
