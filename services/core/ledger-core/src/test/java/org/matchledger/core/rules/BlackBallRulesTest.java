package org.matchledger.core.rules;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.matchledger.core.json.Json;
import org.matchledger.core.ruling.Foul;
import org.matchledger.core.ruling.Ruling;
import org.matchledger.core.ruling.RulingKind;
import org.matchledger.core.support.MatchScript;
import org.matchledger.core.view.CueBall;
import org.matchledger.core.view.Group;
import org.matchledger.core.view.MatchView;
import org.matchledger.core.view.Status;

import java.util.List;
import java.util.stream.IntStream;

import static org.matchledger.core.support.ExpectedRuling.foul;
import static org.matchledger.core.support.ExpectedRuling.turn;
import static org.junit.jupiter.api.Assertions.*;

/**
 * Black Ball (WPA 5.x) as docs/rules.md "Black Ball (5.x)" and docs/events.md "Match options" state it. Every expected value
 * is read from docs/rules.md, docs/view.md and docs/events.md. Groups: 1–7 REDS, 9–15 YELLOWS, 8 the black.
 */
class BlackBallRulesTest {

    private static final List<Integer> FULL_RACK = IntStream.rangeClosed(1, 15).boxed().toList();

    // ---- given ----------------------------------------------------------------------------------------------------

    /** Race to 2, p1 won the lag and breaks rack 1 (in hand in baulk). */
    private static MatchScript ready() {
        return MatchScript.readyToBreak("BLACKBALL", 2, "p1");
    }

    private static MatchScript ready(String foulAward) {
        return MatchScript.open("BLACKBALL", 2, d -> d.putObject("options").put("foulAward", foulAward))
                .lagWonBy("p1").choose("p1", "BREAK");
    }

    /** p1 breaks from baulk, nothing pocketed, four balls across the centre: legal; p2 at the table, open. */
    private static MatchScript openTableP2At(MatchScript m) {
        return m.shot("p1", s -> s.placement("BEHIND_HEAD_STRING").firstContact(1).crossedCenter(4).rail());
    }

    /**
     * p1 breaks and pots the 9 (continues, open), then pots the 10 alone: p1 YELLOWS, p2 REDS.
     * p1 at the table from position; on the table 1–8 and 11–15.
     */
    private static MatchScript p1Yellows(MatchScript m) {
        m.shot("p1", s -> s.placement("BEHIND_HEAD_STRING").firstContact(1).pocket(9, "FOOT_LEFT").crossedCenter(3).rail());
        return m.shot("p1", s -> s.firstContact(10).pocket(10, "SIDE_LEFT").rail());
    }

    /** From {@link #p1Yellows}: p1 pots 11–15 in one stroke; his group is cleared, he is on the black. */
    private static MatchScript p1OnTheBlack(MatchScript m) {
        p1Yellows(m);
        return m.shot("p1", s -> s.firstContact(11).pocket(11).pocket(12).pocket(13).pocket(14).pocket(15).rail());
    }

    /** From {@link #p1Yellows}: p1 hits the 11, a ball reaches a rail, nothing drops: p2 (REDS) at the table. */
    private static MatchScript p2At(MatchScript m) {
        p1Yellows(m);
        return m.shot("p1", s -> s.firstContact(11).rail());
    }

    /** From {@link #p2At}: p2 hits the yellow 11 first (6.2): p1 has a free shot from position. */
    private static MatchScript p1OnFreeShot(MatchScript m) {
        p2At(m);
        return m.shot("p2", s -> s.firstContact(11).rail());
    }

    /** p1 breaks, pots 9, pots 10–15 (YELLOWS, cleared) and pots the black: p1 wins rack 1; p2 breaks rack 2. */
    private static MatchScript p1WonRack1(MatchScript m) {
        m.shot("p1", s -> s.placement("BEHIND_HEAD_STRING").firstContact(1).pocket(9).crossedCenter(3).rail());
        m.shot("p1", s -> s.firstContact(10).pocket(10).pocket(11).pocket(12).pocket(13).pocket(14).pocket(15).rail());
        return m.shot("p1", s -> s.firstContact(8).pocket(8, "HEAD_RIGHT").rail());
    }

    // ---- then -----------------------------------------------------------------------------------------------------

    private static void assertApplied(MatchScript m) {
        assertTrue(m.lastApplied(), () -> "rejected: " + m.allRulings().get(m.allRulings().size() - 1).reason());
    }

    private static void assertNoFoul(MatchScript m) {
        assertApplied(m);
        assertFalse(m.has(RulingKind.FOUL), () -> "no FOUL expected in " + m.kinds());
    }

    /** The table passed to {@code player}: a TURN ruling and the view agree. */
    private static void assertTurn(MatchScript m, String player, CueBall cueBall, boolean freeShot) {
        Ruling turn = m.ruling(RulingKind.TURN);
        assertEquals(player, turn.player());
        assertEquals(cueBall, turn.cueBall());
        assertEquals(freeShot, turn.freeShot());
        assertAt(m, player, cueBall, freeShot);
    }

