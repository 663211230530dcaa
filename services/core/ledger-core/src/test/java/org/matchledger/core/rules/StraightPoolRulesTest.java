package org.matchledger.core.rules;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.matchledger.core.event.OptionName;
import org.matchledger.core.ruling.Foul;
import org.matchledger.core.ruling.Ruling;
import org.matchledger.core.ruling.RulingKind;
import org.matchledger.core.support.MatchScript;
import org.matchledger.core.view.CueBall;
import org.matchledger.core.view.MatchView;
import org.matchledger.core.view.Status;

import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.*;

/**
 * 14.1 continuous (docs/rules.md "14.1 continuous (4.x)"), one given/when/then test per decision. Every expected value
 * is read from docs/rules.md, docs/view.md and docs/events.md.
 */
class StraightPoolRulesTest {
    private static final List<Integer> ALL_FIFTEEN = range(1, 15);
    private static final List<Integer> ONE_TO_FOURTEEN = range(1, 14);

    // ---- given helpers -------------------------------------------------------------------------------------------

    private static List<Integer> range(int from, int to) {
        return IntStream.rangeClosed(from, to).boxed().toList();
    }

    /** Opened (race to {@code raceTo}), lag won by {@code breaker}, who chose to break. */
    private static MatchScript ready(String breaker, int raceTo) {
        return MatchScript.open("STRAIGHT_POOL", raceTo).lagWonBy(breaker).choose(breaker, "BREAK");
    }

    private static MatchScript ready(String breaker) {
        return ready(breaker, 100);
    }

    /** 4.3 legal opening break: the cue ball and three object balls reach a rail, nothing pocketed. */
    private static void legalBreak(MatchScript m, String breaker) {
        m.shot(breaker, s -> s.placement("BEHIND_HEAD_STRING").call(1, "FOOT_LEFT").firstContact(5).rails(3).cueBallToRail());
    }

    /** 4.3 failed opening break: the cue ball and only one object ball reach a rail, nothing pocketed. */
    private static void failedBreak(MatchScript m, String breaker) {
        m.shot(breaker, s -> s.placement("BEHIND_HEAD_STRING").call(1, "FOOT_LEFT").firstContact(5).rails(1).cueBallToRail());
    }

    /** p1 broke legally: p2 is at the table, cue ball in position, all fifteen balls on the table. */
    private static MatchScript p2AfterLegalBreak() {
        MatchScript m = ready("p1");
        legalBreak(m, "p1");
        return m;
    }

    /** A called shot on {@code called} that pockets {@code balls} (the called one in the called pocket FOOT_LEFT). */
    private static void run(MatchScript m, String shooter, int called, List<Integer> balls) {
        m.shot(shooter, s -> {
            s.call(called, "FOOT_LEFT").firstContact(called).rail();
            for (int b : balls) {
                s.pocket(b, "FOOT_LEFT");
            }
        });
    }

    /** The called ball misses; a ball reaches a rail, so it is no foul (4.5). */
    private static void miss(MatchScript m, String shooter, int called) {
        m.shot(shooter, s -> s.call(called, "FOOT_LEFT").firstContact(called).rail());
    }

    /** A standard foul 6.3: contact, nothing pocketed, no ball to a rail. */
    private static void noRailFoul(MatchScript m, String shooter, int called) {
        m.shot(shooter, s -> s.call(called, "FOOT_LEFT").firstContact(called));
    }

    private static List<Ruling> all(MatchScript m, RulingKind kind) {
        return m.rulings().stream().filter(r -> r.kind() == kind).toList();
    }

    private static void assertApplied(MatchScript m) {
        assertTrue(m.lastApplied(), () -> "rejected: " + m.rulings());
    }

    // ---- score (4.2) and the race --------------------------------------------------------------------------------

    @Test
    void rule_4_2_calledBallInCalledPocket_scoresOnePoint_shooterContinues() {
        MatchScript m = p2AfterLegalBreak();
        run(m, "p2", 6, List.of(6));
        assertApplied(m);
        Ruling points = m.ruling(RulingKind.POINTS);
        assertEquals("p2", points.player());
        assertEquals(1, points.points());
        assertTrue(m.has(RulingKind.CONTINUE));
        assertEquals(1, m.player("p2").score());
        assertEquals("p2", m.view().atTable());
        assertEquals(CueBall.IN_POSITION, m.view().cueBall());
        assertFalse(m.view().ballsOnTable().contains(6));
        assertEquals(14, m.view().ballsOnTable().size());
    }

    @Test
    void rule_4_2_eachOtherBallPocketedOnTheLegalShot_scoresOneMore() {
        MatchScript m = p2AfterLegalBreak();
        m.shot("p2", s -> s.call(6, "FOOT_LEFT").firstContact(6).rail()
                .pocket(6, "FOOT_LEFT").pocket(11, "SIDE_RIGHT").pocket(3, "HEAD_LEFT"));
        assertApplied(m);
        assertEquals(3, m.ruling(RulingKind.POINTS).points()); // 1 called + 2 others
        assertEquals(3, m.player("p2").score());
        assertEquals(List.of(1, 2, 4, 5, 7, 8, 9, 10, 12, 13, 14, 15), m.view().ballsOnTable());
    }

    @Test
    void rule_4_2_scoresMayGoNegative() {
        MatchScript m = p2AfterLegalBreak();
        noRailFoul(m, "p2", 6);
        assertEquals(-1, m.player("p2").score());
    }

