package org.matchledger.core.ledger;

import org.junit.jupiter.api.Test;
import org.matchledger.core.event.Rejection;
import org.matchledger.core.ruling.Ruling;
import org.matchledger.core.ruling.RulingKind;
import org.matchledger.core.support.MatchScript;

import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs/view.md "Outcomes": every event is applied, a duplicate or rejected, and the rulings published on
 * {@code match-rulings} tell the same outcome ({@link Outcome.Kind#ofRuling}) as the fold that gave them.
 */
class OutcomeTest {

    /** 9-ball race to 3: p1 breaks and pockets the 3 (seq 4), then pushes out (2.4, seq 5); p2 is offered the table. */
    private static MatchScript pushedOut() {
        MatchScript m = MatchScript.readyToBreak("NINE_BALL", 3, "p1");
        m.shot("p1", s -> s.placement("BEHIND_HEAD_STRING").firstContact(1).pocket(3).rails(5));
        m.shot("p1", s -> s.pushOut().firstContact(1).rail());
        assertTrue(m.has(RulingKind.OPTION_OFFERED), () -> m.kinds().toString());
        return m;
    }

    private static Outcome.Kind kindOf(Outcome o) {
        return o.on(applied -> Outcome.Kind.APPLIED, duplicate -> Outcome.Kind.DUPLICATE,
                rejected -> Outcome.Kind.REJECTED);
    }

    private static void assertRulingsTell(Outcome.Kind expected, List<Ruling> rulings) {
        for (Ruling r : rulings) {
            assertEquals(expected, Outcome.Kind.ofRuling(r.kind().name(), r.rejudges() != null), r::toString);
        }
    }

    @Test
    void anAcceptedEventIsApplied() {
        MatchScript m = pushedOut();
        m.choose("p2", "SHOOT");
        Outcome.Applied applied = assertInstanceOf(Outcome.Applied.class, m.outcome());
        assertEquals(6, applied.match().lastSeq());
        assertRulingsTell(Outcome.Kind.APPLIED, applied.rulings());
    }

    @Test
    void theSameEventAgainIsADuplicateAndChangesNothing() {
        MatchScript m = pushedOut();
        Match before = m.match();
        m.send(m.sent().get(m.sent().size() - 1).deepCopy());
        Outcome.Duplicate duplicate = assertInstanceOf(Outcome.Duplicate.class, m.outcome());
        assertSame(before, duplicate.match());
        assertEquals(List.of(RulingKind.DUPLICATE), m.kinds());
        assertRulingsTell(Outcome.Kind.DUPLICATE, duplicate.rulings());
    }

    @Test
    void aRejectedEventCarriesItsRejection_theFieldApartFromTheReason() {
        MatchScript m = pushedOut();
        m.choose("p1", "SHOOT"); // the option is p2's
        Outcome.Rejected rejected = assertInstanceOf(Outcome.Rejected.class, m.outcome());
        assertEquals(Optional.of("data.player"), rejected.rejection().field());
        assertEquals("the pending option is p2's to choose", rejected.rejection().reason());
        assertEquals(rejected.rejection().text(), m.rejection());
        assertEquals(5, rejected.match().lastSeq());
        assertRulingsTell(Outcome.Kind.REJECTED, rejected.rulings());
    }

    /** docs/rules.md "Corrections": a later event that no longer fits is re-judged as rejected; the correction is applied. */
    @Test
    void aCorrectionWhoseReJudgementRejectsALaterEventIsApplied() {
        MatchScript m = pushedOut();
        m.choose("p2", "SHOOT"); // seq 6
        m.voidEvent(5); // without the push out, no option is pending at seq 6
        Outcome.Applied applied = assertInstanceOf(Outcome.Applied.class, m.outcome());
        Ruling rejudged = applied.rulings().stream().filter(r -> r.kind() == RulingKind.EVENT_REJECTED)
                .findFirst().orElseThrow(() -> new AssertionError(m.kinds().toString()));
        assertEquals(6L, rejudged.rejudges());
        assertEquals(Rejection.of("type", "no option is pending").text(), rejudged.reason());
        assertEquals(kindOf(applied), Outcome.Kind.APPLIED);
        assertRulingsTell(Outcome.Kind.APPLIED, applied.rulings());
    }

    @Test
    void anEventOfAClosedMatchIsRejectedWithoutAField() throws Exception {
        MatchScript m = pushedOut();
        m.concede("p2");
        Replay replay = new Replay(java.time.Duration.ofMinutes(1));
        long t = 0;
        for (var e : m.sent()) {
            replay.accept(e, t++);
        }
        var late = m.envelope("pool.match.conceded", m.nextSeq(), "late");
        Outcome.Rejected rejected = assertInstanceOf(Outcome.Rejected.class,
                replay.accept(late, t + java.time.Duration.ofMinutes(2).toMillis()));
        assertEquals(Optional.empty(), rejected.rejection().field());
        assertEquals(MatchClosing.CLOSED_REASON, rejected.rulings().get(0).reason());
    }
}
