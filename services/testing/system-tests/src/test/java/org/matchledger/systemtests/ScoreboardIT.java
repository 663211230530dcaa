package org.matchledger.systemtests;

import org.matchledger.testsupport.FreePort;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.matchledger.core.event.Discipline;
import org.matchledger.testsupport.Browser;
import org.matchledger.testsupport.BrowserTab;
import org.matchledger.testsupport.KafkaBroker;
import org.matchledger.testsupport.SseFeed;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The scoreboard on the real pipeline: table clients post to the packaged gateway, the packaged processor judges, the
 * packaged scoreboard serves the API, the feeds and the pages. A broadcaster's SSE feed drops its connection and
 * resumes with {@code Last-Event-ID}, then again across a scoreboard restart: what it received, end to end, must be
 * exactly the match's rulings as the replay tool folds them, in order, no gap and no repeat. The dashboard and the
 * overlay are checked in a real headless Chromium, screenshots under {@code target/screenshots/}.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ScoreboardIT {
    static final String RUN = Long.toString(System.currentTimeMillis() % 46_656_000L, 36);
    static final Duration TIMEOUT = Duration.ofSeconds(60);
    static final Path SCREENSHOTS = ServiceProcess.logsDir().resolve("screenshots");

    static String servers;
    static ServiceProcess gateway;
    static ServiceProcess processor;
    static ServiceProcess scoreboard;
    static GatewayClient client;
    static int scoreboardPort;

    @BeforeAll
    static void startServices() throws Exception {
        Awaitility.pollInSameThread();
        servers = KafkaBroker.bootstrapServers();
        scoreboardPort = FreePort.pick();
        ExecutorService starter = Executors.newFixedThreadPool(3);
        try {
            Future<ServiceProcess> g = starter.submit(() -> ServiceProcess.gateway(servers));
            Future<ServiceProcess> p = starter.submit(() -> ServiceProcess.processor(servers, "rules-processor"));
            Future<ServiceProcess> s = starter.submit(() -> ServiceProcess.scoreboard(servers, scoreboardPort));
            gateway = g.get(120, TimeUnit.SECONDS);
            processor = p.get(120, TimeUnit.SECONDS);
            scoreboard = s.get(120, TimeUnit.SECONDS);
        } finally {
            starter.shutdownNow();
        }
        client = new GatewayClient(gateway);
    }

    @AfterAll
    static void stopServices() {
        for (ServiceProcess s : new ServiceProcess[]{scoreboard, gateway, processor}) {
            if (s != null) {
                s.stop();
            }
        }
    }

    // ---- the broadcaster's feed: drop, resume, restart, resume -------------------------------------------------

    @Test
    @Order(1)
    void aFeedResumedAfterADropAndAfterARestartMissesNothingAndRepeatsNothing() {
        String m = "sb-" + RUN + "-feed";
        List<ObjectNode> events = SimMatch.play(m, Discipline.NINE_BALL, 2, 4242L).events();
        int third = events.size() / 3;
        List<SseFeed.Message> received = new ArrayList<>();

        // 1. Connected once the ledger knows the match (an unknown match is a 404), from the start (Last-Event-ID 0): live.
        post(m, events.subList(0, 1));
        await(m + ": known to the scoreboard").atMost(TIMEOUT).until(() -> scoreboard.health("/matches/" + m).statusCode() == 200);
        try (SseFeed feed = SseFeed.open(scoreboard.baseUrl() + "/matches/" + m + "/stream", "0")) {
            post(m, events.subList(1, third));
            received.addAll(awaitUpTo(feed, m, events.subList(0, third), List.of()));
        } // 2. The connection drops.
        post(m, events.subList(third, 2 * third));
        try (SseFeed feed = SseFeed.open(scoreboard.baseUrl() + "/matches/" + m + "/stream", lastId(received))) {
            received.addAll(awaitUpTo(feed, m, events.subList(0, 2 * third), received));
        }
        assertFeedIsTheLedger(m, events.subList(0, 2 * third), received);

        // 3. The scoreboard restarts while events keep coming; the feed resumes from the same id on the new instance.
        scoreboard.stop();
        post(m, events.subList(2 * third, events.size()));
        scoreboard = ServiceProcess.scoreboard(servers, scoreboardPort);
        try (SseFeed feed = SseFeed.open(scoreboard.baseUrl() + "/matches/" + m + "/stream", lastId(received))) {
            received.addAll(awaitUpTo(feed, m, events, received));
            ServiceProcess.sleep(500);
            assertEquals(0, feed.messages().size() - countAfter(feed), "nothing after the match's last view");
        }
        assertFeedIsTheLedger(m, events, received);

        // The API agrees: the final view, and every ruling (afterSeq=0) as the feed gave them.
        ReplayedMatch expected = ReplayedMatch.of(m, PipelineIT.texts(events));
        HttpResponse<String> view = scoreboard.health("/matches/" + m);
        assertEquals(200, view.statusCode());
        expected.assertView(ReplayedMatch.read(view.body()));
        assertEquals("no-store", view.headers().firstValue("Cache-Control").orElse(""));
        HttpResponse<String> unknown = scoreboard.health("/matches/" + m + "-nope");
        assertEquals(404, unknown.statusCode());
        assertTrue(unknown.headers().firstValue("Content-Type").orElse("").startsWith("application/problem+json"));
        JsonNode rulings = ReplayedMatch.read(scoreboard.health("/matches/" + m + "/rulings?afterSeq=0").body());
        assertEquals(rulingsOf(received), PipelineIT.list(rulings));

        // 4. A second instance side by side serves the same feed: the ids follow match-rulings, so resuming there
        //    from an id the first instance gave (the end of a seq's group, half-way) gives exactly the same rest.
        int half = received.size() / 2;
        while (half + 1 < received.size() && received.get(half + 1).id().equals(received.get(half).id())) {
            half++;
        }
        List<JsonNode> rest = rulingsOf(received.subList(half + 1, received.size()));
        try (ServiceProcess second = ServiceProcess.scoreboard(servers, 0);
             SseFeed feed = SseFeed.open(second.baseUrl() + "/matches/" + m + "/stream", received.get(half).id())) {
            await(m + ": the rest of the feed from a second instance").atMost(TIMEOUT)
                    .until(() -> rulingsOf(feed.messages()).size() >= rest.size());
            ServiceProcess.sleep(500);
            assertEquals(rest, rulingsOf(feed.messages()), "the second instance's feed after " + received.get(half).id());
            expected.assertView(ReplayedMatch.read(second.health("/matches/" + m).body()));
        }
    }

    /** Posts in batches of 4, every post accepted. */
    static void post(String m, List<ObjectNode> events) {
        for (int i = 0; i < events.size(); i += 4) {
            List<ObjectNode> batch = events.subList(i, Math.min(events.size(), i + 4));
            GatewayClient.Answer a = client.postBatch(m, batch);
            assertEquals(202, a.status(), a.toString());
        }
    }

    /** Waits until the feed has delivered the match as far as {@code posted} goes; returns this connection's messages. */
    static List<SseFeed.Message> awaitUpTo(SseFeed feed, String m, List<ObjectNode> posted, List<SseFeed.Message> before) {
        ReplayedMatch expected = ReplayedMatch.of(m, PipelineIT.texts(posted));
        int rulingsBefore = (int) before.stream().filter(x -> x.event().equals("ruling")).count();
        await(m + ": the feed up to seq " + expected.lastSeq()).atMost(TIMEOUT).until(() -> {
            List<SseFeed.Message> got = feed.messages();
            long rulings = got.stream().filter(x -> x.event().equals("ruling")).count();
            boolean lastView = got.stream().anyMatch(x -> x.event().equals("view")
                    && ReplayedMatch.read(x.data()).get("lastSeq").asLong() == expected.lastSeq());
            return rulingsBefore + rulings >= expected.rulings().size() && lastView;
        });
        return feed.messages();
    }

    static int countAfter(SseFeed feed) {
        List<SseFeed.Message> got = feed.messages();
        int lastView = -1;
        for (int i = 0; i < got.size(); i++) {
            if (got.get(i).event().equals("view")) {
                lastView = i;
            }
        }
        // Notices (duplicates of the last events) may follow the last view; nothing else may.
        for (int i = lastView + 1; i < got.size(); i++) {
            String kind = ReplayedMatch.read(got.get(i).data()).get("kind").asText();
            assertTrue(kind.equals("DUPLICATE") || kind.equals("EVENT_REJECTED"), got.get(i).toString());
        }
        return got.size();
    }

    static String lastId(List<SseFeed.Message> received) {
        return received.get(received.size() - 1).id();
    }

    static List<JsonNode> rulingsOf(List<SseFeed.Message> received) {
        return received.stream().filter(x -> x.event().equals("ruling")).map(x -> ReplayedMatch.read(x.data())).toList();
    }

    /** The feed's rulings are the ledger's, in order, each once; ids never go back; every view is whole. */
    static void assertFeedIsTheLedger(String m, List<ObjectNode> posted, List<SseFeed.Message> received) {
        ReplayedMatch expected = ReplayedMatch.of(m, PipelineIT.texts(posted));
        List<JsonNode> want = expected.rulings().stream().map(ReplayedMatch.Ruled::ruling).toList();
        List<JsonNode> got = rulingsOf(received);
        assertEquals(want.size(), got.size(), m + ": rulings received over the feed");
        for (int i = 0; i < want.size(); i++) {
            assertTrue(ReplayedMatch.sameJson(want.get(i), got.get(i)), m + ": ruling #" + i + "\n want " + want.get(i) + "\n got  " + got.get(i));
        }
        String previous = "0";
        for (SseFeed.Message x : received) {
            assertTrue(compareIds(x.id(), previous) >= 0, "ids go back: " + previous + " then " + x.id());
            previous = x.id();
            if (x.event().equals("view")) {
                assertEquals(x.id(), ReplayedMatch.read(x.data()).get("lastSeq").asText(), "a view's id is its lastSeq");
            }
        }
    }

    static int compareIds(String a, String b) {
        String[] x = a.split("\\.");
        String[] y = b.split("\\.");
        int c = Long.compare(Long.parseLong(x[0]), Long.parseLong(y[0]));
        return c != 0 ? c : Integer.compare(x.length > 1 ? Integer.parseInt(x[1]) : 0, y.length > 1 ? Integer.parseInt(y[1]) : 0);
    }

    // ---- the pages, in a real browser --------------------------------------------------------------------------

    @Test
    @Order(2)
    void theDashboardAndTheOverlayFollowTheTablesAndRecoverAfterARestart() {
        String nine = "sb-" + RUN + "-page9";
        String straight = "sb-" + RUN + "-page141";
        List<ObjectNode> nineEvents = SimMatch.play(nine, Discipline.NINE_BALL, 2, 77L).events();
        List<ObjectNode> straightEvents = SimMatch.play(straight, Discipline.STRAIGHT_POOL, 10, 78L).events();
        String black = "sb-" + RUN + "-pagebb";
        List<ObjectNode> blackEvents = SimMatch.play(black, Discipline.BLACKBALL, 1, 79L).events();
        int halfBlack = blackEvents.size() / 2;
        int half = nineEvents.size() / 2;
        int half141 = straightEvents.size() / 2;
        try (Browser browser = Browser.launch();
             BrowserTab dashboard = browser.open(scoreboard.baseUrl() + "/");
             BrowserTab overlay = browser.open(scoreboard.baseUrl() + "/overlay/" + straight)) {
            dashboard.waitFor("document.body.getAttribute('data-connection') === 'live'", Duration.ofSeconds(20));
            overlay.waitFor("document.body.getAttribute('data-connection') === 'live'", Duration.ofSeconds(20));
            assertEquals("", overlay.evaluate("document.getElementById('overlay').innerHTML").asText(), "nothing before the match");

            post(nine, nineEvents.subList(0, half));
            post(straight, straightEvents.subList(0, half141));
            post(black, blackEvents.subList(0, halfBlack));
            assertTileShows(dashboard, ReplayedMatch.of(nine, PipelineIT.texts(nineEvents.subList(0, half))).view());
            // Black Ball (5.x): its balls as reds, yellows and the black, unnumbered, in the tile's footer.
            assertTileShows(dashboard, ReplayedMatch.of(black, PipelineIT.texts(blackEvents.subList(0, halfBlack))).view());
            assertOverlayShows(overlay, ReplayedMatch.of(straight, PipelineIT.texts(straightEvents.subList(0, half141))).view());
            assertEquals("rgba(0, 0, 0, 0)", overlay.evaluate("getComputedStyle(document.body).backgroundColor").asText(),
                    "the overlay's background is transparent");

            // The scoreboard restarts; the pages reconnect by themselves and follow what happens meanwhile and after.
            scoreboard.stop();
            post(nine, nineEvents.subList(half, nineEvents.size()));
            scoreboard = ServiceProcess.scoreboard(servers, scoreboardPort);
            post(straight, straightEvents.subList(half141, straightEvents.size()));
            JsonNode nineFinal = ReplayedMatch.of(nine, PipelineIT.texts(nineEvents)).view();
            assertEquals("FINISHED", nineFinal.get("status").asText());
            assertTileShows(dashboard, nineFinal);
            dashboard.waitFor("document.querySelector('#finished [data-match-id=\"" + nine + "\"]') !== null", Duration.ofSeconds(30));
            assertOverlayShows(overlay, ReplayedMatch.of(straight, PipelineIT.texts(straightEvents)).view());

            Path d = dashboard.screenshot(SCREENSHOTS.resolve("dashboard.png"));
            Path o = overlay.screenshot(SCREENSHOTS.resolve("overlay.png"), true);
            System.out.println("ScoreboardIT screenshots: " + d.toAbsolutePath() + " " + o.toAbsolutePath());
        }
    }

    static String sel(String matchId, String rest) {
        return "[data-match-id=\"" + matchId + "\"] " + rest;
    }

    static String fouls(JsonNode p) {
        int n = p.get("consecutiveFouls").asInt();
        return p.get("onTwoFouls").asBoolean() ? "2 FOULS" : n == 0 ? "" : n == 1 ? "1 FOUL" : n + " FOULS";
    }

    /** The tile of the view's match shows its score, rack, who is at the table, foul warnings and balls. */
    static void assertTileShows(BrowserTab page, JsonNode v) {
        String m = v.get("matchId").asText();
        try {
            page.waitFor(shows(m, v) + " && " + attr(m, "[data-field=\"rack\"]", null) + " === 'Rack " + v.get("rack").asInt() + "'",
                    Duration.ofSeconds(30));
        } catch (AssertionError e) {
            throw new AssertionError("the tile of " + m + " does not show " + v + "\nit shows: "
                    + page.evaluate("(document.querySelector('[data-match-id=\"" + m + "\"]') || {}).outerHTML").asText(), e);
        }
        assertCommon(page, m, v);
    }

    static void assertOverlayShows(BrowserTab page, JsonNode v) {
        String m = v.get("matchId").asText();
        page.waitFor(shows(m, v), Duration.ofSeconds(30));
        assertCommon(page, m, v);
        for (JsonNode p : v.get("players")) {
            String id = p.get("id").asText();
            assertEquals("Run " + p.get("currentRun").asInt(), page.text(sel(m, "[data-field=\"run\"][data-player=\"" + id + "\"]")));
            assertEquals("HR " + p.get("highRun").asInt(), page.text(sel(m, "[data-field=\"highRun\"][data-player=\"" + id + "\"]")));
        }
        assertEquals("Race to " + v.get("raceTo").asInt(), page.text(sel(m, "[data-field=\"race\"]")));
    }

    /** A JS condition: the page shows the view's scores, fouls, who is at the table and how many balls are left. */
    static String shows(String m, JsonNode v) {
        StringBuilder c = new StringBuilder(scoreCondition(m, v));
        for (JsonNode p : v.get("players")) {
            c.append(" && ").append(attr(m, "[data-field=\"fouls\"][data-player=\"" + p.get("id").asText() + "\"]", null))
                    .append(" === '").append(fouls(p)).append("'");
        }
        c.append(" && ").append(attr(m, "[data-field=\"atTable\"]", "data-player")).append(" === '").append(js(v.path("atTable").asText(""))).append("'");
        c.append(" && ").append(attr(m, "[data-field=\"balls\"]", "data-count")).append(" === '").append(v.get("ballsOnTable").size()).append("'");
        return c.toString();
    }

    /** JS: an element's text (attribute null) or attribute, or undefined when it is not there. */
    static String attr(String m, String field, String attribute) {
        String el = "document.querySelector('" + js(sel(m, field)) + "')";
        return "(" + el + " ? " + (attribute == null ? el + ".textContent" : el + ".getAttribute('" + attribute + "')") + " : undefined)";
    }

    static void assertCommon(BrowserTab page, String m, JsonNode v) {
        for (JsonNode p : v.get("players")) {
            String id = p.get("id").asText();
            assertEquals(p.get("name").asText(), page.text(sel(m, "[data-field=\"name\"][data-player=\"" + id + "\"]")));
            assertEquals(fouls(p), page.text(sel(m, "[data-field=\"fouls\"][data-player=\"" + id + "\"]")));
        }
        assertEquals(v.path("atTable").asText(""), page.evaluate("document.querySelector('" + js(sel(m, "[data-field=\"atTable\"]"))
                + "').getAttribute('data-player')").asText());
        assertEquals(v.get("ballsOnTable").size(), page.evaluate("+document.querySelector('" + js(sel(m, "[data-field=\"balls\"]"))
                + "').getAttribute('data-count')").asInt());
        assertBallsDrawn(page, m, v);
    }

    /**
     * The balls on the table drawn as balls: pool balls numbered in their colours (b1…b15); Black Ball's (5.x) 1–7 as
     * reds, 9–15 as yellows and 8 as the black, unnumbered. 14.1 shows a count instead.
     */
    static void assertBallsDrawn(BrowserTab page, String m, JsonNode v) {
        if ("STRAIGHT_POOL".equals(v.get("discipline").asText())) {
            return;
        }
        boolean blackBall = "BLACKBALL".equals(v.get("discipline").asText());
        List<String> want = new ArrayList<>();
        for (JsonNode b : v.get("ballsOnTable")) {
            int n = b.asInt();
            want.add(blackBall ? "ball " + (n == 8 ? "black" : n <= 7 ? "red" : "yellow") + "/" : "ball b" + n + "/" + n);
        }
        String got = page.evaluate("Array.from(document.querySelectorAll('" + js(sel(m, ".ball")) + "'))"
                + ".map(b => b.className + '/' + b.textContent).join('|')").asText();
        assertEquals(String.join("|", want), got, m + ": the balls on the table");
    }

    static String scoreCondition(String m, JsonNode v) {
        StringBuilder c = new StringBuilder("true");
        for (JsonNode p : v.get("players")) {
            String s = sel(m, "[data-field=\"score\"][data-player=\"" + p.get("id").asText() + "\"]");
            c.append(" && (document.querySelector('").append(js(s)).append("') || {}).textContent === '")
                    .append(p.get("score").asInt()).append("'");
        }
        return c.toString();
    }

    static String js(String s) {
        return s.replace("\\", "\\\\").replace("'", "\\'");
    }
}