    @Test
    void rule_4_1_matchEndsTheMomentAPlayerReachesTheRace_evenMidRack() {
        MatchScript m = ready("p1", 10);
        legalBreak(m, "p1");
        run(m, "p2", 1, range(1, 11)); // 11 points: past the race of 10, four balls still on the table
        assertApplied(m);
        Ruling won = m.ruling(RulingKind.MATCH_WON);
        assertEquals("p2", won.player());
        assertEquals("RACE", won.detail());
        MatchView v = m.view();
        assertEquals(Status.FINISHED, v.status());
        assertEquals("p2", v.winner());
        assertNull(v.atTable());
        assertEquals(11, m.player("p2").score());
        m.shot("p2", s -> s.call(12, "FOOT_LEFT").firstContact(12).pocket(12).rail());
        assertFalse(m.lastApplied(), "docs/events.md: once FINISHED only corrections and appeals are accepted");
    }

    @Test
    void rule_4_1_theWinningShotDoesNotRerack() {
        MatchScript m = ready("p1", 14);
        legalBreak(m, "p1");
        m.shot("p2", s -> {
            s.call(1, "FOOT_LEFT").firstContact(1).rail().rerack(false, false, false);
            range(1, 14).forEach(b -> s.pocket(b, "FOOT_LEFT"));
        });
        assertApplied(m);
        assertTrue(m.has(RulingKind.MATCH_WON));
        assertFalse(m.has(RulingKind.RERACK), "the match is over at 14 points: " + m.kinds());
        assertEquals(1, m.view().rack());
    }

    @Test
    void rule_4_1_finalView_ballsPocketedOnTheWinningShotAreOffTheTable() {
        MatchScript m = ready("p1", 10);
        legalBreak(m, "p1");
        run(m, "p2", 1, range(1, 11));
        // docs/view.md: ballsOnTable lists the object balls on the table; 1-11 went down on the winning shot.
        assertEquals(List.of(12, 13, 14, 15), m.view().ballsOnTable());
    }

    // ---- opening break (4.3, 4.10) --------------------------------------------------------------------------------

    @Test
    void rule_4_3_openingBreak_isInHandBehindTheHeadString() {
        MatchScript m = ready("p2");
        MatchView v = m.view();
        assertEquals("p2", v.breaker());
        assertEquals("p2", v.atTable());
        assertTrue(v.nextShotIsBreak());
        assertEquals(CueBall.IN_HAND_KITCHEN, v.cueBall());
        assertEquals(ALL_FIFTEEN, v.ballsOnTable());
        assertEquals(1, v.rack());
    }

    @Test
    void rule_4_3_breakLegalWhenTheCalledBallIsPocketed_breakerScoresAndContinues() {
        MatchScript m = ready("p1");
        // no ball reaches a rail, but the called 3 drops in the called pocket
        m.shot("p1", s -> s.placement("BEHIND_HEAD_STRING").call(3, "FOOT_RIGHT").firstContact(1).pocket(3, "FOOT_RIGHT"));
        assertApplied(m);
        assertFalse(m.has(RulingKind.BREAKING_FOUL));
        assertEquals(1, m.ruling(RulingKind.POINTS).points());
        assertEquals("p1", m.view().atTable());
        assertFalse(m.view().nextShotIsBreak());
        assertEquals(CueBall.IN_POSITION, m.view().cueBall());
    }

    @Test
    void rule_4_3_breakLegalWhenCueBallAndTwoObjectBallsReachARail_turnPasses() {
        MatchScript m = ready("p1");
        m.shot("p1", s -> s.placement("BEHIND_HEAD_STRING").call(1, "FOOT_LEFT").firstContact(5).rails(2).cueBallToRail());
        assertApplied(m);
        assertFalse(m.has(RulingKind.BREAKING_FOUL));
        assertFalse(m.has(RulingKind.FOUL));
        Ruling turn = m.ruling(RulingKind.TURN);
        assertEquals("p2", turn.player());
        assertEquals(CueBall.IN_POSITION, turn.cueBall()); // the called ball missed: 4.5, played from position
        assertEquals(0, m.player("p1").score());
        assertEquals(0, m.player("p1").consecutiveFouls());
        assertFalse(m.view().nextShotIsBreak());
    }

    @Test
    void rule_4_3_onlyOneObjectBallToARail_breakingFoulMinusTwo_incomingPlayerOffered() {
        MatchScript m = ready("p1");
        failedBreak(m, "p1");
        assertApplied(m);
        Ruling foul = m.ruling(RulingKind.BREAKING_FOUL);
        assertEquals("p1", foul.player());
        assertEquals("4.3", foul.rule());
        assertEquals(-2, foul.points());
        Ruling offer = m.ruling(RulingKind.OPTION_OFFERED);
        assertEquals("p2", offer.player());
        assertEquals(List.of(OptionName.ACCEPT_TABLE, OptionName.OPPONENT_REBREAKS), offer.options());
        MatchView v = m.view();
        assertEquals(-2, m.player("p1").score());
        assertEquals("p2", v.pendingOption().player());
        assertEquals(List.of(OptionName.ACCEPT_TABLE, OptionName.OPPONENT_REBREAKS), v.pendingOption().options());
        assertEquals("p2", v.atTable()); // docs/view.md: while an option is pending, the player who holds it
    }

    @Test
    void rule_4_3_cueBallNotToARail_isABreakingFoulEvenWithTwoObjectBallsToARail() {
        MatchScript m = ready("p1");
        m.shot("p1", s -> s.placement("BEHIND_HEAD_STRING").call(1, "FOOT_LEFT").firstContact(5).rails(4));
        assertEquals(-2, m.ruling(RulingKind.BREAKING_FOUL).points());
    }

