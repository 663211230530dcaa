package org.matchledger.processor;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.matchledger.core.event.Discipline;
import org.matchledger.core.event.Poster;
import org.matchledger.core.json.Json;
import org.matchledger.core.ledger.MatchClosing;
import org.matchledger.core.ledger.Replay;
import org.matchledger.kafka.PosterHeaders;
import org.matchledger.kafka.RulingsHeader;
import org.matchledger.sim.MatchPlayer;
import org.matchledger.sim.SimProfile;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The topology in a TopologyTestDriver: what it produces for a match, a duplicate, a rejection, a correction folded
 * again from the events store, and closing (docs/events.md "Closing"), against the golden files and the replay tool.
 */
class MatchJudgeTest {
    static final Path GOLDEN = Path.of("../core/ledger-core/src/test/resources/golden");
    static final Instant T0 = Instant.parse("2026-04-18T19:00:00Z");
    static final Duration WINDOW = Duration.ofHours(24);

    @TempDir
    Path state;

    private static Instant at(int minute) {
        return T0.plus(Duration.ofMinutes(minute));
    }

    @Test
    void aNineBallMatch_givesTheGoldenRulingsWithTheirCountHeader_andTheGoldenView() throws Exception {
        List<String> events = LedgerDriver.lines(GOLDEN.resolve("nine-ball-race-to-3.jsonl"));
        List<String> expected = LedgerDriver.lines(GOLDEN.resolve("nine-ball-race-to-3.rulings.jsonl"));
        JsonNode expectedView = LedgerDriver.tree(String.join("\n", LedgerDriver.lines(GOLDEN.resolve("nine-ball-race-to-3.view.json"))));
        try (LedgerDriver d = new LedgerDriver(LedgerDriver.settings(WINDOW, 500), state)) {
            for (int i = 0; i < events.size(); i++) {
                d.post("golden-nine-ball", events.get(i), at(i));
            }
            List<TestRecord<String, String>> rulings = d.rulings.readRecordsToList();
            List<JsonNode> actual = rulings.stream().map(r -> LedgerDriver.tree(r.value())).toList();
            List<JsonNode> wanted = expected.stream().map(LedgerDriver::tree).toList();
            assertEquals(wanted.size(), actual.size());
            for (int i = 0; i < wanted.size(); i++) {
                // "detail": "*" in a golden file stands for any wording (the commentary explains the ruling).
                if ("*".equals(wanted.get(i).path("detail").asText()) && actual.get(i).has("detail")) {
                    ((ObjectNode) wanted.get(i)).set("detail", actual.get(i).get("detail"));
                }
            }
            assertEquals(wanted, actual);
            // ledger-rulings-of-event: how many rulings the ruling's event got (the gateway's ?wait counts on it).
            for (TestRecord<String, String> r : rulings) {
                JsonNode j = LedgerDriver.tree(r.value());
                long sameEvent = rulings.stream().map(x -> LedgerDriver.tree(x.value()))
                        .filter(x -> x.path("eventId").equals(j.path("eventId")) && x.path("seq").equals(j.path("seq"))).count();
                assertEquals(sameEvent, Long.parseLong(header(r, RulingsHeader.NAME)), r.value());
                assertEquals("golden-nine-ball", r.key());
            }
            List<String> views = d.views.readValuesToList();
            assertEquals(expectedView, LedgerDriver.tree(views.get(views.size() - 1)));
            assertFalse(views.get(views.size() - 1).contains("\"closed\""), "no closed field before closing (view.md)");
            assertTrue(d.rejected.isEmpty());
        }
    }

    @Test
    void theSameEventTwice_isADuplicate_andChangesNothing() throws Exception {
        List<String> events = LedgerDriver.lines(GOLDEN.resolve("nine-ball-race-to-3.jsonl"));
        try (LedgerDriver d = new LedgerDriver(LedgerDriver.settings(WINDOW, 500), state)) {
            d.post("golden-nine-ball", events.get(0), at(0));
            d.post("golden-nine-ball", events.get(1), at(1));
            d.views.readValuesToList();
            d.rulings.readValuesToList();
            d.post("golden-nine-ball", events.get(1), at(2));
            List<String> rulings = d.rulings.readValuesToList();
            assertEquals(1, rulings.size());
            assertEquals("DUPLICATE", LedgerDriver.tree(rulings.get(0)).get("kind").textValue());
            assertTrue(d.views.isEmpty(), "a duplicate changes no view");
            assertTrue(d.rejected.isEmpty(), "a duplicate is not a rejection");
        }
    }

