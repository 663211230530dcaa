package org.matchledger.core.ledger;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.matchledger.core.json.Json;
import org.matchledger.core.ruling.Foul;
import org.matchledger.core.ruling.Ruling;
import org.matchledger.core.ruling.RulingKind;
import org.matchledger.core.support.MatchScript;
import org.matchledger.core.view.CueBall;
import org.matchledger.core.view.MatchView;
import org.matchledger.core.view.Status;

import java.util.List;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.*;

/**
 * docs/events.md "referee corrections" and docs/view.md "Corrections never rewrite what the ledger said": the match is re-derived
 * as if the target were absent or read as its replacement. Every comparison log is built by hand, event by event.
 */
class CorrectionsTest {

    // ---- the shots of the scenarios ------------------------------------------------------------------------------

    private static final Consumer<MatchScript.ShotFacts> BREAK_POCKETS_3 =
            s -> s.placement("BEHIND_HEAD_STRING").firstContact(1).pocket(3).rails(5);
    private static final Consumer<MatchScript.ShotFacts> BREAK_DRY =
            s -> s.placement("BEHIND_HEAD_STRING").firstContact(1).rails(5);
    private static final Consumer<MatchScript.ShotFacts> POCKETS_1 = s -> s.firstContact(1).pocket(1).rail();
    private static final Consumer<MatchScript.ShotFacts> HITS_2_MISSES = s -> s.firstContact(2).rail();
    private static final Consumer<MatchScript.ShotFacts> HITS_2_POCKETS_2 = s -> s.firstContact(2).pocket(2).rail();
    private static final Consumer<MatchScript.ShotFacts> HITS_1_MISSES = s -> s.firstContact(1).rail();
    private static final Consumer<MatchScript.ShotFacts> HITS_1_SCRATCHES = s -> s.firstContact(1).rail().scratch();

    /**
     * Scenario S, 9-ball race to 3: 4 p1 breaks and pockets the 3; 5 p1 pockets the 1; 6 p1 hits the 2 and misses;
     * 7 p2 hits the 2 and pockets it.
     */
    private static MatchScript scenarioS() {
        MatchScript m = MatchScript.readyToBreak("NINE_BALL", 3, "p1");
        m.shot("p1", BREAK_POCKETS_3).shot("p1", POCKETS_1).shot("p1", HITS_2_MISSES).shot("p2", HITS_2_POCKETS_2);
        assertTrue(m.lastApplied());
        assertEquals(7, m.view().lastSeq());
        return m;
    }

    /** Scenario C: 4 p1 breaks dry; 5 p2 hits the 1 and misses; 6 p1 pockets the 1. */
    private static MatchScript scenarioC() {
        MatchScript m = MatchScript.readyToBreak("NINE_BALL", 3, "p1");
        m.shot("p1", BREAK_DRY).shot("p2", HITS_1_MISSES).shot("p1", POCKETS_1);
        assertTrue(m.lastApplied());
        assertEquals(6, m.view().lastSeq());
        return m;
    }

    private static MatchView withoutLastSeq(MatchView v) {
        return new MatchView(v.matchId(), v.discipline(), v.status(), v.raceTo(), v.breakFormat(), v.tableId(), v.rack(),
                v.players(), v.breaker(), v.atTable(), v.nextShotIsBreak(), v.cueBall(), v.freeShot(), v.visitsLeft(),
                v.pushOutAvailable(), v.tableOpen(), v.ballsOnTable(), v.pendingOption(), v.stalemate(), v.winner(), 0);
    }

    private static void assertSameMatch(MatchScript expected, MatchScript actual) {
        assertEquals(withoutLastSeq(expected.view()), withoutLastSeq(actual.view()));
    }

    private static List<Ruling> rejudging(MatchScript m, long seq) {
        return m.rulings().stream().filter(r -> r.rejudges() != null && r.rejudges() == seq).toList();
    }

    // ---- void and correct ----------------------------------------------------------------------------------------