    @Test
    void rule_4_3_acceptTable_incomingPlayerShootsFromPosition() {
        MatchScript m = ready("p1");
        failedBreak(m, "p1");
        m.choose("p2", "ACCEPT_TABLE");
        assertApplied(m);
        assertEquals(OptionName.ACCEPT_TABLE, m.ruling(RulingKind.OPTION_TAKEN).option());
        Ruling turn = m.ruling(RulingKind.TURN);
        assertEquals("p2", turn.player());
        assertEquals(CueBall.IN_POSITION, turn.cueBall());
        MatchView v = m.view();
        assertNull(v.pendingOption());
        assertEquals("p2", v.atTable());
        assertEquals("p1", v.breaker());
        assertFalse(v.nextShotIsBreak());
        assertEquals(CueBall.IN_POSITION, v.cueBall());
        run(m, "p2", 4, List.of(4));
        assertApplied(m);
        assertEquals(1, m.player("p2").score());
    }

    @Test
    void rule_4_3_opponentRebreaks_offenderBreaksAgain_minusTwoOnEachFailure() {
        MatchScript m = ready("p1");
        failedBreak(m, "p1");
        m.choose("p2", "OPPONENT_REBREAKS");
        assertApplied(m);
        MatchView v = m.view();
        assertEquals("p1", v.breaker());
        assertEquals("p1", v.atTable());
        assertTrue(v.nextShotIsBreak());
        assertEquals(CueBall.IN_HAND_KITCHEN, v.cueBall());
        assertEquals(1, v.rack(), "docs/view.md: breaking again after a 14.1 breaking foul keeps the rack number");
        failedBreak(m, "p1");
        assertEquals(-2, m.ruling(RulingKind.BREAKING_FOUL).points());
        assertEquals(-4, m.player("p1").score());
        assertEquals("p2", m.view().pendingOption().player());
    }

    @Test
    void rule_4_10_breakingFoulAndScratch_isMinusTwoOnly() {
        MatchScript m = ready("p1");
        m.shot("p1", s -> s.placement("BEHIND_HEAD_STRING").call(1, "FOOT_LEFT").firstContact(5).rails(1).scratch());
        assertApplied(m);
        assertEquals(-2, m.ruling(RulingKind.BREAKING_FOUL).points());
        assertFalse(m.has(RulingKind.FOUL), "penalised once: " + m.kinds());
        assertEquals(-2, m.player("p1").score());
        assertEquals(0, m.player("p1").consecutiveFouls());
    }

    @Test
    void rule_4_10_breakingFoulAndScratch_acceptedTableIsInHandBehindTheHeadString() {
        MatchScript m = ready("p1");
        m.shot("p1", s -> s.placement("BEHIND_HEAD_STRING").call(1, "FOOT_LEFT").firstContact(5).rails(1).scratch());
        m.choose("p2", "ACCEPT_TABLE");
        assertApplied(m);
        assertEquals(CueBall.IN_HAND_KITCHEN, m.ruling(RulingKind.TURN).cueBall());
        assertEquals(CueBall.IN_HAND_KITCHEN, m.view().cueBall());
        assertFalse(m.view().nextShotIsBreak());
    }

    @Test
    void rule_4_3_scratchOnAnOtherwiseLegalBreak_standardFoulMinusOne_inHandBehindTheHeadString() {
        MatchScript m = ready("p1");
        m.shot("p1", s -> s.placement("BEHIND_HEAD_STRING").call(1, "FOOT_LEFT").firstContact(5).rails(3).cueBallToRail().scratch());
        assertApplied(m);
        assertFalse(m.has(RulingKind.BREAKING_FOUL));
        assertFalse(m.has(RulingKind.OPTION_OFFERED));
        Ruling foul = m.ruling(RulingKind.FOUL);
        assertEquals("p1", foul.player());
        assertEquals("6.1", foul.rule());
        assertEquals(Foul.CUE_BALL_SCRATCH, foul.foul());
        assertEquals(-1, foul.points());
        assertEquals("p2", m.ruling(RulingKind.TURN).player());
        assertEquals(CueBall.IN_HAND_KITCHEN, m.view().cueBall());
        assertEquals(-1, m.player("p1").score());
        assertEquals(1, m.player("p1").consecutiveFouls()); // a standard foul counts toward 6.14
    }

    @Test
    void rule_4_3_breakingFoulsDoNotCountToward6_14() {
        MatchScript m = ready("p1");
        for (int i = 0; i < 3; i++) {
            failedBreak(m, "p1");
            assertFalse(m.has(RulingKind.SERIOUS_FOUL));
            assertEquals(0, m.player("p1").consecutiveFouls());
            assertFalse(m.player("p1").onTwoFouls());
            if (i < 2) {
                m.choose("p2", "OPPONENT_REBREAKS");
            }
        }
        assertEquals(-6, m.player("p1").score());
        assertEquals(1, m.view().rack());
    }

