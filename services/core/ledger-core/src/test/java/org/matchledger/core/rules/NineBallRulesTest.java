package org.matchledger.core.rules;

import org.junit.jupiter.api.Test;
import org.matchledger.core.ruling.Foul;
import org.matchledger.core.ruling.Ruling;
import org.matchledger.core.ruling.RulingKind;
import org.matchledger.core.support.MatchScript;
import org.matchledger.core.view.CueBall;
import org.matchledger.core.view.MatchView;
import org.matchledger.core.view.Status;

import java.util.List;

import static org.matchledger.core.support.ExpectedRuling.continueFor;
import static org.matchledger.core.support.ExpectedRuling.foul;
import static org.matchledger.core.support.ExpectedRuling.turn;
import static org.junit.jupiter.api.Assertions.*;

/**
 * 9-ball, WPA 2.x as settled in docs/rules.md. Every expected value is read from docs/rules.md / docs/view.md / docs/events.md.
 * Ball facts are given as a table client would report them; "miss" = a legal shot that hits the lowest ball, drives
 * a ball to a rail and pockets nothing.
 */
class NineBallRulesTest {

    private static final List<Integer> FULL_RACK = List.of(1, 2, 3, 4, 5, 6, 7, 8, 9);

    // ---- given -----------------------------------------------------------------------------------------------

    /** Race to 3, p1 won the lag and chose to break. */
    private static MatchScript ready() {
        return MatchScript.readyToBreak("NINE_BALL", 3, "p1");
    }

    /** p1 broke legally and pocketed the 3: he stays at the table and may push out. */
    private static MatchScript breakerPocketed() {
        return ready().shot("p1", s -> s.placement("BEHIND_HEAD_STRING").firstContact(1).pocket(3).rails(5));
    }

    /** p1 broke legally (four balls to a rail) and pocketed nothing: p2 comes to the table and may push out. */
    private static MatchScript dryBreak() {
        return ready().shot("p1", s -> s.placement("BEHIND_HEAD_STRING").firstContact(1).rails(4));
    }

    /** A legal shot on the 1 that pockets nothing: the table passes, cue ball in position. */
    private static MatchScript miss(MatchScript m, String player) {
        return m.shot(player, s -> s.firstContact(1).rail());
    }

    /** A standard foul (scratch) that pockets no object ball. */
    private static MatchScript scratch(MatchScript m, String player) {
        return m.shot(player, s -> s.firstContact(1).rail().scratch());
    }

    // ---- then ------------------------------------------------------------------------------------------------

    private static List<Ruling> all(MatchScript m, RulingKind kind) {
        return m.rulings().stream().filter(r -> r.kind() == kind).toList();
    }

    private static void assertNoFoul(MatchScript m) {
        assertTrue(m.lastApplied(), () -> "event rejected: " + m.rulings());
        assertFalse(m.has(RulingKind.FOUL), () -> "no FOUL expected in " + m.kinds());
    }

    private static void assertRejected(MatchScript m, long lastSeqBefore, String field) {
        m.expectRejected(field);
        assertEquals(lastSeqBefore, m.view().lastSeq(), "a rejected event does not take its seq");
    }

    private static List<String> names(List<? extends Enum<?>> options) {
        return options.stream().map(Enum::name).toList();
    }

    // ---- 2.2 / 2.3 the break -----------------------------------------------------------------------------------

    @Test
    void rule_2_3_breakIsTakenWithCueBallInHandBehindTheHeadString() {
        MatchScript m = ready();
        MatchView v = m.view();
        assertEquals(Status.IN_PROGRESS, v.status());
        assertEquals(1, v.rack());
        assertEquals("p1", v.breaker());
        assertEquals("p1", v.atTable());
        assertTrue(v.nextShotIsBreak());
        assertEquals(CueBall.IN_HAND_KITCHEN, v.cueBall());
        assertEquals(FULL_RACK, v.ballsOnTable());
        assertFalse(v.pushOutAvailable(), "no push out on the break itself");
    }