    private static void assertAt(MatchScript m, String player, CueBall cueBall, boolean freeShot) {
        MatchView v = m.view();
        assertEquals(player, v.atTable());
        assertEquals(cueBall, v.cueBall());
        assertEquals(freeShot, v.freeShot());
    }

    /** A legal shot kept the shooter at the table, from position, without a free shot. */
    private static void assertContinues(MatchScript m, String player) {
        assertNoFoul(m);
        assertEquals(player, m.ruling(RulingKind.CONTINUE).player());
        assertFalse(m.has(RulingKind.TURN));
        assertAt(m, player, CueBall.IN_POSITION, false);
    }

    private static void assertRackWon(MatchScript m, String player, String rule) {
        assertApplied(m);
        Ruling won = m.ruling(RulingKind.RACK_WON);
        assertEquals(player, won.player());
        assertEquals(rule, won.rule());
    }

    /** Rack 2 is racked for {@code breaker} (alternate), groups reset. */
    private static void assertNewRack(MatchScript m, int rack, String breaker) {
        assertEquals(breaker, m.ruling(RulingKind.BREAK_ASSIGNED).player());
        MatchView v = m.view();
        assertEquals(rack, v.rack());
        assertEquals(breaker, v.breaker());
        assertEquals(breaker, v.atTable());
        assertTrue(v.nextShotIsBreak());
        assertEquals(CueBall.IN_HAND_KITCHEN, v.cueBall());
        assertFalse(v.freeShot());
        assertTrue(v.tableOpen());
        assertEquals(FULL_RACK, v.ballsOnTable());
        assertNull(m.player("p1").group());
        assertNull(m.player("p2").group());
    }

    // ---- 5.1 groups, uncalled shots --------------------------------------------------------------------------------

    @Test
    void rule_5_1_shotsAreNotCalled_aCallOnAnotherBallIsIgnored() {
        MatchScript m = openTableP2At(ready());
        // "Shots are not called": the 3 called in the foot-left pocket, the 5 drops in the side: still a legal pot.
        m.shot("p2", s -> s.call(3, "FOOT_LEFT").firstContact(5).pocket(5, "SIDE_RIGHT").rail());
        assertContinues(m, "p2");
        assertFalse(m.view().ballsOnTable().contains(5));
    }

    // ---- 5.5 break -------------------------------------------------------------------------------------------------

    @Test
    void rule_5_5_breakPocketingABall_isLegal_breakerContinuesFromPosition() {
        MatchScript m = ready();
        m.shot("p1", s -> s.placement("BEHIND_HEAD_STRING").firstContact(1).pocket(6, "FOOT_RIGHT").crossedCenter(0).rail());
        assertContinues(m, "p1");
        MatchView v = m.view();
        assertFalse(v.nextShotIsBreak());
        assertTrue(v.tableOpen());
        assertEquals(List.of(1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15), v.ballsOnTable());
    }

    @Test
    void rule_5_5_twoBallsAcrossTheCentreLine_isLegal_turnPassesWithoutFreeShot() {
        MatchScript m = ready();
        m.shot("p1", s -> s.placement("BEHIND_HEAD_STRING").firstContact(1).crossedCenter(2).rail());
        assertNoFoul(m);
        assertTurn(m, "p2", CueBall.IN_POSITION, false);
        assertFalse(m.view().nextShotIsBreak());
        assertEquals(FULL_RACK, m.view().ballsOnTable());
    }

    @Test
    void rule_5_5_oneBallAcrossTheCentreAndNothingPocketed_isIllegalBreak_opponentHasAFreeShot() {
        MatchScript m = ready();
        m.shot("p1", s -> s.placement("BEHIND_HEAD_STRING").firstContact(1).crossedCenter(1).rail());
        // 5.8: the opponent has a free shot
        m.expectRulings(foul("p1", Foul.ILLEGAL_BREAK, "5.5"), turn("p2", CueBall.IN_POSITION).withFreeShot(true));
        assertAt(m, "p2", CueBall.IN_POSITION, true);
        assertFalse(m.view().nextShotIsBreak());
        assertEquals(1, m.player("p1").consecutiveFouls());
    }

    @Test
    void rule_5_5_breakTestTakesThePlaceOf6_3() {
        // docs/view.md: "On a break shot the discipline's break test (... 5.5) takes the place of 6.3."
        MatchScript m = ready();
        m.shot("p1", s -> s.placement("BEHIND_HEAD_STRING").firstContact(1).crossedCenter(2));
        assertNoFoul(m);
        assertTurn(m, "p2", CueBall.IN_POSITION, false);
    }

    @ParameterizedTest
    @ValueSource(strings = {"ON_HEAD_STRING", "IN_FRONT_OF_HEAD_STRING"})
    void rule_5_5_breakIsFromBaulk_cueBallPlacedOutOfBaulkIs6_10(String placement) {
        MatchScript m = ready();
        m.shot("p1", s -> s.placement(placement).firstContact(1).pocket(3).crossedCenter(4).rail());
        // 5.8: the opponent has a free shot
        m.expectRulings(foul("p1", Foul.BAD_CUE_BALL_PLACEMENT, "6.10"), turn("p2", CueBall.IN_POSITION).withFreeShot(true));
        assertAt(m, "p2", CueBall.IN_POSITION, true);
    }