    @Test
    void rule_4_3_breakingFoulDoesNotChangeACarriedFoulCount() {
        // p2 comes to a lag again (4.12) on two fouls and fails his opening break: still on two fouls, and his
        // next standard foul is the third (6.14 / 4.11).
        MatchScript m = p2AfterLegalBreak();
        noRailFoul(m, "p2", 1);
        miss(m, "p1", 2);
        noRailFoul(m, "p2", 1);
        m.ruling("NO_PROGRESS", null, null).ruling("STALEMATE", null, null);
        m.lagWonBy("p2").choose("p2", "BREAK");
        failedBreak(m, "p2");
        assertApplied(m);
        assertEquals(2, m.player("p2").consecutiveFouls());
        assertTrue(m.player("p2").onTwoFouls());
        m.choose("p1", "ACCEPT_TABLE");
        miss(m, "p1", 3);
        noRailFoul(m, "p2", 3);
        assertEquals(-15, m.ruling(RulingKind.SERIOUS_FOUL).points());
    }

    // ---- calls and spotting (4.5, 4.6) ----------------------------------------------------------------------------

    @Test
    void rule_4_5_calledBallMissed_turnPasses_noPoints() {
        MatchScript m = p2AfterLegalBreak();
        miss(m, "p2", 6);
        assertApplied(m);
        assertFalse(m.has(RulingKind.POINTS));
        assertFalse(m.has(RulingKind.FOUL));
        Ruling turn = m.ruling(RulingKind.TURN);
        assertEquals("p1", turn.player());
        assertEquals(CueBall.IN_POSITION, turn.cueBall());
        assertEquals(0, m.player("p2").score());
        assertEquals(ALL_FIFTEEN, m.view().ballsOnTable());
    }

    @Test
    void rule_4_5_calledBallInAnotherPocket_isSpottedAndScoresNothing() {
        MatchScript m = p2AfterLegalBreak();
        m.shot("p2", s -> s.call(2, "FOOT_RIGHT").firstContact(2).pocket(2, "HEAD_RIGHT").rail());
        assertApplied(m);
        assertEquals(List.of(2), m.ruling(RulingKind.BALLS_SPOTTED).balls());
        assertFalse(m.has(RulingKind.POINTS));
        assertEquals(0, m.player("p2").score());
        assertEquals("p1", m.view().atTable());
        assertEquals(ALL_FIFTEEN, m.view().ballsOnTable());
    }

    @Test
    void rule_4_5_otherBallsPocketedOnAMissedCall_areSpotted() {
        MatchScript m = p2AfterLegalBreak();
        m.shot("p2", s -> s.call(6, "FOOT_LEFT").firstContact(6).pocket(11, "SIDE_LEFT").pocket(12, "SIDE_RIGHT").rail());
        assertApplied(m);
        assertEquals(List.of(11, 12), m.ruling(RulingKind.BALLS_SPOTTED).balls());
        assertEquals(0, m.player("p2").score());
        assertEquals(ALL_FIFTEEN, m.view().ballsOnTable());
    }

    @Test
    void rule_4_5_safety_turnPasses_pocketedBallsSpotted_noPoints() {
        MatchScript m = p2AfterLegalBreak();
        m.shot("p2", s -> s.safety().firstContact(9).pocket(9, "FOOT_LEFT").rail());
        assertApplied(m);
        assertEquals("p2", m.ruling(RulingKind.SAFETY).player());
        assertEquals(List.of(9), m.ruling(RulingKind.BALLS_SPOTTED).balls());
        assertFalse(m.has(RulingKind.POINTS));
        assertFalse(m.has(RulingKind.FOUL));
        assertEquals("p1", m.ruling(RulingKind.TURN).player());
        assertEquals(CueBall.IN_POSITION, m.view().cueBall());
        assertEquals(0, m.player("p2").score());
        assertEquals(ALL_FIFTEEN, m.view().ballsOnTable());
    }

    @Test
    void rule_4_6_ballsPocketedOnAFoulAreSpotted() {
        MatchScript m = p2AfterLegalBreak();
        // the called 6 drops where called, but the cue ball follows it in
        m.shot("p2", s -> s.call(6, "FOOT_LEFT").firstContact(6).pocket(6, "FOOT_LEFT").pocket(7, "SIDE_LEFT").rail().scratch());
        assertApplied(m);
        assertEquals(List.of(6, 7), m.ruling(RulingKind.BALLS_SPOTTED).balls());
        assertFalse(m.has(RulingKind.POINTS));
        assertEquals(-1, m.player("p2").score());
        assertEquals(ALL_FIFTEEN, m.view().ballsOnTable());
    }

    @Test
    void rule_4_6_ballDrivenOffTheTable_isAFoul6_5AndIsSpotted() {
        MatchScript m = p2AfterLegalBreak();
        m.shot("p2", s -> s.call(6, "FOOT_LEFT").firstContact(6).pocket(6, "FOOT_LEFT").offTable(8).rail());
        assertApplied(m);
        Ruling foul = m.ruling(RulingKind.FOUL);
        assertEquals(Foul.BALL_OFF_TABLE, foul.foul());
        assertEquals("6.5", foul.rule());
        assertEquals(-1, foul.points());
        assertEquals(List.of(6, 8), m.ruling(RulingKind.BALLS_SPOTTED).balls());
        assertEquals(-1, m.player("p2").score());
        assertEquals(ALL_FIFTEEN, m.view().ballsOnTable());
        assertEquals(CueBall.IN_POSITION, m.view().cueBall());
    }

    // ---- standard fouls (4.9) -------------------------------------------------------------------------------------

    @Test
    void rule_4_9_standardFoul_costsOnePoint() {
        MatchScript m = p2AfterLegalBreak();
        noRailFoul(m, "p2", 6);
        assertApplied(m);
        Ruling foul = m.ruling(RulingKind.FOUL);
        assertEquals("p2", foul.player());
        assertEquals("6.3", foul.rule());
        assertEquals(Foul.NO_RAIL_AFTER_CONTACT, foul.foul());
        assertEquals(-1, foul.points());
        assertEquals(1, m.player("p2").consecutiveFouls());
    }