    @Test
    void rule_2_2_breakMustHitTheOneFirst_elseFoul6_2EvenWithABallPocketed() {
        // docs/rules.md 9-ball: "the lowest ball on the table must be hit first (6.2) on every shot, the break included"
        MatchScript m = ready().shot("p1", s -> s.placement("BEHIND_HEAD_STRING").firstContact(2).pocket(3).rails(5));
        m.expectRulings(foul("p1", Foul.WRONG_BALL_FIRST, "6.2"), turn("p2", CueBall.IN_HAND)); // 2.7
        assertEquals("p2", m.view().atTable());
        assertEquals(CueBall.IN_HAND, m.view().cueBall());
        assertFalse(m.view().ballsOnTable().contains(3), "2.6: balls other than the 9 stay down");
        assertFalse(m.view().pushOutAvailable(), "2.4: no push out after a foul break");
    }

    @Test
    void rule_2_2_onceTheOneIsDownTheTwoIsTheBallOn() {
        MatchScript m = ready().shot("p1", s -> s.placement("BEHIND_HEAD_STRING").firstContact(1).pocket(1).rails(4));
        m.shot("p1", s -> s.firstContact(2).pocket(2).rail());
        m.expectRulings(continueFor("p1")); // 2.5
    }

    @Test
    void rule_2_2_hittingAHigherBallThanTheLowestIsAFoul() {
        MatchScript m = ready().shot("p1", s -> s.placement("BEHIND_HEAD_STRING").firstContact(1).pocket(1).rails(4));
        m.shot("p1", s -> s.firstContact(3).rail()); // the 2 is now the lowest
        m.expectRulings(foul("p1", Foul.WRONG_BALL_FIRST, "6.2"), turn("p2", CueBall.IN_HAND)); // 2.7
    }

    @Test
    void rule_2_3_aBallPocketedMakesTheBreakLegal_breakerContinues() {
        MatchScript m = ready().shot("p1", s -> s.placement("BEHIND_HEAD_STRING").firstContact(1).pocket(6, "SIDE_LEFT").rails(1));
        m.expectRulings(continueFor("p1")); // 2.3, 2.5
        MatchView v = m.view();
        assertEquals("p1", v.atTable());
        assertFalse(v.nextShotIsBreak());
        assertEquals(CueBall.IN_POSITION, v.cueBall());
        assertEquals(List.of(1, 2, 3, 4, 5, 7, 8, 9), v.ballsOnTable());
        assertTrue(v.pushOutAvailable());
    }

    @Test
    void rule_2_3_fourObjectBallsToARailMakeTheBreakLegal_tablePassesInPosition() {
        MatchScript m = dryBreak();
        m.expectRulings(turn("p2", CueBall.IN_POSITION)); // 2.3 legal, nothing pocketed: the table passes
        Ruling turn = m.ruling(RulingKind.TURN);
        assertEquals("p2", turn.player());
        assertEquals(CueBall.IN_POSITION, turn.cueBall());
        MatchView v = m.view();
        assertEquals("p2", v.atTable());
        assertEquals(CueBall.IN_POSITION, v.cueBall());
        assertTrue(v.pushOutAvailable(), "2.4: the incoming player may push out");
        assertEquals(0, m.player("p1").consecutiveFouls());
    }

    @Test
    void rule_2_3_nothingPocketedAndThreeBallsToARailIsAnIllegalBreak_inHandAnywhere() {
        MatchScript m = ready().shot("p1", s -> s.placement("BEHIND_HEAD_STRING").firstContact(1).rails(3));
        m.expectRulings(foul("p1", Foul.ILLEGAL_BREAK, "2.3"), turn("p2", CueBall.IN_HAND));
        Ruling turn = m.ruling(RulingKind.TURN);
        assertEquals("p2", turn.player());
        assertEquals(CueBall.IN_HAND, turn.cueBall());
        MatchView v = m.view();
        assertEquals("p2", v.atTable());
        assertEquals(CueBall.IN_HAND, v.cueBall());
        assertFalse(v.nextShotIsBreak());
        assertFalse(v.pushOutAvailable());
        assertEquals(1, m.player("p1").consecutiveFouls());
    }

    // ---- 2.4 push out ----------------------------------------------------------------------------------------

