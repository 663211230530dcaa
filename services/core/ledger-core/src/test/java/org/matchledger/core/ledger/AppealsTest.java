package org.matchledger.core.ledger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.matchledger.core.json.Json;
import org.matchledger.core.ruling.Ruling;
import org.matchledger.core.ruling.RulingKind;
import org.matchledger.core.support.MatchScript;
import org.matchledger.core.view.MatchView;
import org.matchledger.core.view.Status;

import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/** docs/events.md {@code pool.appeal.filed} / {@code pool.appeal.decided} (1.10): recorded, they change no score. */
class AppealsTest {

    /** 9-ball race to 3: p1 broke and pocketed the 3 (seq 4), then fouled on the 2 (seq 5); p2 has ball in hand. */
    private static MatchScript afterAFoul() {
        MatchScript m = MatchScript.readyToBreak("NINE_BALL", 3, "p1");
        m.shot("p1", s -> s.placement("BEHIND_HEAD_STRING").firstContact(1).pocket(3).rails(5));
        m.shot("p1", s -> s.firstContact(2).rail());
        assertTrue(m.has(RulingKind.FOUL));
        return m;
    }

    private static MatchScript fileAppeal(MatchScript m, String player, String targetId) {
        return m.send("pool.appeal.filed", Json.MAPPER.createObjectNode().put("player", player).put("targetId", targetId)
                .put("grounds", "the 1 was hit first"));
    }

    private static MatchScript decide(MatchScript m, String appealId, boolean upheld) {
        return m.send("pool.appeal.decided", Json.MAPPER.createObjectNode().put("appealId", appealId).put("upheld", upheld)
                .put("note", "judgement call"));
    }

    private static MatchView withoutLastSeq(MatchView v) {
        return new MatchView(v.matchId(), v.discipline(), v.status(), v.raceTo(), v.breakFormat(), v.tableId(), v.rack(),
                v.players(), v.breaker(), v.atTable(), v.nextShotIsBreak(), v.cueBall(), v.freeShot(), v.visitsLeft(),
                v.pushOutAvailable(), v.tableOpen(), v.ballsOnTable(), v.pendingOption(), v.stalemate(), v.winner(), 0);
    }

    @Test
    void rule_1_10_appealFiledIsRecordedAndChangesNothingElse() {
        MatchScript m = afterAFoul();
        MatchView before = m.view();
        fileAppeal(m, "p1", m.idOf(5)); // seq 6
        assertTrue(m.lastApplied(), () -> "appeal rejected: " + m.rulings());
        assertEquals(List.of(RulingKind.APPEAL_FILED), m.kinds());
        assertEquals("p1", m.ruling(RulingKind.APPEAL_FILED).player());
        assertEquals(withoutLastSeq(before), withoutLastSeq(m.view()));
        assertEquals(6, m.view().lastSeq());
    }

    @ParameterizedTest(name = "upheld={0}")
    @CsvSource({"true, UPHELD", "false, DISMISSED"})
    void rule_1_10_appealDecidedIsRecordedAndChangesNoScore(boolean upheld, String detail) {
        MatchScript m = afterAFoul();
        fileAppeal(m, "p1", m.idOf(5));
        MatchView before = m.view();
        decide(m, m.idOf(6), upheld);
        assertTrue(m.lastApplied(), () -> "decision rejected: " + m.rulings());
        assertEquals(List.of(RulingKind.APPEAL_DECIDED), m.kinds());
        Ruling decided = m.ruling(RulingKind.APPEAL_DECIDED);
        assertEquals(detail, decided.detail());
        // an upheld appeal is carried out by a correction, not by the decision itself
        assertEquals(withoutLastSeq(before), withoutLastSeq(m.view()));
        assertEquals(1, m.player("p1").consecutiveFouls());
    }

    @Test
    void rule_1_10_appealsAreAcceptedOnAFinishedMatch() {
        MatchScript m = afterAFoul().concede("p1"); // seq 6
        assertEquals(Status.FINISHED, m.view().status());
        MatchView finished = m.view();
        fileAppeal(m, "p1", m.idOf(5));
        assertTrue(m.lastApplied(), () -> "appeal rejected: " + m.rulings());
        decide(m, m.idOf(7), false);
        assertTrue(m.lastApplied(), () -> "decision rejected: " + m.rulings());
        assertEquals(Status.FINISHED, m.view().status());
        assertEquals("p2", m.view().winner());
        assertEquals(withoutLastSeq(finished), withoutLastSeq(m.view()));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"no-such-event", "m-eight-ball-2"})
    void appealOnAnUnknownTargetIsRejected(String targetId) {
        MatchScript.open("EIGHT_BALL", 3).lagWonBy("p1"); // another match: its ids are not in this one
        MatchScript m = afterAFoul();
        MatchView before = m.view();
        fileAppeal(m, "p1", targetId);
        m.expectRejected("data.targetId");
        assertEquals(before, m.view());
    }

    @Test
    void appealByAPlayerNotInTheMatchIsRejected() {
        MatchScript m = afterAFoul();
        MatchView before = m.view();
        fileAppeal(m, "p3", m.idOf(5));
        m.expectRejected("data.player");
        assertEquals(before, m.view());
    }

    @Test
    void decisionOfAnUnknownAppealIsRejected() {
        MatchScript m = afterAFoul();
        MatchView before = m.view();
        decide(m, "no-such-appeal", true);
        m.expectRejected("data.appealId");
        assertEquals(before, m.view());
    }

    @Test
    void decisionNamingAnEventThatIsNotAnAppealIsRejected() {
        MatchScript m = afterAFoul();
        MatchView before = m.view();
        decide(m, m.idOf(5), true); // seq 5 is a shot
        m.expectRejected("data.appealId");
        assertEquals(before, m.view());
    }

    @Test
    void appealAlreadyDecidedIsRejected() {
        MatchScript m = afterAFoul();
        fileAppeal(m, "p1", m.idOf(5)); // seq 6
        decide(m, m.idOf(6), false); // seq 7
        MatchView before = m.view();
        decide(m, m.idOf(6), true); // seq 8, a new event deciding it again
        m.expectRejected("data.appealId");
        assertEquals(before, m.view());
    }
}