    @Test
    void rule_4_9_rule6_2DoesNotApply_anyBallMayBeHitFirst() {
        MatchScript m = p2AfterLegalBreak();
        run(m, "p2", 15, List.of(15)); // the highest ball first, with 1-14 on the table
        assertApplied(m);
        assertFalse(m.has(RulingKind.FOUL), "" + m.kinds());
        assertEquals(1, m.player("p2").score());
    }

    @Test
    void rule_4_9_incomingPlayerPlaysTheCueBallWhereItLies() {
        MatchScript m = p2AfterLegalBreak();
        noRailFoul(m, "p2", 6);
        Ruling turn = m.ruling(RulingKind.TURN);
        assertEquals("p1", turn.player());
        assertEquals(CueBall.IN_POSITION, turn.cueBall());
        assertEquals(CueBall.IN_POSITION, m.view().cueBall());
        assertEquals("p1", m.view().atTable());
    }

    @Test
    void rule_4_9_afterAScratch6_1_incomingPlayerHasBallInHandBehindTheHeadString() {
        MatchScript m = p2AfterLegalBreak();
        m.shot("p2", s -> s.call(6, "FOOT_LEFT").firstContact(6).rail().scratch());
        Ruling foul = m.ruling(RulingKind.FOUL);
        assertEquals("6.1", foul.rule());
        assertEquals(-1, foul.points());
        assertEquals(CueBall.IN_HAND_KITCHEN, m.ruling(RulingKind.TURN).cueBall());
        assertEquals(CueBall.IN_HAND_KITCHEN, m.view().cueBall());
    }

    @Test
    void rule_4_9_refereeReportedFoulOnAPocketingShot_minusOne_noPoints() {
        MatchScript m = p2AfterLegalBreak();
        m.shot("p2", s -> s.call(6, "FOOT_LEFT").firstContact(6).pocket(6, "FOOT_LEFT").rail().refereeFoul("DOUBLE_HIT"));
        assertEquals(Foul.DOUBLE_HIT, m.ruling(RulingKind.FOUL).foul());
        assertEquals("6.7", m.ruling(RulingKind.FOUL).rule());
        assertFalse(m.has(RulingKind.POINTS));
        assertEquals(-1, m.player("p2").score());
        assertEquals(List.of(6), m.ruling(RulingKind.BALLS_SPOTTED).balls());
        assertEquals("p1", m.view().atTable());
    }

    @Test
    void rule_6_13_outOfTurn_standardFoulOnTheShooter_theRightPlayerPlaysFromPosition() {
        MatchScript m = p2AfterLegalBreak();
        run(m, "p1", 6, List.of(6)); // p2 was at the table
        assertApplied(m);
        Ruling foul = m.ruling(RulingKind.FOUL);
        assertEquals("p1", foul.player());
        assertEquals(Foul.OUT_OF_TURN, foul.foul());
        assertEquals(-1, foul.points());
        assertFalse(m.has(RulingKind.POINTS));
        assertEquals(-1, m.player("p1").score());
        assertEquals("p2", m.view().atTable());
        assertEquals(CueBall.IN_POSITION, m.view().cueBall());
        assertEquals(ALL_FIFTEEN, m.view().ballsOnTable()); // the 6 is spotted (4.6)
    }

    @Test
    void rule_6_15_slowPlayRuling_isAStandardFoul_minusOne() {
        MatchScript m = p2AfterLegalBreak();
        m.ruling("SLOW_PLAY", "p2", null);
        assertApplied(m);
        Ruling foul = m.ruling(RulingKind.FOUL);
        assertEquals(Foul.SLOW_PLAY, foul.foul());
        assertEquals("6.15", foul.rule());
        assertEquals(-1, foul.points());
        assertEquals(-1, m.player("p2").score());
        assertEquals(1, m.player("p2").consecutiveFouls());
        assertEquals("p1", m.view().atTable());
        assertEquals(CueBall.IN_POSITION, m.view().cueBall());
    }

    // ---- three fouls (6.14, 4.11) ---------------------------------------------------------------------------------

    @Test
    void rule_6_14_twoFoulWarning_whenComingToTheTableOnTwoFouls() {
        MatchScript m = p2AfterLegalBreak();
        noRailFoul(m, "p2", 1);
        miss(m, "p1", 2);
        assertFalse(m.has(RulingKind.TWO_FOUL_WARNING), "one foul only");
        noRailFoul(m, "p2", 1);
        assertEquals(2, m.player("p2").consecutiveFouls());
        assertTrue(m.player("p2").onTwoFouls());
        miss(m, "p1", 2);
        Ruling warning = m.ruling(RulingKind.TWO_FOUL_WARNING);
        assertEquals("p2", warning.player());
        assertEquals("6.14", warning.rule());
    }

    @Test
    void rule_6_14_onlyTheFoulersOwnLegalShotResetsTheCount_aMissedCallIsLegal() {
        MatchScript m = p2AfterLegalBreak();
        noRailFoul(m, "p2", 1);
        noRailFoul(m, "p1", 1); // the opponent's foul does not reset p2's count
        assertEquals(1, m.player("p2").consecutiveFouls());
        miss(m, "p2", 1); // a legal shot of his own, even without a point
        assertEquals(0, m.player("p2").consecutiveFouls());
        assertFalse(m.player("p2").onTwoFouls());
    }