    @Test
    void rule_2_4_breakerWhoPocketedMayPushOut_opponentIsOfferedShootOrPass() {
        MatchScript m = breakerPocketed().shot("p1", s -> s.pushOut().firstContact(1).rail());
        assertNoFoul(m);
        assertEquals("p1", m.ruling(RulingKind.PUSH_OUT).player());
        Ruling offer = m.ruling(RulingKind.OPTION_OFFERED);
        assertEquals("p2", offer.player());
        assertEquals(List.of("SHOOT", "PASS"), names(offer.options()));
        MatchView v = m.view();
        assertEquals("p2", v.pendingOption().player());
        assertEquals(List.of("SHOOT", "PASS"), names(v.pendingOption().options()));
        assertEquals("p2", v.atTable(), "docs/view.md: while an option is pending, atTable is its holder");
        assertFalse(v.pushOutAvailable());
    }

    @Test
    void rule_2_4_afterADryLegalBreakTheIncomingPlayerMayPushOut() {
        MatchScript m = dryBreak().shot("p2", s -> s.pushOut().firstContact(1).rail());
        assertNoFoul(m);
        assertEquals("p2", m.ruling(RulingKind.PUSH_OUT).player());
        Ruling offer = m.ruling(RulingKind.OPTION_OFFERED);
        assertEquals("p1", offer.player());
        assertEquals(List.of("SHOOT", "PASS"), names(offer.options()));
    }

    @Test
    void rule_2_4_rule6_2DoesNotApplyOnAPushOut() {
        MatchScript m = dryBreak().shot("p2", s -> s.pushOut().firstContact(7).rail());
        assertNoFoul(m);
        assertTrue(m.has(RulingKind.PUSH_OUT));
    }

    @Test
    void rule_2_4_rule6_3DoesNotApplyOnAPushOut_evenHittingNothing() {
        MatchScript m = dryBreak().shot("p2", s -> s.pushOut().noContact());
        assertNoFoul(m);
        assertTrue(m.has(RulingKind.PUSH_OUT));
        assertTrue(m.has(RulingKind.OPTION_OFFERED));
    }

    @Test
    void rule_2_4_otherFoulsApplyOnAPushOut_scratchIsAFoul() {
        MatchScript m = dryBreak().shot("p2", s -> s.pushOut().firstContact(1).rail().scratch());
        // 2.4: other fouls apply on a push out; 2.7: in hand anywhere
        m.expectRulings(foul("p2", Foul.CUE_BALL_SCRATCH, "6.1"), turn("p1", CueBall.IN_HAND));
        assertFalse(m.has(RulingKind.PUSH_OUT));
        assertFalse(m.has(RulingKind.OPTION_OFFERED));
        MatchView v = m.view();
        assertNull(v.pendingOption());
        assertEquals("p1", v.atTable());
        assertEquals(CueBall.IN_HAND, v.cueBall());
    }

    @Test
    void rule_2_4_shootAfterPushOut_theChooserShootsFromPosition() {
        MatchScript m = dryBreak().shot("p2", s -> s.pushOut().firstContact(1).rail()).choose("p1", "SHOOT");
        assertTrue(m.lastApplied());
        Ruling taken = m.ruling(RulingKind.OPTION_TAKEN);
        assertEquals("p1", taken.player());
        assertEquals("SHOOT", taken.option().name());
        MatchView v = m.view();
        assertNull(v.pendingOption());
        assertEquals("p1", v.atTable());
        assertEquals(CueBall.IN_POSITION, v.cueBall());
        assertFalse(v.pushOutAvailable());
    }

    @Test
    void rule_2_4_passAfterPushOut_thePusherShootsAgainFromPosition() {
        MatchScript m = dryBreak().shot("p2", s -> s.pushOut().firstContact(1).rail()).choose("p1", "PASS");
        assertTrue(m.lastApplied());
        assertEquals("PASS", m.ruling(RulingKind.OPTION_TAKEN).option().name());
        MatchView v = m.view();
        assertNull(v.pendingOption());
        assertEquals("p2", v.atTable());
        assertEquals(CueBall.IN_POSITION, v.cueBall());
        assertFalse(v.pushOutAvailable());
    }

    @Test
    void rule_2_4_pushOutOnTheBreakIsRejected() {
        MatchScript m = ready();
        long before = m.view().lastSeq();
        m.shot("p1", s -> s.pushOut().placement("BEHIND_HEAD_STRING").firstContact(1).rails(4));
        assertRejected(m, before, "data.pushOut");
        assertTrue(m.view().nextShotIsBreak());
    }