    @Test
    void rule_5_5_scratchOnTheBreak_is6_1_opponentHasAFreeShotInHandInBaulk() {
        MatchScript m = ready();
        m.shot("p1", s -> s.placement("BEHIND_HEAD_STRING").firstContact(1).pocket(3).crossedCenter(4).rail().scratch());
        // 5.8: the opponent has a free shot
        m.expectRulings(foul("p1", Foul.CUE_BALL_SCRATCH, "6.1"), turn("p2", CueBall.IN_HAND_KITCHEN).withFreeShot(true));
        assertAt(m, "p2", CueBall.IN_HAND_KITCHEN, true);
        // 5.8 spots only balls off the table: the 3 stays down.
        assertFalse(m.view().ballsOnTable().contains(3));
    }

    @Test
    void rule_5_5_blackPocketedOnTheBreak_reRack_sameBreakerBreaksAgain() {
        MatchScript m = ready();
        m.shot("p1", s -> s.placement("BEHIND_HEAD_STRING").firstContact(1).pocket(8, "SIDE_LEFT").pocket(3).crossedCenter(5).rail());
        assertNoFoul(m);
        assertFalse(m.has(RulingKind.RACK_WON));
        assertNewRack(m, 1, "p1");
        assertEquals(0, m.player("p1").score());
        assertEquals(0, m.player("p2").score());
    }

    @Test
    void rule_5_5_blackPocketedOnTheSecondRacksBreak_rackNumberAndBreakerStay() {
        MatchScript m = p1WonRack1(ready());
        assertEquals("p2", m.view().breaker()); // ALTERNATE
        m.shot("p2", s -> s.placement("BEHIND_HEAD_STRING").firstContact(1).pocket(8).crossedCenter(3).rail());
        assertFalse(m.has(RulingKind.RACK_WON));
        assertNewRack(m, 2, "p2");
        assertEquals(1, m.player("p1").score());
        assertEquals(0, m.player("p2").score());
    }

    // ---- 5.6 open table --------------------------------------------------------------------------------------------

    @Test
    void rule_5_6_tableStaysOpenAfterTheBreak_evenWhenOneGroupOnlyWasPocketed() {
        MatchScript m = ready();
        m.shot("p1", s -> s.placement("BEHIND_HEAD_STRING").firstContact(1).pocket(3).pocket(5).crossedCenter(4).rail());
        assertContinues(m, "p1");
        assertFalse(m.has(RulingKind.GROUP_ASSIGNED));
        assertTrue(m.view().tableOpen());
        assertNull(m.player("p1").group());
        assertNull(m.player("p2").group());
    }

    @Test
    void rule_5_6_legalShotPocketingRedsOnly_givesShooterRedsAndOpponentYellows() {
        MatchScript m = openTableP2At(ready());
        m.shot("p2", s -> s.firstContact(3).pocket(3).pocket(5).rail());
        assertContinues(m, "p2");
        List<Ruling> groups = m.rulings().stream().filter(r -> r.kind() == RulingKind.GROUP_ASSIGNED).toList();
        assertEquals(2, groups.size());
        assertEquals("p2", groups.get(0).player());
        assertEquals(Group.REDS, groups.get(0).group());
        assertEquals("p1", groups.get(1).player());
        assertEquals(Group.YELLOWS, groups.get(1).group());
        assertFalse(m.view().tableOpen());
        assertEquals(Group.REDS, m.player("p2").group());
        assertEquals(Group.YELLOWS, m.player("p1").group());
    }

    @Test
    void rule_5_6_pocketingBallsOfBothGroups_keepsTheTableOpen_shooterContinues() {
        MatchScript m = openTableP2At(ready());
        m.shot("p2", s -> s.firstContact(3).pocket(3).pocket(12).rail());
        assertContinues(m, "p2"); // 5.7: any ball on an open table
        assertFalse(m.has(RulingKind.GROUP_ASSIGNED));
        assertTrue(m.view().tableOpen());
        assertNull(m.player("p2").group());
    }

    @Test
    void rule_5_6_freeShotNeverDecidesTheTable_theNextLegalShotDoes() {
        MatchScript m = ready();
        m.shot("p1", s -> s.placement("BEHIND_HEAD_STRING").firstContact(1).crossedCenter(1).rail()); // illegal break
        m.shot("p2", s -> s.firstContact(12).pocket(12).rail()); // the free shot, yellows only
        assertContinues(m, "p2");
        assertFalse(m.has(RulingKind.GROUP_ASSIGNED));
        assertTrue(m.view().tableOpen());
        m.shot("p2", s -> s.firstContact(13).pocket(13).rail());
        assertContinues(m, "p2");
        assertEquals(Group.YELLOWS, m.player("p2").group());
        assertFalse(m.view().tableOpen());
    }

    @Test
    void rule_5_6_foulShotNeverDecidesTheTable() {
        MatchScript m = openTableP2At(ready());
        m.shot("p2", s -> s.firstContact(3).pocket(3).rail().scratch());
        m.expectFoul("p2", Foul.CUE_BALL_SCRATCH, "6.1");
        assertFalse(m.has(RulingKind.GROUP_ASSIGNED));
        assertTrue(m.view().tableOpen());
        assertNull(m.player("p2").group());
    }