    /** p2 with two consecutive standard fouls, p1 missed, p2 back at the table (warned). */
    private static MatchScript p2OnTwoFoulsAtTheTable() {
        MatchScript m = p2AfterLegalBreak();
        noRailFoul(m, "p2", 1);
        miss(m, "p1", 2);
        noRailFoul(m, "p2", 1);
        miss(m, "p1", 2);
        return m;
    }

    @Test
    void rule_4_11_thirdConsecutiveFoul_foulMinusOneThenSeriousFoulMinusFifteen() {
        MatchScript m = p2OnTwoFoulsAtTheTable();
        noRailFoul(m, "p2", 1);
        assertApplied(m);
        List<RulingKind> kinds = m.kinds();
        assertTrue(kinds.indexOf(RulingKind.FOUL) >= 0 && kinds.indexOf(RulingKind.FOUL) < kinds.indexOf(RulingKind.SERIOUS_FOUL),
                "a FOUL followed by a SERIOUS_FOUL: " + kinds);
        assertEquals(-1, m.ruling(RulingKind.FOUL).points());
        Ruling serious = m.ruling(RulingKind.SERIOUS_FOUL);
        assertEquals("p2", serious.player());
        assertEquals("6.14", serious.rule());
        assertEquals(-15, serious.points());
        assertEquals(-18, m.player("p2").score()); // -1, -1, then -1 and -15
    }

    @Test
    void rule_4_11_countResets_allFifteenReracked_offenderTakesAnOpeningBreak() {
        MatchScript m = p2OnTwoFoulsAtTheTable();
        run(m, "p2", 3, List.of(3)); // a point first: balls change, count resets...
        noRailFoul(m, "p2", 1);      // ...so three new fouls are needed
        miss(m, "p1", 2);
        noRailFoul(m, "p2", 1);
        miss(m, "p1", 2);
        noRailFoul(m, "p2", 1);
        assertApplied(m);
        Ruling rerack = m.ruling(RulingKind.RERACK);
        assertEquals(ALL_FIFTEEN, rerack.balls());
        assertEquals("p2", m.ruling(RulingKind.BREAK_ASSIGNED).player());
        MatchView v = m.view();
        assertEquals(0, m.player("p2").consecutiveFouls());
        assertFalse(m.player("p2").onTwoFouls());
        assertEquals(ALL_FIFTEEN, v.ballsOnTable());
        assertEquals("p2", v.breaker());
        assertEquals("p2", v.atTable());
        assertTrue(v.nextShotIsBreak());
        assertEquals(CueBall.IN_HAND_KITCHEN, v.cueBall());
        assertEquals(2, v.rack(), "docs/view.md: in 14.1 the rack number advances at every re-rack");
        assertEquals(-2 + 1 - 3 - 15, m.player("p2").score()); // two fouls, a point, three fouls, the penalty
    }

    @Test
    void rule_4_11_theOpeningBreakAfterThePenalty_isUnder4_3_breakingFoulMinusTwo() {
        MatchScript m = p2OnTwoFoulsAtTheTable();
        noRailFoul(m, "p2", 1);
        failedBreak(m, "p2");
        assertApplied(m);
        assertEquals(-2, m.ruling(RulingKind.BREAKING_FOUL).points());
        assertEquals(-20, m.player("p2").score());
        assertEquals(0, m.player("p2").consecutiveFouls());
        assertEquals("p1", m.view().pendingOption().player());
    }

    @Test
    void rule_6_14_foulCountsAreCarriedAcrossRerack() {
        MatchScript m = p2AfterLegalBreak();
        noRailFoul(m, "p2", 1);
        run(m, "p1", 1, ONE_TO_FOURTEEN); // leaves the 15: re-rack (4.4)
        assertEquals(2, m.view().rack());
        assertEquals(1, m.player("p2").consecutiveFouls(), "docs/view.md: carried across re-racks in 14.1");
        miss(m, "p1", 1);
        noRailFoul(m, "p2", 1);
        assertEquals(2, m.player("p2").consecutiveFouls());
        assertTrue(m.player("p2").onTwoFouls());
    }

    @Test
    void rule_6_14_twoFoulWarningAlsoWhenComingToTheTableToBreak() {
        // docs/view.md: the TWO_FOUL_WARNING is given when he next comes to the table; after a 4.12 lag he comes to break.
        MatchScript m = p2AfterLegalBreak();
        noRailFoul(m, "p2", 1);
        miss(m, "p1", 2);
        noRailFoul(m, "p2", 1);
        m.ruling("NO_PROGRESS", null, null).ruling("STALEMATE", null, null);
        m.lagWonBy("p1").choose("p1", "OPPONENT_BREAKS");
        assertApplied(m);
        assertEquals("p2", m.view().atTable());
        Ruling warning = m.ruling(RulingKind.TWO_FOUL_WARNING);
        assertEquals("p2", warning.player());
    }

    // ---- re-racks (4.4, 4.8) --------------------------------------------------------------------------------------