    @Test
    void rule_2_4_pushOutAfterAFoulBreakIsRejected() {
        // the break pocketed the 3 but scratched: a foul break, so no push out for the incoming player
        MatchScript m = ready().shot("p1", s -> s.placement("BEHIND_HEAD_STRING").firstContact(1).pocket(3).rails(4).scratch());
        long before = m.view().lastSeq();
        m.shot("p2", s -> s.pushOut().firstContact(1).rail());
        assertRejected(m, before, "data.pushOut");
        assertEquals("p2", m.view().atTable());
        assertEquals(CueBall.IN_HAND, m.view().cueBall());
    }

    @Test
    void rule_2_4_pushOutLaterInTheRackIsRejected() {
        MatchScript m = breakerPocketed().shot("p1", s -> s.firstContact(1).pocket(4).rail());
        long before = m.view().lastSeq();
        m.shot("p1", s -> s.pushOut().firstContact(1).rail());
        assertRejected(m, before, "data.pushOut");
    }

    @Test
    void rule_2_4_noSecondPushOutAfterAPushOut() {
        MatchScript m = dryBreak().shot("p2", s -> s.pushOut().firstContact(1).rail()).choose("p1", "SHOOT");
        long before = m.view().lastSeq();
        m.shot("p1", s -> s.pushOut().firstContact(1).rail());
        assertRejected(m, before, "data.pushOut");
    }

    // ---- 2.5 continuing and winning ---------------------------------------------------------------------------

    @Test
    void rule_2_5_aLegallyPocketedBallKeepsTheShooterAtTheTable() {
        MatchScript m = breakerPocketed().shot("p1", s -> s.firstContact(1).pocket(1).rail());
        assertNoFoul(m);
        assertEquals(List.of(RulingKind.CONTINUE), m.kinds());
        assertEquals("p1", m.ruling(RulingKind.CONTINUE).player());
        assertEquals("p1", m.view().atTable());
        assertEquals(CueBall.IN_POSITION, m.view().cueBall());
        assertFalse(m.view().pushOutAvailable());
    }

    @Test
    void rule_2_5_aLegalShotPocketingNothingPassesTheTableInPosition() {
        MatchScript m = miss(breakerPocketed(), "p1");
        assertNoFoul(m);
        Ruling turn = m.ruling(RulingKind.TURN);
        assertEquals("p2", turn.player());
        assertEquals(CueBall.IN_POSITION, turn.cueBall());
        assertEquals("p2", m.view().atTable());
    }

    @Test
    void rule_2_5_theNineOnTheBreakWinsTheRack() {
        MatchScript m = ready().shot("p1", s -> s.placement("BEHIND_HEAD_STRING").firstContact(1).pocket(9).rails(4));
        assertNoFoul(m);
        Ruling won = m.ruling(RulingKind.RACK_WON);
        assertEquals("p1", won.player());
        assertEquals("2.5", won.rule());
        assertEquals(1, m.player("p1").score());
        assertEquals(2, m.view().rack());
    }

    @Test
    void rule_2_5_theNineOnALegalComboWinsTheRack() {
        MatchScript m = breakerPocketed().shot("p1", s -> s.firstContact(1).pocket(9, "FOOT_RIGHT").rail());
        assertNoFoul(m);
        Ruling won = m.ruling(RulingKind.RACK_WON);
        assertEquals("p1", won.player());
        assertEquals("2.5", won.rule());
        assertEquals(1, m.player("p1").score());
        assertEquals(0, m.player("p2").score());
    }

    @Test
    void rule_2_5_and_2_6_theNineOnAPushOutDoesNotWin_itIsSpotted() {
        MatchScript m = dryBreak().shot("p2", s -> s.pushOut().firstContact(1).pocket(9).rail());
        assertNoFoul(m);
        assertFalse(m.has(RulingKind.RACK_WON));
        assertTrue(m.has(RulingKind.PUSH_OUT));
        assertEquals(List.of(9), m.ruling(RulingKind.BALLS_SPOTTED).balls());
        assertTrue(m.view().ballsOnTable().contains(9));
        assertEquals(0, m.player("p2").score());
        assertEquals(1, m.view().rack());
        assertEquals("p1", m.view().pendingOption().player());
    }