    @Test
    void aTableAccountsEventOnAnotherTablesMatch_isRejectedNamingTableId_withItsPosterHeaders() {
        String id = "poster-" + 1;
        MatchPlayer player = new MatchPlayer(id, Discipline.NINE_BALL, 2, "T1", 3, SimProfile.CLEAN);
        ObjectNode opened = player.next();
        ObjectNode second = player.next();
        Poster own = new Poster("table-T01", "table", "T1");
        Poster other = new Poster("table-T02", "table", "T2");
        try (LedgerDriver d = new LedgerDriver(LedgerDriver.settings(WINDOW, 500), state)) {
            d.post(id, Json.write(opened), at(0), own);
            d.rulings.readValuesToList();
            d.post(id, Json.write(second), at(1), other);
            List<String> rulings = d.rulings.readValuesToList();
            assertEquals(1, rulings.size());
            JsonNode r = LedgerDriver.tree(rulings.get(0));
            assertEquals("EVENT_REJECTED", r.get("kind").textValue());
            assertTrue(r.get("reason").textValue().startsWith("tableId"), r.toString());
            TestRecord<String, String> rej = d.rejected.readRecord();
            assertEquals(id, rej.key());
            JsonNode v = LedgerDriver.tree(rej.value());
            assertEquals(r.get("reason"), v.get("reason"));
            assertEquals(second.get("id"), v.get("event").get("id"));
            assertEquals(0, v.get("partition").intValue());
            assertEquals(1, v.get("offset").longValue(), "the rejected record's offset on table-events");
            assertEquals(other, PosterHeaders.read(rej.headers()), "the rejection carries who posted it");
            assertNull(rej.headers().lastHeader(RulingsHeader.NAME));
        }
    }

    @Test
    void aRecordThatIsNotJson_isRejected_andTheMatchGoesOn() {
        try (LedgerDriver d = new LedgerDriver(LedgerDriver.settings(WINDOW, 500), state)) {
            d.post("m-junk", "{not json", at(0));
            assertEquals("EVENT_REJECTED", LedgerDriver.tree(d.rulings.readValue()).get("kind").textValue());
            JsonNode v = LedgerDriver.tree(d.rejected.readValue());
            assertEquals("event: not JSON", v.get("reason").textValue());
            assertEquals("{not json", v.get("eventText").textValue());
        }
    }

    /**
     * With one match cached per task, interleaving two matches evicts each in turn: every event, voids included, is
     * judged against the match folded again from its events in the store, and gives the replay tool's rulings.
     */
    @Test
    void voidsOfAnEvictedMatch_areJudgedOnTheMatchFoldedFromTheEventsStore_asTheReplayTool() {
        VoidStorm a = new VoidStorm("refold-a", 40, 15, 7);
        VoidStorm b = new VoidStorm("refold-b", 40, 15, 8);
        try (LedgerDriver d = new LedgerDriver(LedgerDriver.settings(WINDOW, 1), state)) {
            List<String> ea = new ArrayList<>(a.match);
            ea.addAll(a.voids);
            List<String> eb = new ArrayList<>(b.match);
            eb.addAll(b.voids);
            int minute = 0;
            for (int i = 0; i < Math.max(ea.size(), eb.size()); i++) {
                if (i < ea.size()) {
                    d.post("refold-a", ea.get(i), at(minute++));
                }
                if (i < eb.size()) {
                    d.post("refold-b", eb.get(i), at(minute++));
                }
            }
            List<TestRecord<String, String>> rulings = d.rulings.readRecordsToList();
            List<TestRecord<String, String>> views = d.views.readRecordsToList();
            for (VoidStorm s : List.of(a, b)) {
                String id = s == a ? "refold-a" : "refold-b";
                assertEquals(s.replay.rulings().stream().map(Json::write).toList(),
                        rulings.stream().filter(r -> id.equals(r.key())).map(TestRecord::value).toList(), id);
                assertEquals(Json.write(s.replay.view()), views.stream()
                        .filter(r -> id.equals(r.key())).reduce((x, y) -> y).orElseThrow().value(), id);
            }
        }
    }