    @Test
    void rule_4_4_legalShotLeavingOneBall_fourteenReracked_shooterContinues() {
        MatchScript m = p2AfterLegalBreak();
        run(m, "p2", 1, range(1, 10));
        run(m, "p2", 11, range(11, 14)); // the 14th ball of the rack: only the 15 is left
        assertApplied(m);
        Ruling rerack = m.ruling(RulingKind.RERACK);
        assertEquals(ONE_TO_FOURTEEN, rerack.balls());
        assertEquals("4.4", rerack.rule());
        assertEquals(CueBall.IN_POSITION, rerack.cueBall());
        assertTrue(m.has(RulingKind.CONTINUE));
        MatchView v = m.view();
        assertEquals(ALL_FIFTEEN, v.ballsOnTable());
        assertEquals(2, v.rack());
        assertEquals("p2", v.atTable());
        assertFalse(v.nextShotIsBreak());
        assertEquals(CueBall.IN_POSITION, v.cueBall());
        assertEquals(14, m.player("p2").score());
    }

    @Test
    void rule_4_4_rackNumberAdvancesAtEveryRerack() {
        MatchScript m = p2AfterLegalBreak();
        run(m, "p2", 1, ONE_TO_FOURTEEN);
        run(m, "p2", 1, ONE_TO_FOURTEEN);
        run(m, "p2", 2, range(2, 15)); // now the 1 is the last ball
        assertEquals(4, m.view().rack());
        assertEquals(range(2, 15), m.ruling(RulingKind.RERACK).balls());
        assertEquals(42, m.player("p2").score());
    }

    @Test
    void rule_4_4_aMissedCallLeavingOneBallPocketed_spotsAndDoesNotRerack() {
        MatchScript m = p2AfterLegalBreak();
        run(m, "p2", 1, range(1, 13)); // 14 and 15 left
        m.shot("p2", s -> s.call(14, "FOOT_LEFT").firstContact(14).pocket(14, "SIDE_LEFT").rail()); // wrong pocket
        assertFalse(m.has(RulingKind.RERACK));
        assertEquals(List.of(14), m.ruling(RulingKind.BALLS_SPOTTED).balls());
        assertEquals(List.of(14, 15), m.view().ballsOnTable());
        assertEquals(1, m.view().rack());
    }