    // ---- 2.6 spotting --------------------------------------------------------------------------------------------

    @Test
    void rule_2_6_theNinePocketedOnAFoulIsSpotted() {
        MatchScript m = breakerPocketed().shot("p1", s -> s.firstContact(2).pocket(9).rail()); // the 1 is lowest
        m.expectFoul("p1", Foul.WRONG_BALL_FIRST, "6.2");
        assertFalse(m.has(RulingKind.RACK_WON));
        assertEquals(List.of(9), m.ruling(RulingKind.BALLS_SPOTTED).balls());
        assertEquals(List.of(1, 2, 4, 5, 6, 7, 8, 9), m.view().ballsOnTable());
        assertEquals(0, m.player("p1").score());
    }

    @Test
    void rule_2_6_theNineDrivenOffTheTableIsSpotted() {
        MatchScript m = breakerPocketed().shot("p1", s -> s.firstContact(1).offTable(9).rail());
        m.expectFoul("p1", Foul.BALL_OFF_TABLE, "6.5");
        assertEquals(List.of(9), m.ruling(RulingKind.BALLS_SPOTTED).balls());
        assertTrue(m.view().ballsOnTable().contains(9));
        assertFalse(m.has(RulingKind.RACK_WON));
    }

    @Test
    void rule_2_6_theNinePocketedOnAFoulBreakIsSpotted() {
        MatchScript m = ready().shot("p1", s -> s.placement("BEHIND_HEAD_STRING").firstContact(1).pocket(9).rails(4).scratch());
        m.expectFoul("p1", Foul.CUE_BALL_SCRATCH, "6.1");
        assertFalse(m.has(RulingKind.RACK_WON));
        assertEquals(List.of(9), m.ruling(RulingKind.BALLS_SPOTTED).balls());
        assertEquals(FULL_RACK, m.view().ballsOnTable());
    }

    @Test
    void rule_2_6_otherBallsPocketedOnAFoulStayDown() {
        MatchScript m = breakerPocketed().shot("p1", s -> s.firstContact(1).pocket(4).pocket(5).rail().scratch());
        m.expectFoul("p1", Foul.CUE_BALL_SCRATCH, "6.1");
        assertFalse(m.has(RulingKind.BALLS_SPOTTED));
        assertEquals(List.of(1, 2, 6, 7, 8, 9), m.view().ballsOnTable());
    }

    // ---- 2.7 standard fouls --------------------------------------------------------------------------------------

    @Test
    void rule_2_7_afterAStandardFoulTheIncomingPlayerHasBallInHandAnywhere() {
        MatchScript m = scratch(breakerPocketed(), "p1");
        m.expectRulings(foul("p1", Foul.CUE_BALL_SCRATCH, "6.1"), turn("p2", CueBall.IN_HAND)); // 2.7
        Ruling turn = m.ruling(RulingKind.TURN);
        assertEquals("p2", turn.player());
        assertEquals(CueBall.IN_HAND, turn.cueBall());
        assertEquals("p2", m.view().atTable());
        assertEquals(CueBall.IN_HAND, m.view().cueBall());
    }

    // ---- 2.8 three consecutive fouls ---------------------------------------------------------------------------

    /** Dry break by p1, then p1 fouls {@code fouls} times, p2 answering each with a legal miss before the next. */
    private static MatchScript p1Fouls(int fouls) {
        MatchScript m = miss(dryBreak(), "p2"); // p1 at the table
        for (int i = 0; i < fouls; i++) {
            if (i > 0) {
                miss(m, "p2");
            }
            scratch(m, "p1");
        }
        return m;
    }

    @Test
    void rule_2_8_onTwoFoulsFromTheSecondFoul() {
        MatchScript m = p1Fouls(1);
        assertEquals(1, m.player("p1").consecutiveFouls());
        assertFalse(m.player("p1").onTwoFouls());
        miss(m, "p2");
        scratch(m, "p1");
        assertEquals(2, m.player("p1").consecutiveFouls());
        assertTrue(m.player("p1").onTwoFouls());
        assertFalse(m.has(RulingKind.SERIOUS_FOUL));
    }