    // ---- 5.7 continuing --------------------------------------------------------------------------------------------

    @Test
    void rule_5_7_ownBallLegallyPocketed_keepsTheShooterAtTheTable() {
        MatchScript m = p1Yellows(ready());
        m.shot("p1", s -> s.firstContact(11).pocket(11).rail());
        assertContinues(m, "p1");
        assertEquals(List.of(1, 2, 3, 4, 5, 6, 7, 8, 12, 13, 14, 15), m.view().ballsOnTable());
    }

    @Test
    void rule_5_7_ownAndOpponentBallPocketedTogether_isLegal_shooterContinues() {
        MatchScript m = p1Yellows(ready());
        m.shot("p1", s -> s.firstContact(11).pocket(11).pocket(3).rail());
        assertContinues(m, "p1");
        assertEquals(List.of(1, 2, 4, 5, 6, 7, 8, 12, 13, 14, 15), m.view().ballsOnTable());
    }

    @Test
    void rule_5_7_nothingPocketed_turnPassesFromPosition_noFreeShot() {
        MatchScript m = p1Yellows(ready());
        m.shot("p1", s -> s.firstContact(11).rail());
        assertNoFoul(m);
        assertTurn(m, "p2", CueBall.IN_POSITION, false);
    }

    // ---- 5.8 fouls and the free shot --------------------------------------------------------------------------------

    @Test
    void rule_5_8_6_1_scratch_opponentHasAFreeShotInHandInBaulk_pocketedBallStaysDown() {
        MatchScript m = p1Yellows(ready());
        m.shot("p1", s -> s.firstContact(11).pocket(11).rail().scratch());
        // 5.8: the opponent has a free shot
        m.expectRulings(foul("p1", Foul.CUE_BALL_SCRATCH, "6.1"), turn("p2", CueBall.IN_HAND_KITCHEN).withFreeShot(true));
        assertAt(m, "p2", CueBall.IN_HAND_KITCHEN, true);
        assertFalse(m.view().ballsOnTable().contains(11));
        assertFalse(m.has(RulingKind.BALLS_SPOTTED));
    }

    @Test
    void rule_5_8_6_1_cueBallOffTheTable_isAScratch() {
        MatchScript m = p1Yellows(ready());
        m.shot("p1", s -> s.firstContact(11).rail().cueBallOffTable());
        // 5.8: the opponent has a free shot
        m.expectRulings(foul("p1", Foul.CUE_BALL_SCRATCH, "6.1"), turn("p2", CueBall.IN_HAND_KITCHEN).withFreeShot(true));
        assertAt(m, "p2", CueBall.IN_HAND_KITCHEN, true);
    }

    @Test
    void rule_5_8_6_2_opponentsBallFirst_isAFoul_opponentHasAFreeShotFromPosition() {
        MatchScript m = p1Yellows(ready());
        m.shot("p1", s -> s.firstContact(3).pocket(11).rail());
        // 5.8: the opponent has a free shot
        m.expectRulings(foul("p1", Foul.WRONG_BALL_FIRST, "6.2"), turn("p2", CueBall.IN_POSITION).withFreeShot(true));
        assertAt(m, "p2", CueBall.IN_POSITION, true);
        assertEquals(1, m.player("p1").consecutiveFouls());
    }

    @Test
    void rule_5_8_6_2_blackFirstWhileOwnGroupRemains_isAFoul() {
        MatchScript m = p1Yellows(ready());
        m.shot("p1", s -> s.firstContact(8).rail());
        // 5.8: the opponent has a free shot
        m.expectRulings(foul("p1", Foul.WRONG_BALL_FIRST, "6.2"), turn("p2", CueBall.IN_POSITION).withFreeShot(true));
        assertAt(m, "p2", CueBall.IN_POSITION, true);
    }

    @Test
    void rule_5_8_6_2_blackFirstOnAnOpenTable_isAFoul() {
        MatchScript m = openTableP2At(ready());
        m.shot("p2", s -> s.firstContact(8).rail());
        // 5.8: the opponent has a free shot
        m.expectRulings(foul("p2", Foul.WRONG_BALL_FIRST, "6.2"), turn("p1", CueBall.IN_POSITION).withFreeShot(true));
        assertAt(m, "p1", CueBall.IN_POSITION, true);
    }

    @Test
    void rule_5_8_6_2_hittingNothing_isWrongBallFirst() {
        // docs/rules.md 6.x: "hitting nothing is also 6.2 where 6.2 applies, else 6.3"
        MatchScript m = p1Yellows(ready());
        m.shot("p1", s -> s.noContact());
        m.expectFoul("p1", Foul.WRONG_BALL_FIRST, "6.2");
    }

    @Test
    void rule_5_8_6_2_doesNotApplyOnAFreeShot_opponentsBallFirstIsLegal() {
        MatchScript m = p1OnFreeShot(ready());
        assertAt(m, "p1", CueBall.IN_POSITION, true);
        m.shot("p1", s -> s.firstContact(3).rail());
        assertNoFoul(m);
        assertTurn(m, "p2", CueBall.IN_POSITION, false);
    }