    static Stream<Arguments> rerackTable() {
        // name, 15th ball pocketed on the same shot, cue ball in rack area, last ball in rack area,
        // last ball behind the head string, balls racked, cue ball, rule
        return Stream.of(
                Arguments.of("15th pocketed on the same shot: all 15, from position", true, false, false, false, 15, CueBall.IN_POSITION, "4.8"),
                Arguments.of("cue ball and last ball in the rack area: all 15, in hand behind the head string", false, true, true, false, 15, CueBall.IN_HAND_KITCHEN, "4.8"),
                Arguments.of("only the last ball in the rack area: it goes to the head spot, 14 racked", false, false, true, false, 14, CueBall.IN_POSITION, "4.8"),
                Arguments.of("only the cue ball, last ball not behind the head string: in hand behind the head string", false, true, false, false, 14, CueBall.IN_HAND_KITCHEN, "4.8"),
                Arguments.of("only the cue ball, last ball behind the head string: cue ball on the head spot", false, true, false, true, 14, CueBall.IN_POSITION, "4.8"),
                Arguments.of("neither in the rack area: 14 racked, from position (4.4)", false, false, false, false, 14, CueBall.IN_POSITION, "4.4"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rerackTable")
    void rule_4_8_rerackTable(String name, boolean fifteenthPocketed, boolean cueIn, boolean lastIn, boolean lastBehind,
                              int racked, CueBall cueBall, String rule) {
        MatchScript m = p2AfterLegalBreak();
        run(m, "p2", 1, range(1, 13)); // 14 and 15 left
        if (fifteenthPocketed) {
            run(m, "p2", 14, List.of(14, 15));
        } else {
            m.shot("p2", s -> s.call(14, "FOOT_LEFT").firstContact(14).pocket(14, "FOOT_LEFT").rail()
                    .rerack(cueIn, lastIn, lastBehind));
        }
        assertApplied(m);
        Ruling rerack = m.ruling(RulingKind.RERACK);
        assertEquals(racked == 15 ? ALL_FIFTEEN : ONE_TO_FOURTEEN, rerack.balls());
        assertEquals(cueBall, rerack.cueBall());
        assertEquals(rule, rerack.rule());
        assertTrue(m.has(RulingKind.CONTINUE), "the shooter continues: " + m.kinds());
        MatchView v = m.view();
        assertEquals(ALL_FIFTEEN, v.ballsOnTable());
        assertEquals(cueBall, v.cueBall());
        assertEquals("p2", v.atTable());
        assertFalse(v.nextShotIsBreak());
        assertEquals(2, v.rack());
        assertEquals(fifteenthPocketed ? 15 : 14, m.player("p2").score());
        if (cueBall == CueBall.IN_HAND_KITCHEN) {
            m.shot("p2", s -> s.placement("BEHIND_HEAD_STRING").call(5, "FOOT_LEFT").firstContact(5).pocket(5).rail());
        } else {
            run(m, "p2", 5, List.of(5));
        }
        assertApplied(m); // and he plays on from where the table says
        assertEquals(1, m.ruling(RulingKind.POINTS).points());
    }

    // ---- stalemate (4.12) -----------------------------------------------------------------------------------------

    @Test
    void rule_4_12_stalemate_lagAgain_scoresAndFoulCountsCarried() {
        MatchScript m = p2AfterLegalBreak();
        run(m, "p2", 1, List.of(1, 2, 3));
        noRailFoul(m, "p2", 4);
        m.ruling("NO_PROGRESS", null, null);
        m.ruling("STALEMATE", null, null);
        assertApplied(m);
        assertTrue(m.has(RulingKind.STALEMATE));
        MatchView v = m.view();
        assertEquals(Status.AWAITING_LAG, v.status());
        assertNull(v.atTable());
        assertEquals(2, m.player("p2").score());
        assertEquals(1, m.player("p2").consecutiveFouls());
        assertEquals(0, m.player("p1").score());
        m.lagWonBy("p2").choose("p2", "BREAK");
        assertApplied(m);
        v = m.view();
        assertEquals(Status.IN_PROGRESS, v.status());
        assertEquals("p2", v.breaker());
        assertTrue(v.nextShotIsBreak());
        assertEquals(CueBall.IN_HAND_KITCHEN, v.cueBall());
        assertEquals(ALL_FIFTEEN, v.ballsOnTable());
        assertEquals(2, m.player("p2").score());
        assertEquals(1, m.player("p2").consecutiveFouls());
    }

    // ---- rulings by the referee (6.16) ----------------------------------------------------------------------------

    @Test
    void rule_6_16_seriousFoulByRuling_minusFifteen_rerackAndTheOffenderBreaks() {
        MatchScript m = p2AfterLegalBreak();
        run(m, "p2", 1, List.of(1));
        m.ruling("UNSPORTSMANLIKE", "p2", "SERIOUS_FOUL");
        assertApplied(m);
        Ruling serious = m.ruling(RulingKind.SERIOUS_FOUL);
        assertEquals("p2", serious.player());
        assertEquals("6.16", serious.rule());
        assertEquals(-15, serious.points());
        assertEquals(ALL_FIFTEEN, m.ruling(RulingKind.RERACK).balls());
        MatchView v = m.view();
        assertEquals(-14, m.player("p2").score());
        assertEquals("p2", v.breaker());
        assertEquals("p2", v.atTable());
        assertTrue(v.nextShotIsBreak());
        assertEquals(CueBall.IN_HAND_KITCHEN, v.cueBall());
        assertEquals(ALL_FIFTEEN, v.ballsOnTable());
        assertEquals(2, v.rack());
    }

    @Test
    void rule_6_16_lossOfRackPenaltyIsRejectedIn14_1() {
        MatchScript m = p2AfterLegalBreak();
        long seqBefore = m.view().lastSeq();
        m.ruling("UNSPORTSMANLIKE", "p2", "LOSS_OF_RACK");
        assertFalse(m.lastApplied());
        m.expectRejected("data.penalty");
        assertEquals(seqBefore, m.view().lastSeq());
        assertEquals(0, m.player("p2").score());
    }

    @Test
    void rule_6_16_standardFoulPenalty_minusOne_countsToward6_14() {
        MatchScript m = p2OnTwoFoulsAtTheTable();
        m.ruling("UNSPORTSMANLIKE", "p2", "STANDARD_FOUL");
        assertApplied(m);
        assertEquals(Foul.UNSPORTSMANLIKE, m.ruling(RulingKind.FOUL).foul());
        assertEquals(-1, m.ruling(RulingKind.FOUL).points());
        assertEquals(-15, m.ruling(RulingKind.SERIOUS_FOUL).points()); // the third in a row (4.11)
        assertEquals(-18, m.player("p2").score());
        assertEquals("p2", m.view().breaker());
    }

    // ---- statistics: innings, currentRun, highRun ---------------------------------------------------------------

    @Test
    void rule_4_stats_currentRunCountsThePointsOfTheInning_zeroOnceItEnds() {
        MatchScript m = p2AfterLegalBreak();
        run(m, "p2", 1, List.of(1));
        run(m, "p2", 2, List.of(2, 3));
        assertEquals(3, m.player("p2").currentRun());
        assertEquals(3, m.player("p2").highRun(), "the inning in progress counts");
        miss(m, "p2", 4);
        assertEquals(0, m.player("p2").currentRun());
        assertEquals(3, m.player("p2").highRun());
    }

    @Test
    void rule_4_stats_highRunKeepsTheBestInning() {
        MatchScript m = p2AfterLegalBreak();
        run(m, "p2", 1, List.of(1, 2, 3, 4));
        miss(m, "p2", 5);
        miss(m, "p1", 5);
        run(m, "p2", 5, List.of(5));
        assertEquals(1, m.player("p2").currentRun());
        assertEquals(4, m.player("p2").highRun());
        noRailFoul(m, "p2", 6);
        assertEquals(0, m.player("p2").currentRun());
        assertEquals(4, m.player("p2").highRun());
        assertEquals(4, m.player("p2").score()); // 4 + 1 - 1
    }

    @Test
    void rule_4_stats_aRunGoesOnAcrossARerack() {
        MatchScript m = p2AfterLegalBreak();
        run(m, "p2", 1, ONE_TO_FOURTEEN);
        run(m, "p2", 3, List.of(3, 4));
        assertEquals(16, m.player("p2").currentRun());
        assertEquals(16, m.player("p2").highRun());
        assertEquals(1, m.player("p2").innings());
    }

    @Test
    void rule_4_stats_inningsCountTurnsBegun() {
        MatchScript m = ready("p1");
        assertEquals(0, m.player("p1").innings());
        legalBreak(m, "p1");
        assertEquals(1, m.player("p1").innings());
        assertEquals(0, m.player("p2").innings(), "counts when the first shot of his turn is applied");
        run(m, "p2", 1, List.of(1));
        run(m, "p2", 2, List.of(2));
        assertEquals(1, m.player("p2").innings());
        miss(m, "p2", 3);
        miss(m, "p1", 3);
        assertEquals(2, m.player("p1").innings());
        assertEquals(1, m.player("p2").innings());
    }
}