    @Test
    void aVoidStorm_givesTheReplayToolsRulingsViewAndRejections() {
        VoidStorm storm = new VoidStorm("storm", 200, 500, 42);
        try (LedgerDriver d = new LedgerDriver(LedgerDriver.settings(WINDOW, 500), state)) {
            int minute = 0;
            for (String e : storm.match) {
                d.post("storm", e, at(minute++));
            }
            for (String e : storm.voids) {
                d.post("storm", e, at(minute++));
            }
            assertEquals(storm.replay.rulings().stream().map(Json::write).toList(), d.rulings.readValuesToList());
            assertEquals(storm.rejected, d.rejected.readValuesToList().size());
            List<String> views = d.views.readValuesToList();
            assertEquals(Json.write(storm.replay.view()), views.get(views.size() - 1));
        }
    }

    /**
     * events.md "Closing": a finished match closes once the window has passed on the log's time. The punctuator on
     * stream time (advanced here by another match's event) closes it: MATCH_CLOSED with the window, the last view with
     * "closed": true; its events leave the store and only the marker stays; a later event is rejected "match closed".
     */
    @Test
    void aFinishedMatch_closesOnStreamTimeAfterTheWindow_thenRejectsLaterEvents() throws Exception {
        List<String> events = LedgerDriver.lines(GOLDEN.resolve("nine-ball-race-to-3.jsonl"));
        try (LedgerDriver d = new LedgerDriver(LedgerDriver.settings(WINDOW, 500), state)) {
            for (int i = 0; i < events.size(); i++) {
                d.post("golden-nine-ball", events.get(i), at(i));
            }
            List<String> views = d.views.readValuesToList();
            String lastView = views.get(views.size() - 1);
            assertEquals("FINISHED", LedgerDriver.tree(lastView).get("status").textValue());
            d.rulings.readValuesToList();
            assertEquals(events.size(), d.keys(LedgerTopology.EVENTS_STORE).size(), "every applied event kept once");
            Instant finished = at(events.size() - 1);

            // Just before the window has passed: nothing closes.
            MatchPlayer other = new MatchPlayer("other", Discipline.EIGHT_BALL, 1, "T9", 1, SimProfile.CLEAN);
            d.post("other", Json.write(other.next()), finished.plus(WINDOW).minusSeconds(61));
            assertTrue(d.rulings.readValuesToList().stream().noneMatch(r -> r.contains("MATCH_CLOSED")));
            d.views.readValuesToList();

            d.post("other", Json.write(other.next()), finished.plus(WINDOW).plusSeconds(61));
            List<TestRecord<String, String>> closing = d.rulings.readRecordsToList().stream()
                    .filter(r -> r.key().equals("golden-nine-ball")).toList();
            assertEquals(1, closing.size());
            JsonNode closed = LedgerDriver.tree(closing.get(0).value());
            assertEquals("MATCH_CLOSED", closed.get("kind").textValue());
            assertEquals("PT24H", closed.get("detail").textValue());
            assertEquals(LedgerDriver.tree(lastView).get("lastSeq"), closed.get("seq"));
            assertEquals("1", header(closing.get(0), RulingsHeader.NAME));
            List<TestRecord<String, String>> closedViews = d.views.readRecordsToList().stream()
                    .filter(r -> r.key().equals("golden-nine-ball")).toList();
            assertEquals(1, closedViews.size());
            ObjectNode expectedView = (ObjectNode) LedgerDriver.tree(lastView);
            ObjectNode actualView = (ObjectNode) LedgerDriver.tree(closedViews.get(0).value());
            assertTrue(actualView.get("closed").booleanValue());
            actualView.remove("closed");
            assertEquals(expectedView, actualView, "the last view as it stood, with closed: true");

            // The store keeps a marker, no events.
            assertEquals(List.of(), d.keys(LedgerTopology.EVENTS_STORE).stream()
                    .filter(k -> k.startsWith("golden-nine-ball\u0000")).toList());
            assertTrue(d.store(LedgerTopology.STATE_STORE).get("golden-nine-ball").contains("\"closed\":true"));

            // A late correction of the closed match.
            ObjectNode late = (ObjectNode) LedgerDriver.tree(events.get(events.size() - 1));
            ObjectNode voided = Json.MAPPER.createObjectNode();
            voided.put("specversion", "1.0").put("id", "late-void").put("source", "/tables/T3/referee")
                    .put("type", "pool.event.voided").put("subject", "golden-nine-ball")
                    .put("seq", LedgerDriver.tree(lastView).get("lastSeq").longValue() + 1);
            voided.putObject("data").put("targetId", late.get("id").textValue()).put("reason", "too late");
            d.post("golden-nine-ball", Json.write(voided), finished.plus(WINDOW).plusSeconds(120));
            JsonNode rejection = LedgerDriver.tree(d.rulings.readValue());
            assertEquals("EVENT_REJECTED", rejection.get("kind").textValue());
            assertEquals("match closed", rejection.get("reason").textValue());
            assertEquals("late-void", rejection.get("eventId").textValue());
            assertEquals("match closed", LedgerDriver.tree(d.rejected.readValue()).get("reason").textValue());
            assertTrue(d.views.readRecordsToList().stream().noneMatch(r -> r.key().equals("golden-nine-ball")));
        }
    }