    @Test
    void voidReDerivesTheMatchAsIfTheTargetWereAbsent() {
        MatchScript m = scenarioS();
        m.voidEvent(5);
        assertTrue(m.lastApplied(), () -> "void rejected: " + m.rulings());
        // by hand: the same log without seq 5
        MatchScript expected = MatchScript.readyToBreak("NINE_BALL", 3, "p1");
        expected.shot("p1", BREAK_POCKETS_3).shot("p1", HITS_2_MISSES).shot("p2", HITS_2_POCKETS_2);
        assertSameMatch(expected, m);
        // the 1 is back in play, so both hits on the 2 were 6.2 fouls: p1 now has the cue ball in hand
        assertEquals(List.of(1, 4, 5, 6, 7, 8, 9), m.view().ballsOnTable());
        assertEquals(1, m.player("p1").consecutiveFouls());
        assertEquals(1, m.player("p2").consecutiveFouls());
        assertEquals("p1", m.view().atTable());
        assertEquals(CueBall.IN_HAND, m.view().cueBall());
    }

    @Test
    void correctionReDerivesTheMatchAsIfTheTargetReadAsTheReplacement() {
        MatchScript m = scenarioC();
        m.correctShot(5, "p2", HITS_1_SCRATCHES);
        assertTrue(m.lastApplied(), () -> "correction rejected: " + m.rulings());
        MatchScript expected = MatchScript.readyToBreak("NINE_BALL", 3, "p1");
        expected.shot("p1", BREAK_DRY).shot("p2", HITS_1_SCRATCHES).shot("p1", POCKETS_1);
        assertSameMatch(expected, m);
        assertEquals(1, m.player("p2").consecutiveFouls()); // the scratch is now p2's foul
    }

    @Test
    void correctionRulingsComeFirstThenTheReJudgedLaterEvents_allStampedWithTheCorrection() {
        MatchScript m = scenarioS();
        m.voidEvent(5); // seq 8
        List<Ruling> rs = m.rulings();
        assertEquals(RulingKind.EVENT_VOIDED, rs.get(0).kind());
        assertEquals(m.idOf(5), rs.get(0).targetId());
        for (Ruling r : rs) {
            assertEquals(8L, r.seq());
            assertEquals(m.idOf(8), r.eventId());
        }
        List<Long> rejudged = rs.subList(1, rs.size()).stream().map(Ruling::rejudges).toList();
        assertEquals(List.of(6L, 7L), rejudged.stream().distinct().toList()); // every later event, in log order
        Ruling p1Foul = rejudging(m, 6).stream().filter(r -> r.kind() == RulingKind.FOUL).findFirst().orElseThrow();
        assertEquals("p1", p1Foul.player());
        assertEquals(Foul.WRONG_BALL_FIRST, p1Foul.foul());
        Ruling p2Foul = rejudging(m, 7).stream().filter(r -> r.kind() == RulingKind.FOUL).findFirst().orElseThrow();
        assertEquals("p2", p2Foul.player());
        assertEquals(Foul.WRONG_BALL_FIRST, p2Foul.foul());
    }

    @Test
    void correctedEventRulings_eventCorrectedFirst_laterEventsRejudged() {
        MatchScript m = scenarioC();
        m.correctShot(5, "p2", HITS_1_SCRATCHES); // seq 7
        List<Ruling> rs = m.rulings();
        assertEquals(RulingKind.EVENT_CORRECTED, rs.get(0).kind());
        assertEquals(m.idOf(5), rs.get(0).targetId());
        rs.forEach(r -> assertEquals(7L, r.seq()));
        rs.forEach(r -> assertEquals(m.idOf(7), r.eventId()));
        assertTrue(rejudging(m, 6).stream().anyMatch(r -> r.kind() == RulingKind.CONTINUE && "p1".equals(r.player())),
                () -> "seq 6 not re-judged: " + rs);
    }

    @Test
    void laterCorrectionOfTheSameTargetSupersedesTheEarlier() {
        MatchScript m = scenarioC();
        m.correctShot(5, "p2", HITS_1_SCRATCHES);
        assertEquals(1, m.player("p2").consecutiveFouls());
        m.correctShot(5, "p2", s -> s.firstContact(1).rail().safety()); // a legal safety after all
        assertTrue(m.lastApplied(), () -> "second correction rejected: " + m.rulings());
        MatchScript expected = MatchScript.readyToBreak("NINE_BALL", 3, "p1");
        expected.shot("p1", BREAK_DRY).shot("p2", s -> s.firstContact(1).rail().safety()).shot("p1", POCKETS_1);
        assertSameMatch(expected, m);
        assertEquals(0, m.player("p2").consecutiveFouls()); // the scratch reading is gone
    }