    @Test
    void rule_2_8_twoFoulWarningWhenHeNextComesToTheTable() {
        MatchScript m = p1Fouls(2);
        assertFalse(m.has(RulingKind.TWO_FOUL_WARNING), "the warning is given when he comes back, not at the foul");
        miss(m, "p2");
        assertEquals("p1", m.ruling(RulingKind.TURN).player());
        Ruling warning = m.ruling(RulingKind.TWO_FOUL_WARNING);
        assertEquals("p1", warning.player());
        assertEquals("6.14", warning.rule());
    }

    @Test
    void rule_2_8_noTwoFoulWarningOnOneFoul() {
        MatchScript m = p1Fouls(1);
        miss(m, "p2");
        assertEquals("p1", m.ruling(RulingKind.TURN).player());
        assertFalse(m.has(RulingKind.TWO_FOUL_WARNING));
    }

    @Test
    void rule_2_8_threeConsecutiveFoulsLoseTheRack() {
        MatchScript m = p1Fouls(3);
        Ruling serious = m.ruling(RulingKind.SERIOUS_FOUL);
        assertEquals("p1", serious.player());
        assertEquals("6.14", serious.rule());
        Ruling won = m.ruling(RulingKind.RACK_WON);
        assertEquals("p2", won.player());
        assertEquals("6.14", won.rule());
        MatchView v = m.view();
        assertEquals(1, m.player("p2").score());
        assertEquals(0, m.player("p1").score());
        assertEquals(2, v.rack());
        assertTrue(v.nextShotIsBreak());
        assertEquals("p2", v.breaker(), "ALTERNATE: p1 broke rack 1");
        assertEquals(0, m.player("p1").consecutiveFouls());
        assertFalse(m.player("p1").onTwoFouls());
    }

    @Test
    void rule_2_8_hisOwnLegalShotResetsTheCount() {
        MatchScript m = p1Fouls(2);
        miss(m, "p2");
        miss(m, "p1"); // his own legal shot
        assertEquals(0, m.player("p1").consecutiveFouls());
        assertFalse(m.player("p1").onTwoFouls());
        miss(m, "p2");
        scratch(m, "p1");
        assertFalse(m.has(RulingKind.SERIOUS_FOUL));
        assertEquals(1, m.player("p1").consecutiveFouls());
    }

    @Test
    void rule_2_8_theOpponentsFoulsDoNotResetTheCount() {
        // 6.14: "only that player's own legal shot resets his count (the opponent's fouls don't)"
        MatchScript m = miss(dryBreak(), "p2");
        scratch(m, "p1");
        scratch(m, "p2");
        scratch(m, "p1");
        scratch(m, "p2");
        assertEquals(2, m.player("p1").consecutiveFouls());
        assertEquals(2, m.player("p2").consecutiveFouls());
        scratch(m, "p1");
        assertEquals("p1", m.ruling(RulingKind.SERIOUS_FOUL).player());
        assertEquals("p2", m.ruling(RulingKind.RACK_WON).player());
    }

    @Test
    void rule_2_8_countsResetAtEachNewRack_twoFoulsThenOneInTheNextRackIsNotSerious() {
        MatchScript m = p1Fouls(2);
        m.shot("p2", s -> s.firstContact(1).pocket(9).rail()); // p2 in hand wins rack 1 on a combination
        assertEquals("p2", m.ruling(RulingKind.RACK_WON).player());
        assertEquals(0, m.player("p1").consecutiveFouls());
        assertFalse(m.player("p1").onTwoFouls());
        assertEquals("p2", m.view().breaker());
        m.shot("p2", s -> s.placement("BEHIND_HEAD_STRING").firstContact(1).rails(4)); // dry break, p1 to shoot
        assertFalse(m.has(RulingKind.TWO_FOUL_WARNING));
        scratch(m, "p1");
        // 2.8: the first foul of rack 2, not serious; 2.7: in hand anywhere
        m.expectRulings(foul("p1", Foul.CUE_BALL_SCRATCH, "6.1"), turn("p2", CueBall.IN_HAND));
        assertFalse(m.has(RulingKind.SERIOUS_FOUL));
        assertFalse(m.has(RulingKind.RACK_WON));
        assertEquals(1, m.player("p1").consecutiveFouls());
        assertEquals(2, m.view().rack());
    }