    /**
     * Closing follows corrections (docs/events.md, "Closing, exactly": the window runs from the time the match is
     * finished; a correction that re-opens it clears that time): a finished match whose last event is voided is in
     * progress again and does not close when its old window passes.
     */
    @Test
    void aFinishedMatchReopenedByACorrection_doesNotCloseWhenItsOldWindowPasses() throws Exception {
        List<String> events = LedgerDriver.lines(GOLDEN.resolve("nine-ball-race-to-3.jsonl"));
        try (LedgerDriver d = new LedgerDriver(LedgerDriver.settings(WINDOW, 500), state)) {
            for (int i = 0; i < events.size(); i++) {
                d.post("golden-nine-ball", events.get(i), at(i));
            }
            List<String> views = d.views.readValuesToList();
            JsonNode lastView = LedgerDriver.tree(views.get(views.size() - 1));
            assertEquals("FINISHED", lastView.get("status").textValue());
            Instant finished = at(events.size() - 1);

            ObjectNode voided = Json.MAPPER.createObjectNode();
            voided.put("specversion", "1.0").put("id", "reopen-void").put("source", "/tables/T3/referee")
                    .put("type", "pool.event.voided").put("subject", "golden-nine-ball")
                    .put("seq", lastView.get("lastSeq").longValue() + 1);
            voided.putObject("data").put("targetId", LedgerDriver.tree(events.get(events.size() - 1)).get("id").textValue())
                    .put("reason", "the last ball was not pocketed");
            d.post("golden-nine-ball", Json.write(voided), finished.plusSeconds(600));
            List<String> after = d.views.readValuesToList();
            assertEquals("IN_PROGRESS", LedgerDriver.tree(after.get(after.size() - 1)).get("status").textValue());
            d.rulings.readValuesToList();

            MatchPlayer other = new MatchPlayer("other", Discipline.EIGHT_BALL, 1, "T9", 1, SimProfile.CLEAN);
            d.post("other", Json.write(other.next()), finished.plus(WINDOW).plusSeconds(3600));
            assertTrue(d.rulings.readValuesToList().stream().noneMatch(r -> r.contains("MATCH_CLOSED")),
                    "a match in progress never closes");
            assertTrue(d.views.readRecordsToList().stream().noneMatch(r -> r.key().equals("golden-nine-ball")));
        }
    }

    /**
     * A due match closes before its own next event is judged, even before a punctuation: the processor gives the
     * replay tool's rulings for the same log times (MATCH_CLOSED, then the event rejected "match closed").
     */
    @Test
    void aDueMatch_closesBeforeItsNextEvent_likeTheReplayTool() throws Exception {
        List<String> events = LedgerDriver.lines(GOLDEN.resolve("nine-ball-race-to-3.jsonl"));
        Replay replay = new Replay(WINDOW);
        try (LedgerDriver d = new LedgerDriver(new LedgerTopology.Settings("", WINDOW, Duration.ofDays(7), 500), state)) {
            for (int i = 0; i < events.size(); i++) {
                d.post("golden-nine-ball", events.get(i), at(i));
                replay.accept(LedgerDriver.tree(events.get(i)), at(i).toEpochMilli());
            }
            Instant due = at(events.size() - 1).plus(WINDOW);
            ObjectNode again = (ObjectNode) LedgerDriver.tree(events.get(3));
            d.post("golden-nine-ball", Json.write(again), due);
            replay.accept(again, due.toEpochMilli());
            assertTrue(replay.closed());
            assertEquals(replay.rulings().stream().map(Json::write).toList(), d.rulings.readValuesToList());
            List<String> views = d.views.readValuesToList();
            assertEquals(Json.write(replay.view()), views.get(views.size() - 1));
            assertEquals(MatchClosing.CLOSED_REASON, LedgerDriver.tree(d.rejected.readValue()).get("reason").textValue());
        }
    }

    private static String header(TestRecord<String, String> r, String name) {
        Header h = r.headers().lastHeader(name);
        return h == null ? null : new String(h.value(), StandardCharsets.UTF_8);
    }
}