    @Test
    void rule_5_8_6_3_hittingNothingOnAFreeShot_isNoRailAfterContact() {
        // 6.2 is suspended on the free shot, so hitting nothing falls to 6.3.
        MatchScript m = p1OnFreeShot(ready());
        m.shot("p1", s -> s.noContact());
        // 5.8: the opponent has a free shot
        m.expectRulings(foul("p1", Foul.NO_RAIL_AFTER_CONTACT, "6.3"), turn("p2", CueBall.IN_POSITION).withFreeShot(true));
        assertAt(m, "p2", CueBall.IN_POSITION, true);
    }

    @Test
    void rule_5_8_6_3_nothingPocketedAndNoRailAfterContact_isAFoul() {
        MatchScript m = p1Yellows(ready());
        m.shot("p1", s -> s.firstContact(11));
        // 5.8: the opponent has a free shot
        m.expectRulings(foul("p1", Foul.NO_RAIL_AFTER_CONTACT, "6.3"), turn("p2", CueBall.IN_POSITION).withFreeShot(true));
        assertAt(m, "p2", CueBall.IN_POSITION, true);
    }

    @ParameterizedTest
    @CsvSource({"FOOT_NOT_ON_FLOOR,FOOT_NOT_ON_FLOOR,6.4", "TOUCHED_BALL,TOUCHED_BALL,6.6", "DOUBLE_HIT,DOUBLE_HIT,6.7",
            "PUSH_SHOT,PUSH_SHOT,6.8", "BALLS_MOVING,BALLS_MOVING,6.9", "CUE_ON_TABLE,CUE_ON_TABLE,6.12",
            "PLAYED_BEFORE_RACK_COMPLETE,PLAYED_BEFORE_RACK_COMPLETE,5.8"})
    void rule_5_8_refereeReportedFouls_6_4_6_6to6_9_6_12_andPlayedBeforeRackComplete(String reported, Foul foul, String rule) {
        MatchScript m = p1Yellows(ready());
        m.shot("p1", s -> s.firstContact(11).pocket(11).rail().refereeFoul(reported));
        // 5.8: the opponent has a free shot
        m.expectRulings(foul("p1", foul, rule), turn("p2", CueBall.IN_POSITION).withFreeShot(true));
        assertAt(m, "p2", CueBall.IN_POSITION, true);
    }

    @Test
    void rule_5_8_6_5_objectBallOffTheTable_isAFoul_andIsSpotted() {
        MatchScript m = p1Yellows(ready());
        m.shot("p1", s -> s.firstContact(11).pocket(11).offTable(3).rail());
        m.expectFoul("p1", Foul.BALL_OFF_TABLE, "6.5");
        assertEquals(List.of(3), m.ruling(RulingKind.BALLS_SPOTTED).balls());
        assertEquals(List.of(1, 2, 3, 4, 5, 6, 7, 8, 12, 13, 14, 15), m.view().ballsOnTable());
        assertTurn(m, "p2", CueBall.IN_POSITION, true);
    }

    @Test
    void rule_5_8_6_5_blackOffTheTable_isSpotted_theFrameGoesOn() {
        MatchScript m = p1Yellows(ready());
        m.shot("p1", s -> s.firstContact(11).offTable(8).rail());
        m.expectFoul("p1", Foul.BALL_OFF_TABLE, "6.5");
        assertEquals(List.of(8), m.ruling(RulingKind.BALLS_SPOTTED).balls());
        assertTrue(m.view().ballsOnTable().contains(8));
        assertFalse(m.has(RulingKind.RACK_WON));
        assertTurn(m, "p2", CueBall.IN_POSITION, true);
    }

    @Test
    void rule_5_8_freeShot_mayTakeTheCueBallInHandInBaulk() {
        MatchScript m = p1OnFreeShot(ready());
        m.shot("p1", s -> s.placement("BEHIND_HEAD_STRING").firstContact(11).pocket(11).rail());
        assertContinues(m, "p1");
    }

    @ParameterizedTest
    @ValueSource(strings = {"ON_HEAD_STRING", "IN_FRONT_OF_HEAD_STRING"})
    void rule_5_8_6_10_freeShotCueBallPlacedOutOfBaulk_isAFoul(String placement) {
        MatchScript m = p1OnFreeShot(ready());
        m.shot("p1", s -> s.placement(placement).firstContact(11).pocket(11).rail());
        // 5.8: the opponent has a free shot
        m.expectRulings(foul("p1", Foul.BAD_CUE_BALL_PLACEMENT, "6.10"), turn("p2", CueBall.IN_POSITION).withFreeShot(true));
        assertAt(m, "p2", CueBall.IN_POSITION, true);
    }

    @Test
    void rule_5_8_6_11_doesNotApply_firstContactInBaulkIsLegal() {
        MatchScript m = p1Yellows(ready());
        m.shot("p1", s -> s.firstContact(11).rail().scratch()); // p2: free shot, in hand in baulk
        m.shot("p2", s -> s.placement("BEHIND_HEAD_STRING").firstContact(2).pocket(2).rail().kitchenContact(true, false));
        assertContinues(m, "p2");
    }

