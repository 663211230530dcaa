package org.matchledger.systemtests;

import org.matchledger.testsupport.FreePort;
import com.fasterxml.jackson.databind.JsonNode;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.matchledger.testsupport.Browser;
import org.matchledger.testsupport.BrowserTab;
import org.matchledger.testsupport.KafkaBroker;
import org.matchledger.testsupport.KeycloakServer;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The table console ({@code /console} on the gateway) in a real headless Chromium against the real pipeline: the
 * packaged gateway (verifying the real local Keycloak's tokens), processor and scoreboard on a real broker. The
 * console signs in through the device grant (a referee approves its code in another tab), then a scorer taps whole
 * matches: a 9-ball rack to its end, fouls with their rulings and the 6.14 warning, an undo and a referee's
 * correction, an 8-ball break option, a 14.1 re-rack; then 20 shots with the network cut, a reload while offline,
 * and the queue draining to exactly the ledger's fold of those shots; a refused queued event fixed in place; and two
 * tablets on one match (a second browser context signed in as table T05): read-only until the first hands over, then
 * a referee's console taking over without asking while the second tablet is offline with a shot waiting, which that
 * tablet keeps, read-only, and sends after the ledger's last event once it holds the lease again.
 * Screenshots (tablet 1280×800, phone 390×844) under the logs folder's {@code screenshots/}, paths printed.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ConsoleIT {
    static final String RUN = Long.toString(System.currentTimeMillis() % 46_656_000L, 36);
    static final Duration TIMEOUT = Duration.ofSeconds(60);
    static final Path SCREENSHOTS = ServiceProcess.logsDir().resolve("screenshots");

    static KeycloakServer keycloak;
    static ServiceProcess gateway;
    static ServiceProcess processor;
    static ServiceProcess scoreboard;
    static Browser browser;
    static BrowserTab page;
    static String consoleUrl;

    @BeforeAll
    static void start() throws Exception {
        Awaitility.pollInSameThread();
        String servers = KafkaBroker.bootstrapServers();
        int scoreboardPort = FreePort.pick();
        // One at a time on a loaded 2-core machine: the processor and the scoreboard, then Keycloak, then the gateway.
        ExecutorService starter = Executors.newFixedThreadPool(2);
        try {
            Map<String, String> pp = ServiceProcess.serviceProperties(servers);
            pp.put("mp.messaging.incoming.table-events.group.id", "console-" + RUN);
            Map<String, String> sp = ServiceProcess.serviceProperties(servers);
            sp.put("quarkus.http.port", Integer.toString(scoreboardPort));
            Future<ServiceProcess> p = starter.submit(() -> started("rules-processor", ServiceProcess.PROCESSOR_JAR, pp));
            Future<ServiceProcess> s = starter.submit(() -> started("scoreboard", ServiceProcess.SCOREBOARD_JAR, sp));
            processor = p.get(300, TimeUnit.SECONDS);
            scoreboard = s.get(300, TimeUnit.SECONDS);
        } finally {
            starter.shutdownNow();
        }
        keycloak = KeycloakServer.start();
        Map<String, String> props = ServiceProcess.serviceProperties(servers);
        props.keySet().removeIf(k -> k.startsWith("quarkus.oidc."));
        props.put("quarkus.oidc.auth-server-url", keycloak.issuer().toString());
        props.put("console.scoreboard-url", "http://127.0.0.1:" + scoreboardPort);
        gateway = started("table-gateway", ServiceProcess.GATEWAY_JAR, props);
        browser = Browser.launch();
        consoleUrl = gateway.baseUrl() + "/console/";
        page = browser.open(consoleUrl);
        tablet();
    }

    @AfterAll
    static void stop() {
        for (AutoCloseable c : new AutoCloseable[]{page, browser, gateway, processor, scoreboard, keycloak}) {
            try {
                if (c != null) {
                    c.close();
                }
            } catch (Exception e) {
                // keep closing the others
            }
        }
    }

    // ---- sign in ---------------------------------------------------------------------------------------------------

    @Test
    @Order(1)
    void theConsoleLoadsWithoutATokenAndPairsThroughTheDeviceGrant() {
        // The page and its files are public; only the posts need a token.
        HttpResponse<String> index = gateway.health("/console/");
        assertEquals(200, index.statusCode());
        assertEquals(200, gateway.health("/console/labels.js").statusCode());
        assertEquals(200, gateway.health("/console/manifest.webmanifest").statusCode());
        page.waitFor("document.querySelector('[data-act=pair]') !== null", TIMEOUT);
        tap("[data-act=pair]");
        page.waitFor("document.querySelector('#user-code') !== null", TIMEOUT);
        String code = page.text("#user-code");
        String uri = page.evaluate("consoleState.pairing.code.verification_uri").asText();
        assertTrue(code.matches("[A-Z]{4}-[A-Z]{4}"), code);
        screenshot("console-pairing-tablet");
        DeviceApproval.approve(browser, uri, code, "referee", keycloak.password("referee"));
        page.waitFor("document.querySelector('form#open') !== null", TIMEOUT);
        assertEquals("referee", page.evaluate("(() => { const p = consoleState.auth.accessToken.split('.')[1];"
                + " return JSON.parse(atob(p.replace(/-/g,'+').replace(/_/g,'/'))).realm_access.roles.includes('referee') ? 'referee' : 'no'; })()").asText());
        // The service worker controls the page from now on: the console loads with no network.
        page.waitFor("navigator.serviceWorker.controller !== null", TIMEOUT);
    }

    // ---- 9-ball: a rack to its end, fouls, 6.14, undo, correction ------------------------------------------------------

    @Test
    @Order(2)
    void aNineBallRackIsScoredWithTaps_foulsAreRuled_andTheTwoFoulWarningShows() {
        String m = "con-" + RUN + "-9";
        open(m, "NINE_BALL", "Ann", "Bob", 2);
        lag("p1");
        option("BREAK");
        // The break: one tap ("miss": nothing pocketed, first hit the 1, 4 balls to a rail) → a legal break, Bob's turn.
        tapAndSettle("#miss");
        assertEquals("p2", view("atTable"));
        // Bob runs the rack: each ball is two taps (the ball, "record"); the first hit defaults to the lowest ball.
        for (int b = 1; b <= 9; b++) {
            tap("#balls .ball.b" + b);
            tapAndSettle("#record");
        }
        assertTrue(answerHas("RACK_WON", "2.5"), answer());
        assertEquals(1, viewInt("players[1].score"), "Bob won rack 1 (2.5)");
        assertEquals(2, viewInt("rack"));
        // Rack 2, alternate break: Bob breaks, legal, Ann to the table.
        assertEquals("p2", view("breaker"));
        tapAndSettle("#miss");
        // Ann scratches: foul 6.1, ball in hand for Bob.
        tap("#t-scratch");
        tapAndSettle("#record");
        assertTrue(answerHas("FOUL", "6.1"), answer());
        assertEquals("IN_HAND", view("cueBall"));
        tapAndSettle("#miss");
        // Ann: no rail after contact, her second foul in a row (6.3).
        tap("#t-rail");
        tapAndSettle("#record");
        assertTrue(answerHas("FOUL", "6.3"), answer());
        assertEquals(2, viewInt("players[0].consecutiveFouls"));
        // Bob misses: Ann comes to the table on two fouls → the 6.14 warning, shown prominently.
        tapAndSettle("#miss");
        assertTrue(answerHas("TWO_FOUL_WARNING", "6.14"), answer());
        page.waitFor("document.querySelector('#two-fouls') !== null", TIMEOUT);
        assertTrue(page.text("#two-fouls").contains("6.14"), page.text("#two-fouls"));
        screenshot("console-9ball-two-fouls-tablet");
        phone();
        screenshot("console-9ball-two-fouls-phone");
        tablet();

        // Undo (referee): the last shot is voided, the match re-judged: Bob is at the table again, ball in hand.
        long before = viewInt("lastSeq");
        tapAndSettle("#undo");
        assertTrue(answerHas("EVENT_VOIDED", null), answer());
        assertEquals(before + 1, viewInt("lastSeq"));
        assertEquals("p2", view("atTable"));
        assertEquals("IN_HAND", view("cueBall"));

        // A referee corrects Ann's no-rail shot from the timeline: it did reach a rail. Re-judged, it is a legal
        // shot, so Ann's run of fouls is broken (6.14 counts consecutive fouls only).
        long noRailSeq = before - 1;
        tap("#timeline li[data-seq='" + noRailSeq + "'] [data-act=correct]");
        page.waitFor("document.querySelector('.correcting') !== null", TIMEOUT);
        tap("#t-rail");
        tapAndSettle("#record");
        assertTrue(answerHas("EVENT_CORRECTED", null), answer());
        assertEquals(0, viewInt("players[0].consecutiveFouls"), "the corrected shot is legal");
        assertFalse(page.evaluate("consoleState.view.players[0].onTwoFouls").asBoolean());
        assertEquals(0, page.count("#two-fouls"));
    }

    // ---- 8-ball: an illegal break, the incoming player's option --------------------------------------------------------

    @Test
    @Order(3)
    void anEightBallIllegalBreakOffersTheOptionsAndTheChoiceIsRecorded() {
        String m = "con-" + RUN + "-8";
        open(m, "EIGHT_BALL", "Cleo", "Dan", 2);
        lag("p1");
        option("BREAK");
        // Two balls to a rail, nothing pocketed: an illegal break (3.3 d); Dan chooses.
        tap("[data-act=step][data-id=rail-balls][data-d='-1']");
        tap("[data-act=step][data-id=rail-balls][data-d='-1']");
        assertEquals("2", page.text("#rail-balls"));
        tapAndSettle("#miss");
        assertTrue(answerHas("ILLEGAL_BREAK", null), answer());
        page.waitFor("document.querySelector('#options [data-option=REBREAK]') !== null", TIMEOUT);
        assertEquals("p2", view("pendingOption.player"));
        screenshot("console-8ball-option-tablet");
        option("REBREAK");
        assertTrue(answerHas("OPTION_TAKEN", null), answer());
        assertEquals("p2", view("breaker"));
        assertEquals("p2", view("atTable"));
        assertTrue(page.evaluate("consoleState.view.nextShotIsBreak").asBoolean());
    }

    // ---- 14.1: the 14th ball, the re-rack facts --------------------------------------------------------------------

    @Test
    @Order(4)
    void aStraightPoolRackOfFourteenBallsIsReracked() {
        String m = "con-" + RUN + "-14";
        open(m, "STRAIGHT_POOL", "Eve", "Finn", 100);
        lag("p1");
        option("BREAK");
        tapAndSettle("#miss"); // 2 balls and the cue ball to a rail: a legal opening break (4.3), Finn's turn
        assertEquals("p2", view("atTable"));
        for (int b = 1; b <= 14; b++) {
            tap("#balls .ball.b" + b);
            if (b == 14) {
                page.waitFor("document.querySelector('#rerack') !== null", TIMEOUT);
                screenshot("console-14-1-rerack-tablet");
            }
            tapAndSettle("#record");
        }
        assertTrue(answerHas("RERACK", null), answer());
        assertEquals(14, viewInt("players[1].score"), "one point per called ball (4.2)");
        assertEquals(15, page.evaluate("consoleState.view.ballsOnTable.length").asInt());
    }

    // ---- offline: 20 shots, a reload, the queue drains ----------------------------------------------------------------

    @Test
    @Order(5)
    void twentyShotsScoredOffline_survivingAReload_reachTheLedgerExactlyOnce() {
        String m = "con-" + RUN + "-off";
        open(m, "NINE_BALL", "Gus", "Hal", 9);
        lag("p1");
        option("BREAK");
        tapAndSettle("#miss");
        long online = viewInt("lastSeq");
        List<String> before = eventsSent();
        assertEquals(online, before.size());

        network(false);
        page.waitFor("consoleState.net === 'offline'", TIMEOUT);
        for (int i = 0; i < 20; i++) {
            if (i % 3 == 0) {
                tap("#balls .ball:not(.b9)"); // the lowest ball left
                tap("#record");
            } else {
                tap("#miss");
            }
            int waiting = i + 1;
            page.waitFor("consoleState.queue.length === " + waiting, TIMEOUT);
        }
        page.waitForText("#status", "offline — 20 shots waiting", TIMEOUT);
        List<String> queued = queuedEvents();
        assertEquals(20, queued.size());
        screenshot("console-offline-tablet");
        phone();
        screenshot("console-offline-phone");
        tablet();

        // Reloaded with no network: the service worker serves the console, the outbox is still there.
        page.navigate(consoleUrl);
        page.waitFor("window.consoleState && consoleState.queue.length === 20", TIMEOUT);
        page.waitForText("#status", "offline — 20 shots waiting", TIMEOUT);
        assertEquals(queued, queuedEvents(), "the same events, same ids and seqs, after the reload");
        assertTrue(page.evaluate("performance.getEntriesByType('navigation')[0].workerStart > 0").asBoolean(),
                "the page came through the service worker");

        network(true);
        page.waitFor("consoleState.queue.length === 0 && consoleState.view.lastSeq === " + (online + 20), Duration.ofMinutes(3));
        List<String> all = new ArrayList<>(before);
        all.addAll(queued);
        ReplayedMatch expected = ReplayedMatch.of(m, all);
        assertEquals(online + 20, expected.lastSeq());
        JsonNode served = ReplayedMatch.read(scoreboard.health("/matches/" + m).body());
        expected.assertView(served);
        // none doubled: every shot applied once (a re-sent one is a DUPLICATE notice, never a second shot)
        JsonNode rulings = ReplayedMatch.read(scoreboard.health("/matches/" + m + "/rulings?afterSeq=" + online).body());
        long applied = 0;
        for (JsonNode r : rulings) {
            if (r.path("n").asInt() == 0 && !r.path("kind").asText().equals("DUPLICATE") && !r.path("kind").asText().equals("EVENT_REJECTED")) {
                applied++;
            }
        }
        assertEquals(20, applied, rulings.toString());
    }

    // ---- a refused queued event stops the queue and is fixed in place ---------------------------------------------------

    @Test
    @Order(6)
    void aRefusedQueuedEventStopsTheQueueAndIsFixedWithItsSeq() {
        String m = "con-" + RUN + "-fix";
        open(m, "NINE_BALL", "Ida", "Jon", 3);
        lag("p1");
        option("BREAK");
        tapAndSettle("#miss");
        long online = viewInt("lastSeq");
        // Offline, Jon pushes out (2.4); the scorer then records Ida's shot, but the ledger will be waiting for
        // Ida's answer to the push out: that shot is refused, and the one after it must wait.
        network(false);
        page.waitFor("consoleState.net === 'offline'", TIMEOUT);
        tap("#t-pushout");
        tap("#record");
        page.waitFor("consoleState.queue.length === 1", TIMEOUT);
        tap("#miss");
        page.waitFor("consoleState.queue.length === 2", TIMEOUT);
        tap("#miss");
        page.waitFor("consoleState.queue.length === 3", TIMEOUT);
        network(true);
        page.waitFor("document.querySelector('#rejected') !== null", Duration.ofMinutes(2));
        String banner = page.text("#rejected");
        assertTrue(banner.contains("Event " + (online + 2)) && banner.contains("pool.option.chosen"), banner);
        assertEquals(online + 1, viewInt("lastSeq"), "the push out is in, nothing after it");
        assertEquals(2, page.evaluate("consoleState.queue.length").asInt(), "the refused event and the one after it wait");
        screenshot("console-refused-tablet");
        // The fix: Ida's answer to the push out, with the refused event's seq; then the rest goes.
        page.waitFor("document.querySelector('#options [data-option=SHOOT]') !== null", TIMEOUT);
        tap("#options [data-option=SHOOT]");
        page.waitFor("consoleState.queue.length === 0 && consoleState.view.lastSeq === " + (online + 3), TIMEOUT);
        assertEquals(0, page.count("#rejected"));
        JsonNode fixedEvent = page.evaluate("consoleState.history.find(h => h.seq === " + (online + 2) + ").event");
        assertEquals("pool.option.chosen", fixedEvent.path("type").asText());
        assertEquals("SHOOT", fixedEvent.path("data").path("option").asText());
    }

    // ---- two tablets on one match: the takeover handshake ---------------------------------------------------------------

    @Test
    @Order(7)
    void aSecondTabletIsReadOnlyUntilTheFirstHandsOver_andARefereeTakesOverNow() {
        String m = "con-" + RUN + "-two";
        // The referee's console opens a match on table T05 and scores its break: it holds the match's scoring lease.
        open(m, "NINE_BALL", "Kim", "Lou", 3, "T05");
        lag("p1");
        option("BREAK");
        tapAndSettle("#miss");
        page.waitFor("consoleState.lease && consoleState.lease.matchId === " + Browser.jsString(m)
                + " && consoleState.lease.yours", TIMEOUT);
        long start = viewInt("lastSeq");

        // A second tablet (storage of its own: another device), signed in as table T05, opens the same match.
        try (BrowserTab second = browser.openIsolated(consoleUrl)) {
            second.evaluate("(() => { localStorage.setItem('console.auth', JSON.stringify({accessToken: "
                    + Browser.jsString(keycloak.accessToken("table-T05")) + ", expiresAt: Date.now() + 600000}));"
                    + " localStorage.setItem('console.match', " + Browser.jsString(m) + "); return true; })()");
            second.navigate(consoleUrl);
            // read-only: "Scored on another tablet", no shot to enter, nothing sent
            second.waitFor("document.querySelector('#lease-ask') !== null", TIMEOUT);
            assertTrue(second.text("#lease").contains("Scored on another tablet"), second.text("#lease"));
            assertTrue(second.text("#lease").contains("referee"), "names who scores: " + second.text("#lease"));
            assertEquals(0, second.count("#shot"));
            assertEquals(0, second.count("#lease-force"), "a table may ask, not force");
            assertTrue(second.text("#status").startsWith("read-only"), second.text("#status"));

            // The second asks; the first sees the request and accepts: the second scores, the first follows.
            second.evaluate("(() => { document.querySelector('#lease-ask').click(); return true; })()");
            second.waitFor("document.querySelector('#lease-asking') !== null", TIMEOUT);
            page.waitFor("document.querySelector('#lease-accept') !== null", TIMEOUT);
            assertTrue(page.text("#lease-request").contains("table-t05"), page.text("#lease-request"));
            screenshot("console-handover-request-tablet");
            tap("#lease-accept");
            page.waitFor("document.querySelector('#lease[data-read-only]') !== null", TIMEOUT);
            assertEquals(0, page.count("#shot"));
            second.waitFor("consoleState.lease.yours && document.querySelector('#miss') !== null", TIMEOUT);
            second.evaluate("(() => { document.querySelector('#miss').click(); return true; })()");
            second.waitFor("consoleState.queue.length === 0 && consoleState.view.lastSeq === " + (start + 1), TIMEOUT);
            JsonNode shot = second.evaluate("consoleState.history.find(h => h.seq === " + (start + 1) + ").event");
            assertEquals("pool.shot.taken", shot.path("type").asText());
            assertEquals("/tables/T05/console", shot.path("source").asText());
            // the read-only first console follows the ledger and has sent nothing
            page.waitFor("consoleState.view.lastSeq === " + (start + 1), TIMEOUT);
            assertEquals(0, page.evaluate("consoleState.queue.length").asInt());

            // The second tablet loses its network and records a shot: it waits in its outbox.
            offline(second, true);
            second.waitFor("consoleState.net === 'offline'", TIMEOUT);
            second.evaluate("(() => { document.querySelector('#miss').click(); return true; })()");
            second.waitFor("consoleState.queue.length === 1", TIMEOUT);

            // A referee takes over now, without asking, and scores: Kim hits the 1, pockets the 2 and stays at the
            // table (the 1 stays on it, so the waiting shot, Kim's miss hitting the 1, is still a shot of this table).
            page.waitFor("document.querySelector('#lease-force') !== null", TIMEOUT);
            tap("#lease-force");
            page.waitFor("consoleState.lease.yours && document.querySelector('#miss') !== null", TIMEOUT);
            tap("#balls .ball.b2");
            tapAndSettle("#record");
            assertEquals(start + 2, viewInt("lastSeq"));

            // Back online, the second tablet is read-only: it follows the ledger, keeps its waiting shot, sends nothing.
            offline(second, false);
            second.waitFor("document.querySelector('#lease-ask') !== null && consoleState.lease.holderBy === 'referee'"
                    + " && consoleState.view.lastSeq === " + (start + 2), TIMEOUT);
            ServiceProcess.sleep(2500); // a lease poll and a pump later
            assertEquals(1, second.evaluate("consoleState.queue.length").asInt(), "the outbox is kept");
            assertEquals(start + 2, second.evaluate("consoleState.view.lastSeq").asLong(), "nothing sent while read-only");
            assertTrue(second.text("#status").startsWith("read-only — 1 waiting"), second.text("#status"));
            second.send("Emulation.setDeviceMetricsOverride", Map.of("width", 1280, "height", 800, "deviceScaleFactor", 1, "mobile", false));
            Path file = second.screenshot(SCREENSHOTS.resolve("console-read-only-tablet.png"));
            System.out.println("console screenshot: " + file);

            // It asks again and the referee's console accepts: its waiting shot goes after the ledger's last event.
            second.evaluate("(() => { document.querySelector('#lease-ask').click(); return true; })()");
            page.waitFor("document.querySelector('#lease-accept') !== null", TIMEOUT);
            tap("#lease-accept");
            second.waitFor("consoleState.lease.yours && consoleState.queue.length === 0 && consoleState.view.lastSeq === "
                    + (start + 3), TIMEOUT);
            JsonNode moved = second.evaluate("consoleState.history.find(h => h.seq === " + (start + 3) + ").event");
            assertEquals("pool.shot.taken", moved.path("type").asText());
            assertEquals("p1", moved.path("data").path("shooter").asText());
            page.waitFor("document.querySelector('#lease[data-read-only]') !== null && consoleState.view.lastSeq === "
                    + (start + 3), TIMEOUT);
            assertEquals(0, page.evaluate("consoleState.queue.length").asInt());
        }
    }

    static void offline(BrowserTab tab, boolean off) {
        tab.send("Network.enable", Map.of());
        tab.send("Network.emulateNetworkConditions", Map.of("offline", off, "latency", 0,
                "downloadThroughput", -1, "uploadThroughput", -1));
    }

    // ---- helpers ---------------------------------------------------------------------------------------------------

    /** Starts a packaged service and waits up to 4 minutes for it (this class starts Keycloak too, on 2 loaded cores). */
    static ServiceProcess started(String name, String jarProperty, Map<String, String> props) {
        ServiceProcess service = ServiceProcess.launch(name, ServiceProcess.jar(jarProperty), props);
        try {
            service.awaitReady(Duration.ofMinutes(4));
        } catch (RuntimeException | Error e) {
            service.stop();
            throw e;
        }
        return service;
    }

    static void open(String m, String discipline, String p1, String p2, int race) {
        open(m, discipline, p1, p2, race, "");
    }

    static void open(String m, String discipline, String p1, String p2, int race, String table) {
        if (page.count("form#open") == 0) {
            tap("[data-act=leave]");
        }
        page.waitFor("document.querySelector('form#open') !== null", TIMEOUT);
        page.evaluate("(() => { const f = document.querySelector('form#open');"
                + " f.discipline.value = " + Browser.jsString(discipline) + ";"
                + " f.p1.value = " + Browser.jsString(p1) + "; f.p2.value = " + Browser.jsString(p2) + ";"
                + " f.raceTo.value = '" + race + "'; f.matchId.value = " + Browser.jsString(m) + ";"
                + " f.tableId.value = " + Browser.jsString(table) + ";"
                + " f.requestSubmit(); return true; })()");
        settle(1);
        assertEquals("AWAITING_LAG", view("status"));
    }

    static void lag(String winner) {
        page.waitFor("document.querySelector('#lag') !== null", TIMEOUT);
        tap("[data-act=lagwinner][data-player=" + winner + "]");
        tapAndSettle("[data-act=lag]");
        assertTrue(answerHas("LAG_WON", "1.2"), answer());
    }

    static void option(String option) {
        page.waitFor("document.querySelector('#options [data-option=" + option + "]') !== null", TIMEOUT);
        tapAndSettle("#options [data-option=" + option + "]");
    }

    static void tap(String selector) {
        page.evaluate("(() => { const e = document.querySelector(" + Browser.jsString(selector) + ");"
                + " if (!e) throw new Error('nothing to tap at ' + " + Browser.jsString(selector) + "); e.click(); return true; })()");
    }

    /** Taps something that records an event, and waits for the ledger's answer and view. */
    static void tapAndSettle(String selector) {
        long next = page.evaluate("consoleState.view ? consoleState.view.lastSeq : 0").asLong() + 1;
        tap(selector);
        settle(next);
    }

    static void settle(long seq) {
        page.waitFor("!consoleState.busy && consoleState.queue.length === 0 && consoleState.view && consoleState.view.lastSeq >= " + seq
                + " && document.querySelector('#rejected') === null", TIMEOUT);
    }

    static String view(String path) {
        return page.evaluate("(() => { const v = consoleState.view." + path + "; return v === null || v === undefined ? null : String(v); })()")
                .asText(null);
    }

    static long viewInt(String path) {
        return page.evaluate("consoleState.view." + path).asLong();
    }

    static boolean answerHas(String kind, String rule) {
        return page.evaluate("consoleState.answer.some(r => r.kind === " + Browser.jsString(kind)
                + (rule == null ? "" : " && r.rule === " + Browser.jsString(rule)) + ")").asBoolean()
                && page.count("#answer [data-kind=" + kind + "]") > 0;
    }

    static String answer() {
        return page.evaluate("JSON.stringify(consoleState.answer)").asText() + " | " + page.text("#answer");
    }

    static List<String> eventsSent() {
        List<String> out = new ArrayList<>();
        page.evaluate("consoleState.history.map(h => JSON.stringify(h.event))").forEach(n -> out.add(n.asText()));
        return out;
    }

    static List<String> queuedEvents() {
        List<String> out = new ArrayList<>();
        page.evaluate("consoleState.queue.map(h => JSON.stringify(h.event))").forEach(n -> out.add(n.asText()));
        return out;
    }

    /** Cuts or restores the tab's network (DevTools network emulation: navigator.onLine follows). */
    static void network(boolean on) {
        page.send("Network.enable", Map.of());
        page.send("Network.emulateNetworkConditions", Map.of("offline", !on, "latency", 0,
                "downloadThroughput", -1, "uploadThroughput", -1));
    }

    static void tablet() {
        page.send("Emulation.setDeviceMetricsOverride", Map.of("width", 1280, "height", 800, "deviceScaleFactor", 1, "mobile", false));
    }

    static void phone() {
        page.send("Emulation.setDeviceMetricsOverride", Map.of("width", 390, "height", 844, "deviceScaleFactor", 1, "mobile", true));
    }

    static void screenshot(String name) {
        ServiceProcess.sleep(200);
        Path file = page.screenshot(SCREENSHOTS.resolve(name + ".png"));
        System.out.println("console screenshot: " + file);
    }
}