    @Test
    void correctionAfterAVoidOfTheSameTargetSupersedesTheVoid() {
        MatchScript m = scenarioC();
        m.voidEvent(5);
        m.correctShot(5, "p2", HITS_1_SCRATCHES);
        assertTrue(m.lastApplied(), () -> "correction rejected: " + m.rulings());
        MatchScript expected = MatchScript.readyToBreak("NINE_BALL", 3, "p1");
        expected.shot("p1", BREAK_DRY).shot("p2", HITS_1_SCRATCHES).shot("p1", POCKETS_1);
        assertSameMatch(expected, m);
    }

    // ---- rejected corrections ------------------------------------------------------------------------------------

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"pool.event.voided", "pool.event.corrected"})
    void targetThatIsItselfACorrectionIsRejected(String type) {
        MatchScript m = scenarioS();
        m.voidEvent(5); // seq 8
        MatchView before = m.view();
        ObjectNode d = Json.MAPPER.createObjectNode().put("targetId", m.idOf(8)).put("reason", "test");
        if (type.equals("pool.event.corrected")) {
            ObjectNode data = Json.MAPPER.createObjectNode().put("shooter", "p1").put("firstContact", 1)
                    .put("railAfterContact", true);
            d.putObject("replacement").put("type", "pool.shot.taken").set("data", data);
        }
        m.send(type, d);
        m.expectRejected("data.targetId");
        assertEquals(before, m.view());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"no-such-event", "m-eight-ball-4"})
    void unknownTargetIdIsRejected(String targetId) {
        MatchScript.open("EIGHT_BALL", 3).lagWonBy("p1").choose("p1", "BREAK"); // another match, ids m-eight-ball-*
        MatchScript m = scenarioS();
        MatchView before = m.view();
        m.send("pool.event.voided", Json.MAPPER.createObjectNode().put("targetId", targetId).put("reason", "test"));
        m.expectRejected("data.targetId");
        assertEquals(before, m.view());
    }

    @Test
    void voidingTheOpeningIsRejected() {
        MatchScript m = scenarioS();
        MatchView before = m.view();
        m.voidEvent(1);
        assertEquals(List.of(RulingKind.EVENT_REJECTED), m.kinds());
        assertEquals(before, m.view());
    }

    // ---- what a correction can change ----------------------------------------------------------------------------

    @Test
    void finishedMatchChangesThroughACorrection_voidingTheWinningShotReopensIt() {
        MatchScript m = MatchScript.readyToBreak("NINE_BALL", 1, "p1");
        m.shot("p1", s -> s.placement("BEHIND_HEAD_STRING").firstContact(1).pocket(9).rails(5));
        assertEquals(Status.FINISHED, m.view().status());
        m.voidEvent(4);
        assertTrue(m.lastApplied(), () -> "void rejected: " + m.rulings());
        MatchView v = m.view();
        assertEquals(Status.IN_PROGRESS, v.status());
        assertNull(v.winner());
        assertEquals(0, m.player("p1").score());
        assertEquals("p1", v.atTable());
        assertTrue(v.nextShotIsBreak());
        assertEquals(List.of(1, 2, 3, 4, 5, 6, 7, 8, 9), v.ballsOnTable());
    }

    @Test
    void rule_1_9_outsideInterferenceVoidsTheLastShot() {
        MatchScript m = MatchScript.readyToBreak("NINE_BALL", 3, "p1");
        m.shot("p1", BREAK_POCKETS_3).shot("p1", POCKETS_1).shot("p1", HITS_2_MISSES); // seq 4–6
        m.ruling("OUTSIDE_INTERFERENCE", null, null); // seq 7
        assertTrue(m.lastApplied(), () -> "ruling rejected: " + m.rulings());
        Ruling voided = m.rulings().get(0);
        assertEquals(RulingKind.EVENT_VOIDED, voided.kind());
        assertEquals(m.idOf(6), voided.targetId());
        MatchScript expected = MatchScript.readyToBreak("NINE_BALL", 3, "p1");
        expected.shot("p1", BREAK_POCKETS_3).shot("p1", POCKETS_1);
        assertSameMatch(expected, m);
        assertEquals("p1", m.view().atTable()); // the shot is replayed by the same player
    }

    @Test
    void lastSeqAfterACorrectionIsTheCorrectionsSeq() {
        MatchScript m = scenarioS();
        m.voidEvent(5);
        assertEquals(8, m.view().lastSeq());
        m.shot("p1", s -> s.firstContact(1).pocket(1).rail()); // the next event takes seq 9
        assertTrue(m.lastApplied(), () -> "next event rejected: " + m.rulings());
        assertEquals(9, m.view().lastSeq());
    }
}