    @Test
    void rule_5_8_6_13_shotOutOfTurn_isAFoulOnTheShooter_theOtherPlayerHasTheFreeShot() {
        MatchScript m = p1Yellows(ready());
        m.shot("p2", s -> s.firstContact(1).rail());
        m.expectFoul("p2", Foul.OUT_OF_TURN, "6.13");
        assertAt(m, "p1", CueBall.IN_POSITION, true);
    }

    @Test
    void rule_5_8_6_15_slowPlay_isAFoul_opponentHasAFreeShot() {
        MatchScript m = p1Yellows(ready());
        m.ruling("SLOW_PLAY", "p1", null);
        // 5.8: the opponent has a free shot
        m.expectRulings(foul("p1", Foul.SLOW_PLAY, "6.15"), turn("p2", CueBall.IN_POSITION).withFreeShot(true));
        assertAt(m, "p2", CueBall.IN_POSITION, true);
    }

    @Test
    void rule_5_8_opponentsBallPocketedWithoutAnOwnBall_isAFoul() {
        MatchScript m = p1Yellows(ready());
        m.shot("p1", s -> s.firstContact(11).pocket(3).rail());
        m.expectFoul("p1", Foul.OPPONENT_BALL_ONLY, "5.8");
        assertFalse(m.view().ballsOnTable().contains(3));
        assertTurn(m, "p2", CueBall.IN_POSITION, true);
    }

    @Test
    void rule_5_8_jumpShot_isAFoul() {
        MatchScript m = p1Yellows(ready());
        m.shot("p1", s -> s.firstContact(11).pocket(11).rail().jumped());
        // 5.8: the opponent has a free shot
        m.expectRulings(foul("p1", Foul.JUMP_SHOT, "5.8"), turn("p2", CueBall.IN_POSITION).withFreeShot(true));
        assertAt(m, "p2", CueBall.IN_POSITION, true);
    }

    @Test
    void rule_5_8_oneShotOneFoul_citesTheFirstInViewMdOrder() {
        MatchScript m = p1Yellows(ready());
        // 6.2 (the red 3 first), OPPONENT_BALL_ONLY (only the 3 dropped) and a jump: one foul, 6.2.
        m.shot("p1", s -> s.firstContact(3).pocket(3).rail().jumped());
        m.expectFoul("p1", Foul.WRONG_BALL_FIRST, "6.2");
        assertEquals(1, m.player("p1").consecutiveFouls());
    }

    @Test
    void rule_5_8_theFreeShotIsOneShotOnly_6_2AppliesAgainAfterIt() {
        MatchScript m = p1OnFreeShot(ready());
        m.shot("p1", s -> s.firstContact(11).pocket(11).rail());
        assertContinues(m, "p1");
        m.shot("p1", s -> s.firstContact(3).rail());
        m.expectFoul("p1", Foul.WRONG_BALL_FIRST, "6.2");
    }

    @Test
    void rule_5_8_noThreeFoulRule() {
        MatchScript m = p1Yellows(ready());
        for (int i = 1; i <= 3; i++) {
            m.shot("p1", s -> s.firstContact(11)); // 6.3
            m.expectFoul("p1", Foul.NO_RAIL_AFTER_CONTACT, "6.3");
            assertFalse(m.has(RulingKind.SERIOUS_FOUL));
            assertFalse(m.has(RulingKind.RACK_WON));
            assertEquals(i, m.player("p1").consecutiveFouls());
            assertFalse(m.player("p1").onTwoFouls());
            if (i < 3) {
                m.shot("p2", s -> s.firstContact(1).rail()); // p2's free shot, a legal miss
                assertNoFoul(m);
                assertFalse(m.has(RulingKind.TWO_FOUL_WARNING));
                assertEquals("p1", m.view().atTable());
            }
        }
        assertEquals(0, m.player("p2").score());
        assertEquals(1, m.view().rack());
    }

    // ---- 5.9 loss of frame, and the win ----------------------------------------------------------------------------

    @Test
    void rule_5_9_blackPocketedOnAFoul_losesTheFrame() {
        MatchScript m = p1OnTheBlack(ready());
        m.shot("p1", s -> s.firstContact(8).pocket(8).rail().scratch());
        m.expectFoul("p1", Foul.CUE_BALL_SCRATCH, "6.1");
        assertRackWon(m, "p2", "5.9");
        assertEquals(1, m.player("p2").score());
        assertEquals(0, m.player("p1").score());
        assertNewRack(m, 2, "p2"); // alternate: p1 broke rack 1
    }

    @Test
    void rule_5_9_blackPocketedWhileOwnGroupBallsRemain_losesTheFrame() {
        MatchScript m = p1Yellows(ready());
        m.shot("p1", s -> s.firstContact(11).pocket(8).rail());
        assertNoFoul(m);
        assertRackWon(m, "p2", "5.9");
        assertEquals(1, m.player("p2").score());
        assertNewRack(m, 2, "p2");
    }

