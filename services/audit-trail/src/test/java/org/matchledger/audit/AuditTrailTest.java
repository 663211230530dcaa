package org.matchledger.audit;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.matchledger.core.event.Discipline;
import org.matchledger.core.json.Json;
import org.matchledger.core.ruling.Ruling;
import org.matchledger.testsupport.Browser;
import org.matchledger.testsupport.BrowserTab;
import org.matchledger.testsupport.KafkaTestResource;
import org.matchledger.testsupport.TestTokensResource;
import org.matchledger.testsupport.PostgresTestResource;

import java.net.URL;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The service on a real broker and a real PostgreSQL: a simulated match (corrections, duplicates, a rejected event,
 * an appeal) published as the processor publishes it, every processor record produced twice; then the API.
 */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
@WithTestResource(PostgresTestResource.class)
@WithTestResource(TestTokensResource.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AuditTrailTest {
    @org.junit.jupiter.api.BeforeEach
    void asReader() {
        AsReader.everyRequest(); // the service answers readers only
    }

    static final Duration STORED = Duration.ofSeconds(60);
    PublishedMatch match;
    /** A Black Ball match: its reds and yellows are drawn as red and yellow balls. */
    PublishedMatch blackBall;

    @BeforeAll
    void publish() throws Exception {
        match = PublishedMatch.simulate("audit-" + System.nanoTime(), Discipline.NINE_BALL, 3, 7).publish(2);
        assertNotNull(match.correctionSeq, "the simulated match has a correction");
        assertTrue(match.rejected > 0 && match.duplicates > 0, "the simulated match has rejected and re-sent events");
        String id = match.matchId;
        await().atMost(STORED).until(() ->
                Db.count("SELECT count(*) FROM recorded_event WHERE match_id = ?", id) == match.events.size()
                        && Db.count("SELECT count(*) FROM ruling WHERE match_id = ?", id) == match.appliedRulings()
                        && Db.count("SELECT count(*) FROM published_view WHERE match_id = ?", id) == match.viewAt.size()
                        && Db.count("SELECT count(*) FROM rejected_event WHERE match_id = ? AND source = 'processor'", id) == match.rejected);
        blackBall = PublishedMatch.simulate("audit-bb-" + System.nanoTime(), Discipline.BLACKBALL, 2, 11).publish(1);
        await().atMost(STORED).until(() ->
                Db.count("SELECT count(*) FROM recorded_event WHERE match_id = ?", blackBall.matchId) == blackBall.events.size()
                        && Db.count("SELECT count(*) FROM ruling WHERE match_id = ?", blackBall.matchId) == blackBall.appliedRulings());
    }

    @Test
    void everyRecordTwice_isStoredOnce() {
        String id = match.matchId;
        // Settle: nothing more arrives for the copies produced twice.
        await().pollDelay(Duration.ofSeconds(2)).atMost(Duration.ofSeconds(5)).until(() -> true);
        assertEquals(match.events.size(), Db.count("SELECT count(*) FROM recorded_event WHERE match_id = ?", id));
        assertEquals(match.appliedRulings(), Db.count("SELECT count(*) FROM ruling WHERE match_id = ?", id));
        assertEquals(match.viewAt.size(), Db.count("SELECT count(*) FROM published_view WHERE match_id = ?", id));
        assertEquals(match.rejected, Db.count("SELECT count(*) FROM rejected_event WHERE match_id = ? AND source = 'processor'", id));
        // (match, seq, n) is unique among applied events' rulings: no two rows for one ruling.
        assertEquals(0, Db.count("SELECT count(*) FROM (SELECT 1 FROM ruling WHERE match_id = ? GROUP BY seq, n HAVING count(*) > 1) d", id));
    }

    @Test
    void viewAtEverySeq_isTheReplayAtThatSeq() {
        for (Map.Entry<Long, JsonNode> e : match.viewAt.entrySet()) {
            String body = given().get("/matches/{id}/view?atSeq={n}", match.matchId, e.getKey())
                    .then().statusCode(200).extract().asString();
            assertEquals(e.getValue(), PublishedMatch.read(body), "view at seq " + e.getKey());
        }
        String latest = given().get("/matches/{id}/view", match.matchId).then().statusCode(200).extract().asString();
        assertEquals(match.viewAt.get(match.lastSeq), PublishedMatch.read(latest));
    }

    /** The page's view panel is that view rendered: players by name (their ids beside), scores, the balls drawn. */
    @Test
    void theViewPanel_isTheViewAtThatSeqRendered() {
        long c = match.correctionSeq;
        JsonNode v = match.viewAt.get(c);
        String html = given().get("/matches/{id}/view-panel?atSeq={n}", match.matchId, c).then().statusCode(200)
                .contentType(startsWith("text/html")).extract().asString();
        assertTrue(html.startsWith("<div id=\"view-state\" data-seq=\"" + c + "\">"), html);
        for (JsonNode p : v.get("players")) {
            String id = p.get("id").asText();
            assertTrue(html.contains("<td data-field=\"name\" data-player=\"" + id + "\">" + p.get("name").asText() + " (" + id + ")</td>"), html);
            assertTrue(html.contains("<td data-field=\"score\" data-player=\"" + id + "\">" + p.get("score").asText() + "</td>"), html);
        }
        String winnerOrAtTable = v.hasNonNull("atTable") ? v.get("atTable").asText() : null;
        for (JsonNode p : v.get("players")) {
            if (p.get("id").asText().equals(winnerOrAtTable)) {
                assertTrue(html.contains("<td data-field=\"atTable\">" + p.get("name").asText() + "</td>"), "at the table by name: " + html);
            }
        }
        assertTrue(html.contains("data-count=\"" + v.get("ballsOnTable").size() + "\""), html);
        for (JsonNode b : v.get("ballsOnTable")) { // 9-ball: numbered in their colours
            assertTrue(html.contains("<i class=\"ball b" + b.asInt() + "\" data-ball=\"" + b.asInt() + "\" title=\"ball " + b.asInt() + "\">" + b.asInt() + "</i>"), html);
        }
    }

    @Test
    void verify_isConsistent() {
        JsonNode v = json(given().get("/matches/{id}/verify", match.matchId).then().statusCode(200).extract().response());
        assertEquals("consistent", v.get("status").asText(), v.toString());
        assertEquals(match.appliedRulings(), v.get("rulings").asInt());
        assertEquals(match.viewAt.size(), v.get("views").asInt());
        assertEquals(match.lastSeq, v.get("events").asLong());
    }

    /**
     * verify must find a published ruling or view that the rules do not give: a second match is published, then the
     * stored copy of one of its rulings (a points value) and one of its later views are altered, as if the processor
     * had published them so. The first difference, in ledger order, is the altered ruling.
     */
    @Test
    void verify_reportsTheFirstDifference() throws Exception {
        PublishedMatch other = PublishedMatch.simulate("audit-altered-" + System.nanoTime(), Discipline.NINE_BALL, 1, 11).publish(1);
        String id = other.matchId;
        await().atMost(STORED).until(() ->
                Db.count("SELECT count(*) FROM ruling WHERE match_id = ?", id) == other.appliedRulings()
                        && Db.count("SELECT count(*) FROM published_view WHERE match_id = ?", id) == other.viewAt.size());
        long seq = Db.count("SELECT min(seq) FROM ruling WHERE match_id = ? AND seq > 3 AND kind = 'TURN'", id);
        assertEquals(1, Db.update("UPDATE ruling SET body = replace(body, '\"kind\":\"TURN\"', '\"kind\":\"CONTINUE\"')"
                + " WHERE match_id = ? AND seq = ? AND kind = 'TURN'", id, seq));
        long lastSeq = Db.count("SELECT max(last_seq) FROM published_view WHERE match_id = ?", id);
        assertEquals(1, Db.update("UPDATE published_view SET body = replace(body, '\"status\":', '\"status\":\"X\",\"was\":')"
                + " WHERE match_id = ? AND last_seq = ?", id, lastSeq));

        JsonNode v = json(given().get("/matches/{id}/verify", id).then().statusCode(200).extract().response());
        assertEquals("inconsistent", v.get("status").asText(), v.toString());
        JsonNode d = v.get("firstDifference");
        assertEquals("ruling", d.get("what").asText(), d.toString());
        assertEquals(seq, d.get("seq").asLong(), d.toString());
        assertEquals("TURN", d.get("expected").get("kind").asText(), d.toString());
        assertEquals("CONTINUE", d.get("published").get("kind").asText(), d.toString());

        // With the ruling put back, the altered view is the first difference.
        Db.update("UPDATE ruling SET body = replace(body, '\"kind\":\"CONTINUE\"', '\"kind\":\"TURN\"')"
                + " WHERE match_id = ? AND seq = ? AND kind = 'TURN'", id, seq);
        JsonNode w = json(given().get("/matches/{id}/verify", id).then().statusCode(200).extract().response());
        assertEquals("inconsistent", w.get("status").asText(), w.toString());
        assertEquals("view", w.get("firstDifference").get("what").asText(), w.toString());
        assertEquals(lastSeq, w.get("firstDifference").get("seq").asLong(), w.toString());
    }

    @Test
    void theTimeline_showsCorrectionsRejectionsDuplicatesAndAppeals() {
        JsonNode t = json(given().get("/matches/{id}/ledger", match.matchId).then().statusCode(200).extract().response());
        assertEquals(match.events.size(), t.get("timeline").size());
        assertEquals(match.rejected, t.get("rejected").asInt());
        assertEquals(match.duplicates, t.get("duplicates").asInt());
        assertEquals(match.lastSeq, t.get("lastSeq").asLong());
        JsonNode correction = null;
        JsonNode target = null;
        List<Long> seqs = new ArrayList<>();
        for (JsonNode row : t.get("timeline")) {
            String status = row.get("status").asText();
            if (status.equals("APPLIED")) {
                seqs.add(row.get("seq").asLong());
                assertTrue(row.get("rulings").size() > 0, "rulings of " + row);
                for (JsonNode r : row.get("rulings")) {
                    assertEquals(row.get("seq").asLong(), r.get("seq").asLong());
                }
            } else {
                assertFalse(row.path("reason").asText().isBlank(), "a reason for " + row);
            }
            if (row.has("correction") && row.get("seq").asLong() == match.correctionSeq) {
                correction = row;
            }
            if (status.equals("APPLIED") && row.get("eventId").asText().equals(match.correctionTargetId)) {
                target = row;
            }
        }
        assertEquals(seqs.stream().sorted().distinct().toList(), seqs, "one applied event per seq, in order");
        assertNotNull(correction, "the correction is in the timeline");
        assertEquals(match.correctionTargetId, correction.at("/correction/targetId").asText());
        assertEquals(target.get("seq").asLong(), correction.at("/correction/targetSeq").asLong());
        assertEquals(match.correctionSeq.longValue(), target.at("/correctedBy/0/seq").asLong());
        // A rejected event's reason comes from the processor's table-events-rejected record.
        JsonNode gap = null;
        for (JsonNode row : t.get("timeline")) {
            if (row.get("eventId").asText().endsWith("-gap")) {
                gap = row;
            }
        }
        assertEquals("REJECTED", gap.get("status").asText());
        assertTrue(gap.get("reason").asText().startsWith("seq:"), gap.toString());
        assertEquals("table-events-rejected", gap.get("reasonFrom").asText());
        // The appeal and its decision.
        assertEquals(1, t.get("appeals").size());
        assertEquals("decided", t.at("/appeals/0/status").asText());
        assertFalse(t.at("/appeals/0/decision/upheld").asBoolean(true));
    }

    @Test
    void theCorrection_changesTheViewsFromItsSeqOn() {
        long c = match.correctionSeq;
        JsonNode before = json(given().get("/matches/{id}/view?atSeq={n}", match.matchId, c - 1).then().statusCode(200).extract().response());
        JsonNode after = json(given().get("/matches/{id}/view?atSeq={n}", match.matchId, c).then().statusCode(200).extract().response());
        assertEquals(c, after.get("lastSeq").asLong());
        before = ((com.fasterxml.jackson.databind.node.ObjectNode) before.deepCopy()).put("lastSeq", 0);
        after = ((com.fasterxml.jackson.databind.node.ObjectNode) after.deepCopy()).put("lastSeq", 0);
        assertNotEquals(before, after, "voiding a shot changes the view (beyond lastSeq)");
    }

    @Test
    void appeals_byStatus() {
        JsonNode decided = json(given().get("/appeals?status=decided").then().statusCode(200).extract().response());
        JsonNode mine = null;
        for (JsonNode a : decided.get("appeals")) {
            if (a.get("matchId").asText().equals(match.matchId)) {
                mine = a;
            }
        }
        assertNotNull(mine, decided.toString());
        assertEquals(match.matchId + "-appeal", mine.get("appealId").asText());
        assertEquals("pool.shot.taken", mine.at("/concerns/0/type").asText());
        assertTrue(mine.at("/concerns/0/rulings").size() > 0);
        JsonNode open = json(given().get("/appeals?status=open").then().statusCode(200).extract().response());
        for (JsonNode a : open.get("appeals")) {
            assertNotEquals(match.matchId, a.get("matchId").asText());
        }
        given().get("/appeals").then().statusCode(200);
    }

    @Test
    void export_jsonlIsTheEventsAsReceived_csvIsQuoted() {
        String jsonl = given().get("/matches/{id}/export?format=jsonl", match.matchId).then().statusCode(200)
                .contentType(startsWith("application/x-ndjson")).extract().asString();
        // Each event as received, with its log time (the record's Kafka timestamp) as the last attribute: what the
        // replay tool closes a match with (docs/events.md "Closing, exactly").
        List<String> lines = jsonl.lines().toList();
        assertEquals(match.events.size(), lines.size());
        for (String line : lines) {
            assertTrue(line.matches(".*,\"ledgerlogtime\":\"[0-9T:.Z-]+\"}$"), line);
        }
        assertEquals(String.join("\n", match.events) + "\n",
                jsonl.replaceAll(",\"ledgerlogtime\":\"[0-9T:.Z-]+\"}\n", "}\n"));
        String csv = given().get("/matches/{id}/export?format=csv", match.matchId).then().statusCode(200)
                .contentType(startsWith("text/csv")).extract().asString();
        List<List<String>> records = parseCsv(csv);
        assertEquals(List.of("partition", "offset", "seq", "type", "event_id", "status", "n", "ruling_kind", "rule",
                "player", "points", "foul", "target_id", "rejudges", "detail", "poster_subject", "poster_role",
                "poster_table"), records.get(0));
        boolean gapRow = false;
        boolean appealRow = false;
        for (List<String> r : records.subList(1, records.size())) {
            assertEquals(18, r.size(), r.toString());
            if (r.get(4).endsWith("-gap")) {
                gapRow = true;
                assertEquals("REJECTED", r.get(5));
                assertTrue(r.get(14).startsWith("seq: gap, expected seq "), "a reason with commas survives quoting: " + r);
            }
            appealRow |= r.get(7).equals("APPEAL_FILED");
        }
        assertTrue(gapRow && appealRow, "rejected and appeal rows");
    }

    /** RFC 4180: quoted fields may hold commas, doubled quotes and line breaks; records end with CRLF. */
    static List<List<String>> parseCsv(String csv) {
        List<List<String>> records = new ArrayList<>();
        List<String> record = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < csv.length(); i++) {
            char c = csv.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < csv.length() && csv.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                record.add(field.toString());
                field.setLength(0);
            } else if (c == '\r' && i + 1 < csv.length() && csv.charAt(i + 1) == '\n') {
                record.add(field.toString());
                field.setLength(0);
                records.add(record);
                record = new ArrayList<>();
                i++;
            } else {
                field.append(c);
            }
        }
        return records;
    }

    @Test
    void badInput_isAProblemNamingTheParameter() {
        given().get("/matches/{id}/view?atSeq=abc", match.matchId).then().statusCode(400)
                .contentType("application/problem+json").body("parameter", equalTo("atSeq"));
        given().get("/matches/{id}/view?atSeq=0", match.matchId).then().statusCode(400).body("parameter", equalTo("atSeq"));
        given().get("/matches/{id}/view?atSeq={n}", match.matchId, match.lastSeq + 1).then().statusCode(404)
                .contentType("application/problem+json").body("parameter", equalTo("atSeq"));
        // The page's view panel takes the same parameter.
        given().get("/matches/{id}/view-panel?atSeq=abc", match.matchId).then().statusCode(400)
                .contentType("application/problem+json").body("parameter", equalTo("atSeq"));
        given().get("/matches/{id}/view-panel?atSeq={n}", match.matchId, match.lastSeq + 1).then().statusCode(404)
                .body("parameter", equalTo("atSeq"));
        given().get("/matches/{id}/export?format=xml", match.matchId).then().statusCode(400).body("parameter", equalTo("format"));
        given().get("/appeals?status=closed").then().statusCode(400).body("parameter", equalTo("status"));
        for (String path : List.of("ledger", "view?atSeq=1", "view-panel?atSeq=1", "verify", "export?format=csv")) {
            given().get("/matches/no-such-match/" + path).then().statusCode(404).contentType("application/problem+json");
        }
        given().get("/nothing/here").then().statusCode(404).contentType("application/problem+json");
    }

    @Test
    void thePage_hasTheTimelineAndTheStepControl() {
        String html = given().get("/matches/{id}", match.matchId).then().statusCode(200)
                .contentType(startsWith("text/html")).body(containsString("id=\"step\"")).extract().asString();
        assertTrue(html.contains("data-seq=\"" + match.correctionSeq + "\""));
        assertTrue(html.contains("class=\"ev applied correction"), "the correction is marked");
        assertTrue(html.contains("badge appeal"), "the appeal is marked");
        assertTrue(html.contains("data-field=\"lastSeq\""));
        given().get("/matches/no-such-match").then().statusCode(404);
    }

    @TestHTTPResource("/")
    URL base;

    @Test
    void thePage_stepsThroughTheMatch_inHeadlessChromium() throws Exception {
        long last = match.lastSeq;
        long c = match.correctionSeq;
        try (Browser browser = Browser.launch();
             BrowserTab page = browser.open(new URL(base, "/matches/" + match.matchId).toString(), AsReader.headers())) {
            Duration t = Duration.ofSeconds(15);
            page.waitForText("[data-field='lastSeq']", Long.toString(last), t);
            assertEquals(match.viewAt.size(), page.count("#timeline li[data-seq]"), "a row per applied event");
            assertTrue(page.count("#timeline li.correction") >= 1, "the correction is marked");
            assertEquals(2, page.count("#timeline li.appeal"), "filing and decision are marked");
            assertTrue(page.count("#timeline li.rejected") >= 1, "the rejected event is shown");
            assertTrue(page.count("#timeline .rule") > 0, "rulings show their rule");

            page.evaluate("document.getElementById('prev').click()");
            page.waitForText("[data-field='lastSeq']", Long.toString(last - 1), t);
            page.evaluate("(() => { const s = document.getElementById('step'); s.value = '" + c + "';"
                    + " s.dispatchEvent(new Event('input')); })()");
            page.waitForText("[data-field='lastSeq']", Long.toString(c), t);
            JsonNode expected = match.viewAt.get(c);
            for (JsonNode p : expected.get("players")) {
                assertEquals(p.get("score").asText(), page.text("[data-field='score'][data-player='" + p.get("id").asText() + "']"),
                        "score of " + p.get("id").asText() + " after seq " + c);
            }
            assertEquals(expected.get("status").asText(), page.text("[data-field='status']"));
            page.evaluate("document.getElementById('next').click()");
            page.waitForText("[data-field='lastSeq']", Long.toString(c + 1), t);
            assertTrue(page.evaluate("document.querySelector('#timeline li.current').dataset.seq").asText()
                    .equals(Long.toString(c + 1)), "the shown event is highlighted");
            Path shot = page.screenshot(Path.of("target", "screenshots", "appeal-page.png"));
            System.out.println("AuditTrailTest screenshot: " + shot);
            assertTrue(page.console().stream().noneMatch(m -> m.toLowerCase().contains("error")), page.console().toString());
        }
    }

    /**
     * What an appeals committee reads (docs/events.md, docs/view.md): players by the opening's names, never their
     * ids; a shot's facts in words as posted (shooter, first ball hit, balls pocketed, scratch, fouls seen); each
     * rule number with its short text; the balls left on the table drawn as balls; a correction beside the rulings
     * it re-judged (1.9): the rulings first published at the target's seq, and those the correction gave instead.
     */
    @Test
    void thePage_readsAsAnAppealsCommitteeNeeds_inHeadlessChromium() throws Exception {
        JsonNode opened = PublishedMatch.read(match.events.get(0));
        Map<String, String> names = new HashMap<>();
        for (JsonNode p : opened.at("/data/players")) {
            names.put(p.get("id").asText(), p.get("name").asText());
        }
        // The first applied shot, as posted, and the view after it (the processor's fold, not the audit trail's).
        Ruling first = match.rulings.stream().filter(r -> eventOf(r.eventId()).path("type").asText().equals("pool.shot.taken"))
                .findFirst().orElseThrow();
        JsonNode shot = eventOf(first.eventId()).get("data");
        long s = first.seq();
        String row = "#timeline li[data-seq='" + s + "'] ";
        // The correction and its target, from the timeline API.
        JsonNode correction = null;
        for (JsonNode r : json(given().get("/matches/{id}/ledger", match.matchId)).get("timeline")) {
            if (r.has("correction") && r.get("seq").asLong() == match.correctionSeq) {
                correction = r.get("correction");
            }
        }
        assertNotNull(correction);
        long target = correction.get("targetSeq").asLong();
        long c = match.correctionSeq;
        try (Browser browser = Browser.launch();
             BrowserTab page = browser.open(new URL(base, "/matches/" + match.matchId).toString(), AsReader.headers())) {
            Duration t = Duration.ofSeconds(15);
            page.waitForText("[data-field='lastSeq']", Long.toString(match.lastSeq), t);

            // Names, not ids: every player a ruling names is shown by the name the opening gave.
            JsonNode shown = page.evaluate("[...document.querySelectorAll('#timeline .ruling [data-f=player]')].map(e => e.textContent)");
            assertTrue(shown.size() > 0, "rulings name players");
            for (JsonNode text : shown) {
                assertTrue(names.values().stream().anyMatch(n -> text.asText().equals("player: " + n)), text.asText());
            }
            assertEquals(names.get(match.viewAt.get(match.lastSeq).path("winner").asText()),
                    page.text("[data-field='winner']"), "the winner by name");

            // The shot's facts in words.
            assertEquals(names.get(shot.get("shooter").asText()), page.text(row + "[data-fact='shooter'] .words"));
            assertEquals(shot.hasNonNull("firstContact") ? shot.get("firstContact").asText() : "none",
                    page.text(row + "[data-fact='first ball hit'] .words"), "in words; the ball is drawn beside them");
            List<String> pocketed = new ArrayList<>();
            shot.path("pocketed").forEach(p -> pocketed.add(p.get("ball").asText()));
            assertEquals(pocketed, strings(page.evaluate("[...document.querySelectorAll(" + Browser.jsString(row
                    + "[data-fact='pocketed'] [data-ball]") + ")].map(e => e.dataset.ball)")));
            boolean scratch = shot.path("cueBallPocketed").asBoolean() || shot.path("cueBallOffTable").asBoolean();
            assertEquals(scratch ? 1 : 0, page.count(row + "[data-fact='scratch']"));
            String fouls = page.text(row + "[data-fact='fouls seen'] .words");
            if (shot.path("fouls").isEmpty()) {
                assertEquals("none", fouls);
            }
            for (JsonNode f : shot.path("fouls")) { // e.g. DOUBLE_HIT (6.7) reads "double hit"
                assertTrue(fouls.contains(f.asText().toLowerCase().replace('_', ' ')), fouls);
            }

            // Every cited rule with its short text; the lag (1.2) reads as the lag.
            assertEquals(page.count("#timeline .rule"), page.count("#timeline .rule + .rule-text"));
            assertTrue(page.text("#timeline .ruling[data-kind='LAG_WON'] .rule-text").contains("lag"));

            // The balls on the table after the shot, drawn numbered in 9-ball (2.1: balls 1-9).
            List<String> after = new ArrayList<>();
            match.viewAt.get(s).get("ballsOnTable").forEach(b -> after.add(b.asText()));
            assertEquals(after, strings(page.evaluate("[...document.querySelectorAll(" + Browser.jsString(row
                    + ".table-after .ball") + ")].map(e => e.textContent)")));
            List<String> drawn = new ArrayList<>();
            after.forEach(n -> drawn.add("ball b" + n));
            assertEquals(drawn, strings(page.evaluate("[...document.querySelectorAll(" + Browser.jsString(row
                    + ".table-after .ball") + ")].map(e => e.className)")), "each ball in its dashboard colour");

            // The correction beside what it re-judged: the target's first rulings, then the correction's for it.
            String side = "#timeline li[data-seq='" + c + "'] table.rejudged tr[data-rejudged-seq='" + target + "'] ";
            assertEquals(kinds(match.rulings.stream().filter(r -> r.seq() == target).toList()),
                    strings(page.evaluate("[...document.querySelectorAll(" + Browser.jsString(side + ".before .ruling")
                            + ")].map(e => e.dataset.kind)")));
            assertEquals(kinds(match.rulings.stream().filter(r -> r.seq() == c && Long.valueOf(target).equals(r.rejudges())).toList()),
                    strings(page.evaluate("[...document.querySelectorAll(" + Browser.jsString(side + ".after .ruling")
                            + ")].map(e => e.dataset.kind)")));
            for (JsonNode r : correction.get("rejudges")) {
                assertEquals(1, page.count("#timeline li[data-seq='" + c + "'] tr[data-rejudged-seq='" + r.asText() + "']"),
                        "re-judged seq " + r.asText() + " is shown");
            }

            // The view panel draws the balls of the view at the correction.
            page.evaluate("(() => { const s = document.getElementById('step'); s.value = '" + c + "';"
                    + " s.dispatchEvent(new Event('input')); })()");
            page.waitForText("[data-field='lastSeq']", Long.toString(c), t);
            assertEquals(match.viewAt.get(c).get("ballsOnTable").size(), page.count("[data-field='ballsOnTable'] .ball"));
            page.evaluate("document.querySelector('#timeline li[data-seq=\"" + c + "\"]').scrollIntoView()");
            Path file = page.screenshot(Path.of("target", "screenshots", "appeal-page-correction.png"));
            System.out.println("AuditTrailTest screenshot: " + file);
            assertTrue(page.console().stream().noneMatch(m -> m.toLowerCase().contains("error")), page.console().toString());
        }
    }

    /** Black Ball (5.x): reds (1-7) and yellows (9-15) drawn as red and yellow balls, the black as the black, unnumbered. */
    @Test
    void thePage_drawsBlackBallsRedAndYellow_inHeadlessChromium() throws Exception {
        long seq = 0;
        JsonNode balls = null;
        for (var e : blackBall.viewAt.entrySet()) {
            JsonNode b = e.getValue().get("ballsOnTable");
            boolean red = false;
            boolean yellow = false;
            for (JsonNode n : b) {
                red |= n.asInt() <= 7;
                yellow |= n.asInt() >= 9;
            }
            if (red && yellow) {
                seq = e.getKey();
                balls = b;
                break;
            }
        }
        assertNotNull(balls, "the Black Ball match has reds and yellows on the table");
        int reds = 0;
        int yellows = 0;
        int blacks = 0;
        for (JsonNode n : balls) {
            reds += n.asInt() <= 7 ? 1 : 0;
            yellows += n.asInt() >= 9 ? 1 : 0;
            blacks += n.asInt() == 8 ? 1 : 0;
        }
        try (Browser browser = Browser.launch();
             BrowserTab page = browser.open(new URL(base, "/matches/" + blackBall.matchId).toString(), AsReader.headers())) {
            Duration t = Duration.ofSeconds(15);
            page.waitForText("[data-field='lastSeq']", Long.toString(blackBall.lastSeq), t);
            page.evaluate("(() => { const s = document.getElementById('step'); s.value = '" + seq + "';"
                    + " s.dispatchEvent(new Event('input')); })()");
            page.waitForText("[data-field='lastSeq']", Long.toString(seq), t);
            for (String where : List.of("[data-field='ballsOnTable']", "#timeline li[data-seq='" + seq + "'] .table-after")) {
                assertEquals(reds, page.count(where + " .ball.red"), where);
                assertEquals(yellows, page.count(where + " .ball.yellow"), where);
                assertEquals(blacks, page.count(where + " .ball.black"), where);
                assertEquals("", page.text(where + " .ball"), "unnumbered");
                // Drawn in their colours: red is mostly red, yellow red and green without blue.
                JsonNode red = page.evaluate("getComputedStyle(document.querySelector(" + Browser.jsString(where
                        + " .ball.red") + ")).backgroundColor.match(/\\d+/g).map(Number)");
                assertTrue(red.get(0).asInt() > 150 && red.get(1).asInt() < 80 && red.get(2).asInt() < 80, red.toString());
                JsonNode yellow = page.evaluate("getComputedStyle(document.querySelector(" + Browser.jsString(where
                        + " .ball.yellow") + ")).backgroundColor.match(/\\d+/g).map(Number)");
                assertTrue(yellow.get(0).asInt() > 200 && yellow.get(1).asInt() > 150 && yellow.get(2).asInt() < 80, yellow.toString());
            }
            assertEquals(0, page.evaluate("[...document.querySelectorAll('.ball')].filter(e => /\\bb\\d+\\b/.test(e.className)).length")
                    .asInt(), "no numbered pool ball in Black Ball");
            page.evaluate("document.querySelector('#timeline li[data-seq=\"" + seq + "\"]').scrollIntoView()");
            Path file = page.screenshot(Path.of("target", "screenshots", "appeal-page-blackball.png"));
            System.out.println("AuditTrailTest screenshot: " + file);
        }
    }

    JsonNode eventOf(String id) {
        return match.events.stream().map(PublishedMatch::read).filter(e -> e.path("id").asText().equals(id))
                .findFirst().orElseThrow();
    }

    static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(x -> out.add(x.asText()));
        return out;
    }

    static List<String> kinds(List<Ruling> rulings) {
        return rulings.stream().map(r -> r.kind().name()).toList();
    }

    static JsonNode json(Response r) {
        return PublishedMatch.read(r.asString());
    }
}