    // ---- 2.9 stalemate, new racks, the match ---------------------------------------------------------------------

    @Test
    void rule_2_9_stalemate_theOriginalBreakerBreaksAgain() {
        // p1 wins the lag and lets p2 break; at the stalemate p1 is at the table with one foul on his record
        MatchScript m = MatchScript.open("NINE_BALL", 3).lagWonBy("p1").choose("p1", "OPPONENT_BREAKS");
        m.shot("p2", s -> s.placement("BEHIND_HEAD_STRING").firstContact(1).rails(4));
        scratch(m, "p1");
        miss(m, "p2");
        assertEquals("p1", m.view().atTable());
        m.ruling("NO_PROGRESS", null, null).ruling("STALEMATE", null, null);
        assertTrue(m.lastApplied());
        assertTrue(m.has(RulingKind.STALEMATE));
        MatchView v = m.view();
        assertEquals("p2", v.breaker());
        assertEquals("p2", v.atTable());
        assertTrue(v.nextShotIsBreak());
        assertEquals(CueBall.IN_HAND_KITCHEN, v.cueBall());
        assertEquals(FULL_RACK, v.ballsOnTable());
        assertEquals(1, v.rack(), "docs/view.md: a stalemate replay keeps the rack number");
        assertEquals(0, m.player("p1").consecutiveFouls(), "1.12: foul counts reset");
        assertNull(v.stalemate());
        assertEquals(0, m.player("p1").score());
        assertEquals(0, m.player("p2").score());
    }

    @Test
    void rule_2_5_newRackAfterAWin_rackAdvancesAndTheBreakAlternates() {
        MatchScript m = ready().shot("p1", s -> s.placement("BEHIND_HEAD_STRING").firstContact(1).pocket(9).rails(4));
        assertEquals("p2", m.ruling(RulingKind.BREAK_ASSIGNED).player());
        MatchView v = m.view();
        assertEquals(2, v.rack());
        assertEquals("p2", v.breaker(), "ALTERNATE: the rack winner p1 does not break");
        assertEquals("p2", v.atTable());
        assertTrue(v.nextShotIsBreak());
        assertEquals(CueBall.IN_HAND_KITCHEN, v.cueBall());
        assertEquals(FULL_RACK, v.ballsOnTable());
        // p2 wins rack 2 on his break: ALTERNATE gives rack 3 to p1 again, not to the winner
        m.shot("p2", s -> s.placement("BEHIND_HEAD_STRING").firstContact(1).pocket(9).rails(4));
        assertEquals(3, m.view().rack());
        assertEquals("p1", m.view().breaker());
    }

    @Test
    void rule_1_2_winnerBreakFormat_theRackWinnerBreaksNext() {
        MatchScript m = MatchScript.open("NINE_BALL", 3, d -> d.put("breakFormat", "WINNER"))
                .lagWonBy("p1").choose("p1", "BREAK");
        m.shot("p1", s -> s.placement("BEHIND_HEAD_STRING").firstContact(1).pocket(9).rails(4));
        assertEquals(2, m.view().rack());
        assertEquals("p1", m.view().breaker());
    }

    @Test
    void rule_2_5_winningTheRaceToRacksWinsTheMatch() {
        MatchScript m = MatchScript.readyToBreak("NINE_BALL", 2, "p1");
        m.shot("p1", s -> s.placement("BEHIND_HEAD_STRING").firstContact(1).pocket(9).rails(4)); // 1-0
        m.shot("p2", s -> s.placement("BEHIND_HEAD_STRING").firstContact(1).rails(4));             // p2 dry break
        m.shot("p1", s -> s.firstContact(1).pocket(9).rail());                                      // 2-0
        assertEquals("p1", m.ruling(RulingKind.RACK_WON).player());
        Ruling matchWon = m.ruling(RulingKind.MATCH_WON);
        assertEquals("p1", matchWon.player());
        assertEquals("RACE", matchWon.detail());
        MatchView v = m.view();
        assertEquals(Status.FINISHED, v.status());
        assertEquals("p1", v.winner());
        assertNull(v.atTable());
        assertEquals(2, m.player("p1").score());
        assertEquals(2, v.rack(), "docs/view.md: the rack does not advance when its win ends the match");
    }
}