    @Test
    void rule_5_9_blackOnTheSameStrokeAsTheLastOwnBall_losesTheFrame() {
        MatchScript m = p1Yellows(ready());
        m.shot("p1", s -> s.firstContact(11).pocket(11).pocket(12).pocket(13).pocket(14).rail());
        m.shot("p1", s -> s.firstContact(15).pocket(15).pocket(8).rail());
        assertNoFoul(m);
        assertRackWon(m, "p2", "5.9");
        assertEquals(0, m.player("p1").score());
    }

    @Test
    void rule_5_9_blackPocketedOnAnOpenTable_losesTheFrame() {
        MatchScript m = openTableP2At(ready());
        m.shot("p2", s -> s.firstContact(3).pocket(3).pocket(8).rail());
        assertNoFoul(m);
        assertRackWon(m, "p1", "5.9");
        assertEquals(1, m.player("p1").score());
    }

    @Test
    void rule_5_9_lossOfRackRuling_deliberate6_2OrNoAttempt_losesTheFrame() {
        MatchScript m = p1Yellows(ready());
        m.ruling("UNSPORTSMANLIKE", "p1", "LOSS_OF_RACK");
        assertRackWon(m, "p2", "5.9");
        assertEquals(1, m.player("p2").score());
        assertNewRack(m, 2, "p2");
    }

    @Test
    void rule_6_16_seriousFoulRuling_isLossOfFrameInBlackBall() {
        MatchScript m = p1Yellows(ready());
        m.ruling("UNSPORTSMANLIKE", "p1", "SERIOUS_FOUL");
        assertApplied(m);
        Ruling serious = m.ruling(RulingKind.SERIOUS_FOUL);
        assertEquals("p1", serious.player());
        assertEquals("6.16", serious.rule());
        assertRackWon(m, "p2", "6.16");
        assertEquals(1, m.player("p2").score());
    }

    @Test
    void rule_5_7_blackLegallyPocketedAfterClearingTheGroup_winsTheFrame() {
        MatchScript m = p1OnTheBlack(ready());
        assertContinues(m, "p1");
        m.shot("p1", s -> s.firstContact(8).pocket(8, "FOOT_RIGHT").rail());
        assertNoFoul(m);
        assertRackWon(m, "p1", "5.7");
        assertEquals(1, m.player("p1").score());
        assertEquals(0, m.player("p2").score());
        assertEquals(Status.IN_PROGRESS, m.view().status());
        assertNewRack(m, 2, "p2");
    }

    @Test
    void rule_5_7_blackPocketedOnAFreeShotAfterClearingTheGroup_winsTheFrame() {
        MatchScript m = p1OnTheBlack(ready());
        m.shot("p1", s -> s.firstContact(8).rail());            // misses the black
        m.shot("p2", s -> s.firstContact(8).rail());            // reds remain: 6.2
        m.expectFoul("p2", Foul.WRONG_BALL_FIRST, "6.2");
        m.shot("p1", s -> s.firstContact(8).pocket(8).rail());  // the free shot
        assertNoFoul(m);
        assertRackWon(m, "p1", "5.7");
        assertEquals(1, m.player("p1").score());
    }

    @Test
    void rule_5_7_winningTheLastFrameOfTheRace_winsTheMatch() {
        MatchScript m = MatchScript.readyToBreak("BLACKBALL", 1, "p1");
        p1WonRack1(m);
        assertRackWon(m, "p1", "5.7");
        assertEquals("RACE", m.ruling(RulingKind.MATCH_WON).detail());
        assertEquals("p1", m.ruling(RulingKind.MATCH_WON).player());
        MatchView v = m.view();
        assertEquals(Status.FINISHED, v.status());
        assertEquals("p1", v.winner());
        assertNull(v.atTable());
        assertEquals(1, v.rack()); // docs/view.md: the rack advances unless that ends the match
    }

    // ---- SNOOKERED, stalemate --------------------------------------------------------------------------------------

    @Test
    void rule_5_snookered_isRecordedAndChangesNothingElse() {
        MatchScript m = p2At(ready());
        JsonNode before = Json.MAPPER.valueToTree(m.view());
        m.ruling("SNOOKERED", "p2", null);
        assertApplied(m);
        assertEquals(List.of(RulingKind.SNOOKER_DECLARED), m.kinds());
        assertEquals("p2", m.ruling(RulingKind.SNOOKER_DECLARED).player());
        ObjectNode after = Json.MAPPER.valueToTree(m.view());
        assertEquals(before.get("lastSeq").asLong() + 1, after.get("lastSeq").asLong());
        after.set("lastSeq", before.get("lastSeq"));
        assertEquals(before, after);
    }

    @Test
    void rule_5_snookered_isRejectedInOtherDisciplines() {
        MatchScript m = MatchScript.readyToBreak("NINE_BALL", 3, "p1");
        m.shot("p1", s -> s.placement("BEHIND_HEAD_STRING").firstContact(1).rails(4));
        long lastSeq = m.view().lastSeq();
        m.ruling("SNOOKERED", "p2", null);
        assertFalse(m.lastApplied());
        m.expectRejected("data.ruling");
        assertEquals(lastSeq, m.view().lastSeq());
    }

    @Test
    void rule_1_12_stalemate_theOriginalBreakerOfTheRackBreaksAgain() {
        MatchScript m = p1WonRack1(ready());
        m.shot("p2", s -> s.placement("BEHIND_HEAD_STRING").firstContact(1).crossedCenter(3).rail()); // p2 breaks rack 2
        m.shot("p1", s -> s.firstContact(2).pocket(2).rail());  // p1 REDS
        assertEquals("p1", m.view().atTable());
        m.ruling("NO_PROGRESS", null, null);
        m.ruling("STALEMATE", null, null);
        assertApplied(m);
        assertTrue(m.has(RulingKind.STALEMATE));
        assertFalse(m.has(RulingKind.RACK_WON));
        assertNewRack(m, 2, "p2");
        assertNull(m.view().stalemate());
        assertEquals(1, m.player("p1").score());
        assertEquals(0, m.player("p2").score());
    }

    // ---- docs/events.md "Match options": foulAward ------------------------------------------------------------------

    @ParameterizedTest
    @ValueSource(strings = {"", "FREE_SHOT"})
    void rule_5_8_foulAward_defaultAndFreeShot_oneFreeShot_viewHasNoVisitsLeft(String foulAward) {
        MatchScript m = p2At(foulAward.isEmpty() ? ready() : ready(foulAward));
        assertNull(m.view().visitsLeft());
        m.shot("p2", s -> s.firstContact(1)); // 6.3
        assertTurn(m, "p1", CueBall.IN_POSITION, true);
        assertNull(m.view().visitsLeft());
        m.shot("p1", s -> s.firstContact(11).rail()); // the free shot misses: it was one shot only
        assertTurn(m, "p2", CueBall.IN_POSITION, false);
        assertNull(m.view().visitsLeft());
    }

    @Test
    void rule_5_8_foulAward_twoVisits_foulGivesTwoVisits_theFirstShotIsFree() {
        MatchScript m = p2At(ready("TWO_VISITS"));
        assertEquals(0, m.view().visitsLeft());
        m.shot("p2", s -> s.firstContact(1)); // 6.3
        // 5.8: the opponent has a free shot
        m.expectRulings(foul("p2", Foul.NO_RAIL_AFTER_CONTACT, "6.3"), turn("p1", CueBall.IN_POSITION).withFreeShot(true));
        assertAt(m, "p1", CueBall.IN_POSITION, true);
        assertEquals(2, m.view().visitsLeft());
        m.shot("p1", s -> s.firstContact(3).pocket(11).rail()); // free shot: 6.2 suspended, own ball down
        assertContinues(m, "p1");
        assertEquals(2, m.view().visitsLeft());
    }

    @Test
    void rule_5_8_foulAward_twoVisits_firstVisitEndsWithoutFoul_secondVisitFromPositionNoFreeShot() {
        MatchScript m = p2At(ready("TWO_VISITS"));
        m.shot("p2", s -> s.firstContact(1));
        m.shot("p1", s -> s.firstContact(11).rail()); // first visit ends, no foul
        assertNoFoul(m);
        assertAt(m, "p1", CueBall.IN_POSITION, false);
        assertEquals(1, m.view().visitsLeft());
        m.shot("p1", s -> s.firstContact(11).rail()); // second visit ends: the table passes
        assertNoFoul(m);
        assertTurn(m, "p2", CueBall.IN_POSITION, false);
        assertEquals(0, m.view().visitsLeft());
    }

    @Test
    void rule_5_8_foulAward_twoVisits_aFoulEndsBothVisits() {
        MatchScript m = p2At(ready("TWO_VISITS"));
        m.shot("p2", s -> s.firstContact(1));
        m.shot("p1", s -> s.firstContact(11)); // 6.3 in his first visit
        // 5.8: the opponent has a free shot
        m.expectRulings(foul("p1", Foul.NO_RAIL_AFTER_CONTACT, "6.3"), turn("p2", CueBall.IN_POSITION).withFreeShot(true));
        assertAt(m, "p2", CueBall.IN_POSITION, true);
        assertEquals(2, m.view().visitsLeft());
    }

    @Test
    void matchOptions_unknownKeyIsRejected_namingTheField() {
        MatchScript m = MatchScript.open("BLACKBALL", 2, d -> d.putObject("options").put("foo", "FREE_SHOT"));
        assertFalse(m.lastApplied());
        m.expectRejected("data.options.foo");
        assertFalse(m.match().isOpened());
    }

    @Test
    void matchOptions_unknownFoulAwardValueIsRejected_namingTheField() {
        MatchScript m = MatchScript.open("BLACKBALL", 2, d -> d.putObject("options").put("foulAward", "THREE_VISITS"));
        assertFalse(m.lastApplied());
        m.expectRejected("data.options.foulAward");
    }

    @Test
    void matchOptions_foulAwardOnAnotherDisciplineIsRejected() {
        MatchScript m = MatchScript.open("EIGHT_BALL", 2, d -> d.putObject("options").put("foulAward", "TWO_VISITS"));
        assertFalse(m.lastApplied());
        m.expectRejected("data.options.foulAward");
    }
}
