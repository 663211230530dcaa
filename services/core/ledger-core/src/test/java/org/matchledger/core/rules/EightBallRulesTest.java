package org.matchledger.core.rules;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.matchledger.core.event.OptionName;
import org.matchledger.core.ruling.Foul;
import org.matchledger.core.ruling.Ruling;
import org.matchledger.core.ruling.RulingKind;
import org.matchledger.core.support.MatchScript;
import org.matchledger.core.view.CueBall;
import org.matchledger.core.view.Group;
import org.matchledger.core.view.MatchView;
import org.matchledger.core.view.Status;

import java.util.ArrayList;
import java.util.List;

import static org.matchledger.core.support.ExpectedRuling.foul;
import static org.matchledger.core.support.ExpectedRuling.turn;
import static org.junit.jupiter.api.Assertions.*;

/**
 * 8-ball, WPA 3.x as read by docs/rules.md: one given/when/then test per rule decision. Every expected value is taken
 * from docs/rules.md, docs/view.md and docs/events.md.
 */
class EightBallRulesTest {
    private static final String EIGHT_BALL = "EIGHT_BALL";
    private static final String P1 = "p1";
    private static final String P2 = "p2";
    private static final String KITCHEN = "BEHIND_HEAD_STRING";
    private static final String FOOT_LEFT = "FOOT_LEFT";
    private static final String FOOT_RIGHT = "FOOT_RIGHT";
    private static final String SIDE_LEFT = "SIDE_LEFT";
    private static final String SIDE_RIGHT = "SIDE_RIGHT";
    private static final String HEAD_LEFT = "HEAD_LEFT";

    // ---- given: positions ------------------------------------------------------------------------------------------

    /** p1 won the lag and chose to break rack 1. */
    private static MatchScript p1ToBreak(int raceTo) {
        return MatchScript.readyToBreak(EIGHT_BALL, raceTo, P1);
    }

    /** p1 broke legally (nothing pocketed, 5 balls to a rail): p2 at an open table, all 15 balls, cue ball in position. */
    private static MatchScript p2AtOpenTable() {
        MatchScript m = p1ToBreak(3);
        m.shot(P1, s -> s.placement(KITCHEN).firstContact(1).rails(5));
        assertEquals(P2, m.view().atTable(), "given: p2 at the table after p1's break");
        assertTrue(m.view().tableOpen(), "given: open table");
        return m;
    }

    /**
     * Rack 1: p1 breaks and pockets the 1 (table stays open), then calls and pockets the 2 (SOLIDS for p1, STRIPES
     * for p2), then calls and pockets each ball of {@code more} in the left side pocket. p1 stays at the table.
     */
    private static MatchScript p1OnSolids(int raceTo, int... more) {
        MatchScript m = p1ToBreak(raceTo);
        m.shot(P1, s -> s.placement(KITCHEN).firstContact(1).pocket(1, FOOT_LEFT).rails(6));
        m.shot(P1, s -> s.call(2, FOOT_RIGHT).firstContact(2).pocket(2, FOOT_RIGHT).rail());
        for (int b : more) {
            m.shot(P1, s -> s.call(b, SIDE_LEFT).firstContact(b).pocket(b, SIDE_LEFT).rail());
        }
        assertTrue(m.lastApplied(), "given: every shot applied");
        assertEquals(P1, m.view().atTable(), "given: p1 still at the table");
        assertEquals(Group.SOLIDS, m.player(P1).group(), "given: p1 on solids");
        assertEquals(Group.STRIPES, m.player(P2).group(), "given: p2 on stripes");
        return m;
    }

    /** p1 on solids has pocketed all seven (1–7); balls 8–15 remain, p1 at the table in position. */
    private static MatchScript p1ClearedSolids(int raceTo) {
        MatchScript m = p1OnSolids(raceTo, 3, 4, 5, 6, 7);
        assertEquals(List.of(8, 9, 10, 11, 12, 13, 14, 15), m.view().ballsOnTable(), "given: solids cleared");
        return m;
    }

    // ---- helpers ---------------------------------------------------------------------------------------------------

    private static List<Integer> fullRack() {
        return allBut();
    }

    /** Balls 1–15 without the given ones. */
    private static List<Integer> allBut(int... gone) {
        List<Integer> out = new ArrayList<>();
        outer:
        for (int b = 1; b <= 15; b++) {
            for (int g : gone) {
                if (g == b) {
                    continue outer;
                }
            }
            out.add(b);
        }
        return out;
    }

    /** The table changed hands: a TURN ruling for {@code incoming} and the view agrees. */
    private static void assertTurn(MatchScript m, String incoming, CueBall cueBall) {
        Ruling turn = m.ruling(RulingKind.TURN);
        assertEquals(incoming, turn.player(), "TURN player");
        assertEquals(cueBall, turn.cueBall(), "TURN cueBall");
        assertEquals(incoming, m.view().atTable(), "atTable");
        assertEquals(cueBall, m.view().cueBall(), "cueBall");
        assertNull(m.view().pendingOption(), "no option pending");
    }

    private static void assertOffered(MatchScript m, String holder, OptionName... options) {
        Ruling offered = m.ruling(RulingKind.OPTION_OFFERED);
        assertEquals(holder, offered.player(), "OPTION_OFFERED player");
        assertEquals(List.of(options), offered.options(), "OPTION_OFFERED options");
        assertNotNull(m.view().pendingOption(), "pendingOption");
        assertEquals(holder, m.view().pendingOption().player(), "pendingOption.player");
        assertEquals(List.of(options), m.view().pendingOption().options(), "pendingOption.options");
        assertEquals(holder, m.view().atTable(), "docs/view.md: atTable is the option holder");
    }

    /** {@code breaker} is to break a freshly racked table. */
    private static void assertToBreak(MatchScript m, String breaker, int rack) {
        MatchView v = m.view();
        assertEquals(breaker, m.ruling(RulingKind.BREAK_ASSIGNED).player(), "BREAK_ASSIGNED");
        assertEquals(breaker, v.breaker(), "breaker");
        assertEquals(breaker, v.atTable(), "atTable");
        assertTrue(v.nextShotIsBreak(), "nextShotIsBreak");
        assertEquals(CueBall.IN_HAND_KITCHEN, v.cueBall(), "cue ball in hand behind the head string");
        assertEquals(fullRack(), v.ballsOnTable(), "all 15 balls racked");
        assertTrue(v.tableOpen(), "tableOpen");
        assertNull(m.player(P1).group(), "p1 group");
        assertNull(m.player(P2).group(), "p2 group");
        assertEquals(rack, v.rack(), "rack");
        assertNull(v.pendingOption(), "pendingOption");
        assertEquals(Status.IN_PROGRESS, v.status());
    }

    private static void assertRackWon(MatchScript m, String winner, String rule) {
        assertTrue(m.lastApplied(), "event applied");
        Ruling r = m.ruling(RulingKind.RACK_WON);
        assertEquals(winner, r.player(), "RACK_WON player");
        assertEquals(rule, r.rule(), "RACK_WON rule");
    }

    private static void assertNo(MatchScript m, RulingKind kind) {
        assertFalse(m.has(kind), "unexpected " + kind + " in " + m.kinds());
    }

    // ==== 3.3 the break ==============================================================================================

    @Test
    void rule_3_3_breakIsTakenWithCueBallInHandBehindTheHeadString() {
        MatchScript m = p1ToBreak(3);

        MatchView v = m.view();
        assertEquals(P1, v.breaker());
        assertEquals(P1, v.atTable());
        assertTrue(v.nextShotIsBreak());
        assertEquals(CueBall.IN_HAND_KITCHEN, v.cueBall());
        assertTrue(v.tableOpen());
        assertEquals(fullRack(), v.ballsOnTable());
        assertEquals(1, v.rack());
    }

    @Test
    void rule_3_3_breakPlacedOnTheHeadString_isFoul6_10_inHandAnywhere() {
        MatchScript m = p1ToBreak(3);

        m.shot(P1, s -> s.placement("ON_HEAD_STRING").firstContact(1).pocket(3, FOOT_LEFT).rails(5));

        // 3.9: a foul passes the table, the cue ball in hand anywhere
        m.expectRulings(foul(P1, Foul.BAD_CUE_BALL_PLACEMENT, "6.10"), turn(P2, CueBall.IN_HAND));
        assertTurn(m, P2, CueBall.IN_HAND);
    }

    @Test
    void rule_3_3_breakNeedsNoCall_andAnyFirstContactIsLegal() {
        MatchScript m = p1ToBreak(3);

        // no call, and the first ball hit is the 8: on the break "no call, any first contact"
        m.shot(P1, s -> s.placement(KITCHEN).firstContact(8).pocket(12, FOOT_RIGHT).rails(5));

        assertTrue(m.lastApplied());
        assertNo(m, RulingKind.FOUL);
        assertEquals(P1, m.ruling(RulingKind.CONTINUE).player());
        assertEquals(P1, m.view().atTable());
        assertEquals(CueBall.IN_POSITION, m.view().cueBall());
        assertFalse(m.view().nextShotIsBreak());
    }

    @Test
    void rule_3_3_ballPocketedOnTheBreak_breakerContinues_tableStaysOpenEvenIfOnlySolidsDropped() {
        MatchScript m = p1ToBreak(3);

        m.shot(P1, s -> s.placement(KITCHEN).firstContact(1).pocket(1, FOOT_LEFT).pocket(3, SIDE_RIGHT).rails(6));

        assertNo(m, RulingKind.FOUL);
        assertNo(m, RulingKind.GROUP_ASSIGNED);
        assertEquals(P1, m.ruling(RulingKind.CONTINUE).player());
        MatchView v = m.view();
        assertEquals(P1, v.atTable());
        assertEquals(CueBall.IN_POSITION, v.cueBall());
        assertTrue(v.tableOpen(), "the break never decides groups");
        assertNull(m.player(P1).group());
        assertNull(m.player(P2).group());
        assertEquals(allBut(1, 3), v.ballsOnTable());
        assertFalse(v.nextShotIsBreak());
    }

    @Test
    void rule_3_3_nothingPocketedButFourBallsToARail_legalBreak_turnPassesInPosition() {
        MatchScript m = p1ToBreak(3);

        m.shot(P1, s -> s.placement(KITCHEN).firstContact(1).rails(4));

        assertNo(m, RulingKind.FOUL);
        assertNo(m, RulingKind.ILLEGAL_BREAK);
        assertNo(m, RulingKind.OPTION_OFFERED);
        assertTurn(m, P2, CueBall.IN_POSITION);
        assertFalse(m.view().nextShotIsBreak());
        assertTrue(m.view().tableOpen());
        assertEquals(fullRack(), m.view().ballsOnTable());
    }

    // ---- 3.3 d: illegal break ----------------------------------------------------------------------------------------

    /** p1 breaks, nothing pocketed, three balls to a rail. */
    private static MatchScript illegalBreakByP1() {
        MatchScript m = p1ToBreak(3);
        m.shot(P1, s -> s.placement(KITCHEN).firstContact(1).rails(3));
        return m;
    }

    @Test
    void rule_3_3d_nothingPocketedAndFewerThanFourRails_illegalBreak_incomingPlayerChooses() {
        MatchScript m = illegalBreakByP1();

        assertTrue(m.lastApplied());
        Ruling illegal = m.ruling(RulingKind.ILLEGAL_BREAK);
        assertEquals(P1, illegal.player());
        assertEquals("3.3", illegal.rule());
        assertOffered(m, P2, OptionName.ACCEPT_TABLE, OptionName.REBREAK, OptionName.OPPONENT_REBREAKS);
    }

    @Test
    void rule_3_3d_whileTheOptionIsPending_noShotIsAccepted() {
        MatchScript m = illegalBreakByP1();
        long lastSeq = m.view().lastSeq();

        // docs/view.md pendingOption: "no shot is accepted meanwhile"
        m.shot(P2, s -> s.call(3, FOOT_LEFT).firstContact(3).pocket(3, FOOT_LEFT).rail());

        m.expectRejected("type"); // docs/events.md: "type: p2 has an option pending [...]"
        assertEquals(lastSeq, m.view().lastSeq());
        assertEquals(P2, m.view().pendingOption().player());
    }

    @Test
    void rule_3_3d_acceptTable_incomingPlayerShootsFromPosition() {
        MatchScript m = illegalBreakByP1();

        m.choose(P2, "ACCEPT_TABLE");

        assertTrue(m.lastApplied());
        assertEquals(OptionName.ACCEPT_TABLE, m.ruling(RulingKind.OPTION_TAKEN).option());
        assertTurn(m, P2, CueBall.IN_POSITION);
        MatchView v = m.view();
        assertFalse(v.nextShotIsBreak());
        assertEquals(P1, v.breaker());
        assertTrue(v.tableOpen());
        assertEquals(fullRack(), v.ballsOnTable());
        assertEquals(1, v.rack());
    }

    @Test
    void rule_3_3d_rebreak_ballsReracked_incomingPlayerBreaks_sameRack() {
        MatchScript m = illegalBreakByP1();

        m.choose(P2, "REBREAK");

        assertTrue(m.lastApplied());
        assertEquals(OptionName.REBREAK, m.ruling(RulingKind.OPTION_TAKEN).option());
        assertToBreak(m, P2, 1);
        assertEquals(0, m.player(P1).score());
        assertEquals(0, m.player(P2).score());
    }

    @Test
    void rule_3_3d_opponentRebreaks_theOffenderBreaksAgain() {
        MatchScript m = illegalBreakByP1();

        m.choose(P2, "OPPONENT_REBREAKS");

        assertTrue(m.lastApplied());
        assertEquals(OptionName.OPPONENT_REBREAKS, m.ruling(RulingKind.OPTION_TAKEN).option());
        assertToBreak(m, P1, 1);
    }

    // ---- 3.3 e: the 8 on a legal break -------------------------------------------------------------------------------

    /** p1 breaks legally and pockets the 8 and the 5, no scratch. */
    private static MatchScript eightOnLegalBreakByP1() {
        MatchScript m = p1ToBreak(3);
        m.shot(P1, s -> s.placement(KITCHEN).firstContact(1).pocket(8, FOOT_LEFT).pocket(5, SIDE_LEFT).rails(6));
        return m;
    }

    @Test
    void rule_3_3e_eightPocketedOnLegalBreak_breakerChoosesSpotEightOrRebreak() {
        MatchScript m = eightOnLegalBreakByP1();

        assertTrue(m.lastApplied());
        assertNo(m, RulingKind.FOUL);
        assertNo(m, RulingKind.RACK_WON);
        assertOffered(m, P1, OptionName.SPOT_EIGHT, OptionName.REBREAK);
    }

    @Test
    void rule_3_3e_spotEight_eightBackOnTheTable_breakerContinues() {
        MatchScript m = eightOnLegalBreakByP1();

        m.choose(P1, "SPOT_EIGHT");

        assertTrue(m.lastApplied());
        assertEquals(List.of(8), m.ruling(RulingKind.BALLS_SPOTTED).balls());
        MatchView v = m.view();
        assertEquals(P1, v.atTable());
        assertEquals(CueBall.IN_POSITION, v.cueBall());
        assertNull(v.pendingOption());
        assertFalse(v.nextShotIsBreak());
        assertTrue(v.tableOpen());
        assertEquals(allBut(5), v.ballsOnTable(), "the 8 is back, the 5 stays down");
    }

    @Test
    void rule_3_3e_rebreak_breakerBreaksAgainWithAFullRack() {
        MatchScript m = eightOnLegalBreakByP1();

        m.choose(P1, "REBREAK");

        assertTrue(m.lastApplied());
        assertToBreak(m, P1, 1);
    }

    // ---- 3.3 f: the 8 and the cue ball on the break ----------------------------------------------------------------

    /** p1 breaks and pockets the 8 and the cue ball. */
    private static MatchScript eightAndScratchOnBreakByP1() {
        MatchScript m = p1ToBreak(3);
        m.shot(P1, s -> s.placement(KITCHEN).firstContact(1).pocket(8, FOOT_RIGHT).rails(5).scratch());
        return m;
    }

    @Test
    void rule_3_3f_eightAndCueBallPocketedOnBreak_foul6_1_incomingPlayerChooses() {
        MatchScript m = eightAndScratchOnBreakByP1();

        m.expectFoul(P1, Foul.CUE_BALL_SCRATCH, "6.1");
        assertOffered(m, P2, OptionName.SPOT_EIGHT, OptionName.REBREAK);
        assertNo(m, RulingKind.RACK_WON);
        assertEquals(1, m.player(P1).consecutiveFouls());
    }

    @Test
    void rule_3_3f_spotEight_incomingPlayerInHandBehindTheHeadString() {
        MatchScript m = eightAndScratchOnBreakByP1();

        m.choose(P2, "SPOT_EIGHT");

        assertTrue(m.lastApplied());
        assertEquals(List.of(8), m.ruling(RulingKind.BALLS_SPOTTED).balls());
        assertTurn(m, P2, CueBall.IN_HAND_KITCHEN);
        assertFalse(m.view().nextShotIsBreak());
        assertEquals(fullRack(), m.view().ballsOnTable());
        assertTrue(m.view().tableOpen());
    }

    @Test
    void rule_3_3f_rebreak_incomingPlayerBreaks() {
        MatchScript m = eightAndScratchOnBreakByP1();

        m.choose(P2, "REBREAK");

        assertTrue(m.lastApplied());
        assertToBreak(m, P2, 1);
    }

    // ---- 3.3: other fouls on the break -------------------------------------------------------------------------------

    @Test
    void rule_3_3_scratchOnTheBreakWithoutTheEight_standardFoul_inHandAnywhere() {
        MatchScript m = p1ToBreak(3);

        m.shot(P1, s -> s.placement(KITCHEN).firstContact(1).pocket(2, FOOT_LEFT).rails(5).scratch());

        // 3.9: a foul passes the table, the cue ball in hand anywhere
        m.expectRulings(foul(P1, Foul.CUE_BALL_SCRATCH, "6.1"), turn(P2, CueBall.IN_HAND));
        assertNo(m, RulingKind.OPTION_OFFERED);
        assertNo(m, RulingKind.BALLS_SPOTTED);
        assertTurn(m, P2, CueBall.IN_HAND);
        assertEquals(allBut(2), m.view().ballsOnTable(), "the 2 stays down");
        assertTrue(m.view().tableOpen());
        assertFalse(m.view().nextShotIsBreak());
    }

    @Test
    void rule_3_3_objectBallOffTheTableOnTheBreak_foul6_5_ballStaysOff_inHandAnywhere() {
        MatchScript m = p1ToBreak(3);

        m.shot(P1, s -> s.placement(KITCHEN).firstContact(1).offTable(5).rails(6));

        // 3.9: a foul passes the table, the cue ball in hand anywhere
        m.expectRulings(foul(P1, Foul.BALL_OFF_TABLE, "6.5"), turn(P2, CueBall.IN_HAND));
        assertNo(m, RulingKind.BALLS_SPOTTED);
        assertTurn(m, P2, CueBall.IN_HAND);
        assertEquals(allBut(5), m.view().ballsOnTable());
    }

    @Test
    void rule_3_3_eightOffTheTableOnTheBreak_foul6_5_eightIsSpotted_inHandAnywhere() {
        MatchScript m = p1ToBreak(3);

        m.shot(P1, s -> s.placement(KITCHEN).firstContact(1).offTable(8).rails(6));

        m.expectFoul(P1, Foul.BALL_OFF_TABLE, "6.5");
        assertNo(m, RulingKind.RACK_WON); // 3.8 applies "not on the break"
        assertEquals(List.of(8), m.ruling(RulingKind.BALLS_SPOTTED).balls());
        assertTurn(m, P2, CueBall.IN_HAND);
        assertEquals(fullRack(), m.view().ballsOnTable());
    }

    @Test
    void rule_3_3_eightOffTheTableOnAnIllegalBreak_isStillSpotted() {
        MatchScript m = p1ToBreak(3);
        m.shot(P1, s -> s.placement(KITCHEN).firstContact(1).offTable(8).rails(2));
        assertTrue(m.has(RulingKind.ILLEGAL_BREAK), "given: the break failed the rail test");

        m.choose(P2, "ACCEPT_TABLE");

        // docs/rules.md 3.3: "Object ball off the table on the break: ... (the 8 is spotted)"
        assertTrue(m.view().ballsOnTable().contains(8), "the 8 must be back on the table: " + m.view().ballsOnTable());
    }

    // ==== 3.4 open table =============================================================================================

    @Test
    void rule_3_4_everyShotAfterTheBreakIsCalled_uncalledBallPocketed_turnPasses_noGroup() {
        MatchScript m = p2AtOpenTable();

        // no call: nothing was "legally pocketed in the called pocket" (choice: accepted, treated as a missed call)
        m.shot(P2, s -> s.firstContact(3).pocket(3, FOOT_LEFT).rail());

        assertTrue(m.lastApplied());
        assertNo(m, RulingKind.FOUL);
        assertNo(m, RulingKind.GROUP_ASSIGNED);
        assertTurn(m, P1, CueBall.IN_POSITION);
        assertTrue(m.view().tableOpen());
        assertEquals(allBut(3), m.view().ballsOnTable(), "the 3 stays down");
    }

    @Test
    void rule_3_4_openTable_hittingTheEightFirst_isFoul6_2() {
        MatchScript m = p2AtOpenTable();

        m.shot(P2, s -> s.call(3, FOOT_LEFT).firstContact(8).rail());

        // 3.9: a foul passes the table, the cue ball in hand anywhere
        m.expectRulings(foul(P2, Foul.WRONG_BALL_FIRST, "6.2"), turn(P1, CueBall.IN_HAND));
        assertTurn(m, P1, CueBall.IN_HAND);
        assertTrue(m.view().tableOpen());
    }

    @Test
    void rule_3_4_openTable_calledStripeInCalledPocket_givesShooterStripes_anyBallButTheEightFirst() {
        MatchScript m = p2AtOpenTable();

        // first contact a solid, the called 11 drops where called, a solid drops too: the called ball decides
        m.shot(P2, s -> s.call(11, FOOT_RIGHT).firstContact(4).pocket(11, FOOT_RIGHT).pocket(2, SIDE_LEFT).rail());

        assertTrue(m.lastApplied());
        assertNo(m, RulingKind.FOUL);
        List<Ruling> groups = m.rulings().stream().filter(r -> r.kind() == RulingKind.GROUP_ASSIGNED).toList();
        assertEquals(2, groups.size(), "GROUP_ASSIGNED for both players: " + groups);
        assertTrue(groups.stream().anyMatch(r -> P2.equals(r.player()) && r.group() == Group.STRIPES));
        assertTrue(groups.stream().anyMatch(r -> P1.equals(r.player()) && r.group() == Group.SOLIDS));
        MatchView v = m.view();
        assertFalse(v.tableOpen());
        assertEquals(Group.STRIPES, m.player(P2).group());
        assertEquals(Group.SOLIDS, m.player(P1).group());
        assertEquals(P2, m.ruling(RulingKind.CONTINUE).player());
        assertEquals(P2, v.atTable());
        assertEquals(CueBall.IN_POSITION, v.cueBall());
        assertEquals(allBut(2, 11), v.ballsOnTable());
    }

    @Test
    void rule_3_4_openTable_calledSolidInCalledPocket_givesShooterSolids() {
        MatchScript m = p2AtOpenTable();

        m.shot(P2, s -> s.call(6, SIDE_RIGHT).firstContact(6).pocket(6, SIDE_RIGHT).pocket(13, HEAD_LEFT).rail());

        assertNo(m, RulingKind.FOUL);
        assertFalse(m.view().tableOpen());
        assertEquals(Group.SOLIDS, m.player(P2).group());
        assertEquals(Group.STRIPES, m.player(P1).group());
        assertEquals(P2, m.view().atTable());
    }

    @Test
    void rule_3_4_openTable_calledBallInAnotherPocket_doesNotAssign_turnPasses() {
        MatchScript m = p2AtOpenTable();

        m.shot(P2, s -> s.call(3, FOOT_LEFT).firstContact(3).pocket(3, SIDE_RIGHT).rail());

        assertTrue(m.lastApplied());
        assertNo(m, RulingKind.FOUL);
        assertNo(m, RulingKind.GROUP_ASSIGNED);
        assertTrue(m.view().tableOpen());
        assertNull(m.player(P1).group());
        assertNull(m.player(P2).group());
        assertTurn(m, P1, CueBall.IN_POSITION);
        assertEquals(allBut(3), m.view().ballsOnTable());
    }

    @Test
    void rule_3_4_openTable_calledSafety_doesNotAssign() {
        MatchScript m = p2AtOpenTable();

        m.shot(P2, s -> s.safety().firstContact(3).pocket(3, SIDE_RIGHT).rail());

        assertNo(m, RulingKind.GROUP_ASSIGNED);
        assertTrue(m.view().tableOpen());
        assertTurn(m, P1, CueBall.IN_POSITION);
    }

    // ==== groups: 6.2 ================================================================================================

    @Test
    void rule_6_2_groups_firstContactWithTheOpponentsGroup_isAFoul() {
        MatchScript m = p1OnSolids(3);

        m.shot(P1, s -> s.call(3, FOOT_LEFT).firstContact(10).pocket(3, FOOT_LEFT).rail());

        // 3.9: a foul passes the table, the cue ball in hand anywhere
        m.expectRulings(foul(P1, Foul.WRONG_BALL_FIRST, "6.2"), turn(P2, CueBall.IN_HAND));
        assertTurn(m, P2, CueBall.IN_HAND);
    }

    @Test
    void rule_6_2_groups_theEightFirstBeforeTheGroupIsCleared_isAFoul() {
        MatchScript m = p1OnSolids(3);

        m.shot(P1, s -> s.call(3, FOOT_LEFT).firstContact(8).rail());

        // 3.9: a foul passes the table, the cue ball in hand anywhere
        m.expectRulings(foul(P1, Foul.WRONG_BALL_FIRST, "6.2"), turn(P2, CueBall.IN_HAND));
        assertTurn(m, P2, CueBall.IN_HAND);
    }

    @Test
    void rule_6_2_groups_groupCleared_anyBallButTheEightFirst_isAFoul() {
        MatchScript m = p1ClearedSolids(3);

        m.shot(P1, s -> s.call(8, FOOT_LEFT).firstContact(12).rail());

        // 3.9: a foul passes the table, the cue ball in hand anywhere
        m.expectRulings(foul(P1, Foul.WRONG_BALL_FIRST, "6.2"), turn(P2, CueBall.IN_HAND));
        assertTurn(m, P2, CueBall.IN_HAND);
    }

    @Test
    void rule_6_2_groups_groupCleared_theEightFirstIsLegal_missedCallPassesTheTable() {
        MatchScript m = p1ClearedSolids(3);

        m.shot(P1, s -> s.call(8, FOOT_LEFT).firstContact(8).rail());

        assertTrue(m.lastApplied());
        assertNo(m, RulingKind.FOUL);
        assertNo(m, RulingKind.RACK_WON);
        assertTurn(m, P2, CueBall.IN_POSITION);
        assertEquals(List.of(8, 9, 10, 11, 12, 13, 14, 15), m.view().ballsOnTable());
    }

    // ==== 3.6 called shot ============================================================================================

    @Test
    void rule_3_6_ownCalledBallInCalledPocket_shooterContinues_otherBallsStayDown() {
        MatchScript m = p1OnSolids(3);

        m.shot(P1, s -> s.call(3, FOOT_LEFT).firstContact(3).pocket(3, FOOT_LEFT).pocket(10, SIDE_RIGHT).rail());

        assertNo(m, RulingKind.FOUL);
        assertNo(m, RulingKind.BALLS_SPOTTED);
        assertEquals(P1, m.ruling(RulingKind.CONTINUE).player());
        assertEquals(P1, m.view().atTable());
        assertEquals(CueBall.IN_POSITION, m.view().cueBall());
        assertEquals(allBut(1, 2, 3, 10), m.view().ballsOnTable());
    }

    @Test
    void rule_3_6_calledBallMissesItsPocket_turnPasses_noFoul_pocketedBallStaysDown() {
        MatchScript m = p1OnSolids(3);

        // the called 3 misses; the 4 (p1's own, not called) drops
        m.shot(P1, s -> s.call(3, FOOT_LEFT).firstContact(3).pocket(4, SIDE_LEFT).rail());

        assertTrue(m.lastApplied());
        assertNo(m, RulingKind.FOUL);
        assertNo(m, RulingKind.BALLS_SPOTTED);
        assertTurn(m, P2, CueBall.IN_POSITION);
        assertEquals(0, m.player(P1).consecutiveFouls());
        assertEquals(allBut(1, 2, 4), m.view().ballsOnTable());
    }

    @Test
    void rule_3_6_calledSafety_safetyRuling_turnPasses_pocketedBallStaysDown() {
        MatchScript m = p1OnSolids(3);

        m.shot(P1, s -> s.safety().firstContact(3).pocket(3, FOOT_LEFT).rail());

        assertTrue(m.lastApplied());
        assertNo(m, RulingKind.FOUL);
        assertNo(m, RulingKind.BALLS_SPOTTED);
        assertEquals(P1, m.ruling(RulingKind.SAFETY).player());
        assertTurn(m, P2, CueBall.IN_POSITION);
        assertEquals(allBut(1, 2, 3), m.view().ballsOnTable());
    }

    @Test
    void rule_3_6_noObjectBallIsSpotted_ballsPocketedOnAFoulStayDown() {
        MatchScript m = p1OnSolids(3);

        m.shot(P1, s -> s.call(3, FOOT_LEFT).firstContact(3).pocket(3, FOOT_LEFT).pocket(12, SIDE_RIGHT).rail().scratch());

        // 3.9: a foul passes the table, the cue ball in hand anywhere
        m.expectRulings(foul(P1, Foul.CUE_BALL_SCRATCH, "6.1"), turn(P2, CueBall.IN_HAND));
        assertNo(m, RulingKind.BALLS_SPOTTED);
        assertTurn(m, P2, CueBall.IN_HAND);
        assertEquals(allBut(1, 2, 3, 12), m.view().ballsOnTable());
    }

    // ==== 3.8 loss of the rack =======================================================================================

    @Test
    void rule_3_8_foulWhilePocketingTheEight_losesTheRack() {
        MatchScript m = p1ClearedSolids(3);

        m.shot(P1, s -> s.call(8, FOOT_LEFT).firstContact(8).pocket(8, FOOT_LEFT).scratch());

        assertRackWon(m, P2, "3.8");
        assertEquals(1, m.player(P2).score());
        assertEquals(0, m.player(P1).score());
        assertToBreak(m, P2, 2); // alternate break: p1 opened rack 1
    }

    @Test
    void rule_3_8_eightPocketedBeforeTheGroupIsCleared_losesTheRack() {
        MatchScript m = p1OnSolids(3);

        // a legal shot on the called 3, but the 8 drops too while solids remain
        m.shot(P1, s -> s.call(3, FOOT_LEFT).firstContact(3).pocket(3, FOOT_LEFT).pocket(8, SIDE_LEFT).rail());

        assertRackWon(m, P2, "3.8");
        assertEquals(1, m.player(P2).score());
        assertEquals(2, m.view().rack());
    }

    @Test
    void rule_3_8_eightPocketedOnAnOpenTable_losesTheRack() {
        MatchScript m = p2AtOpenTable();

        m.shot(P2, s -> s.call(2, FOOT_LEFT).firstContact(2).pocket(2, FOOT_LEFT).pocket(8, FOOT_RIGHT).rail());

        assertRackWon(m, P1, "3.8");
        assertEquals(1, m.player(P1).score());
        assertEquals(0, m.player(P2).score());
        assertNo(m, RulingKind.GROUP_ASSIGNED);
    }

    @Test
    void rule_3_8_eightOnTheSameStrokeAsTheLastGroupBall_losesTheRack() {
        MatchScript m = p1OnSolids(3, 3, 4, 5, 6); // only the 7 of p1's solids is left

        m.shot(P1, s -> s.call(7, FOOT_LEFT).firstContact(7).pocket(7, FOOT_LEFT).pocket(8, FOOT_RIGHT).rail());

        assertRackWon(m, P2, "3.8");
        assertEquals(1, m.player(P2).score());
        assertEquals(0, m.player(P1).score());
    }

    @Test
    void rule_3_8_eightInAnUncalledPocket_losesTheRack() {
        MatchScript m = p1ClearedSolids(3);

        m.shot(P1, s -> s.call(8, FOOT_LEFT).firstContact(8).pocket(8, SIDE_RIGHT).rail());

        assertRackWon(m, P2, "3.8");
        assertEquals(1, m.player(P2).score());
        assertEquals(0, m.player(P1).score());
    }

    @Test
    void rule_3_8_eightOffTheTable_losesTheRack() {
        MatchScript m = p1ClearedSolids(3);

        m.shot(P1, s -> s.call(8, FOOT_LEFT).firstContact(8).offTable(8).rail());

        assertRackWon(m, P2, "3.8");
        assertEquals(1, m.player(P2).score());
        assertEquals(0, m.player(P1).score());
        assertToBreak(m, P2, 2);
    }

    // ==== win ========================================================================================================

    @Test
    void rule_3_5_calledEightInCalledPocketAfterClearingTheGroup_winsTheRack_nextRackAlternateBreak() {
        MatchScript m = p1ClearedSolids(3);

        m.shot(P1, s -> s.call(8, FOOT_LEFT).firstContact(8).pocket(8, FOOT_LEFT).rail());

        assertRackWon(m, P1, "3.5");
        assertNo(m, RulingKind.FOUL);
        assertNo(m, RulingKind.MATCH_WON);
        assertEquals(1, m.player(P1).score());
        assertEquals(0, m.player(P2).score());
        assertToBreak(m, P2, 2); // p1 opened rack 1, ALTERNATE
        assertNull(m.view().winner());
    }

    @Test
    void rule_3_5_rackWonAtRaceTo_winsTheMatchByRace() {
        MatchScript m = p1ClearedSolids(1);

        m.shot(P1, s -> s.call(8, SIDE_RIGHT).firstContact(8).pocket(8, SIDE_RIGHT).rail());

        assertRackWon(m, P1, "3.5");
        Ruling won = m.ruling(RulingKind.MATCH_WON);
        assertEquals(P1, won.player());
        assertEquals("RACE", won.detail());
        MatchView v = m.view();
        assertEquals(Status.FINISHED, v.status());
        assertEquals(P1, v.winner());
        assertEquals(1, m.player(P1).score());
        assertNull(v.atTable());
        assertEquals(1, v.rack(), "docs/view.md: the rack number does not advance when the match ends");
    }

    // ==== 3.9 standard fouls =========================================================================================

    @Test
    void rule_3_9_noRailAfterContact_foul6_3_inHandAnywhere() {
        MatchScript m = p1OnSolids(3);

        m.shot(P1, s -> s.call(3, FOOT_LEFT).firstContact(3));

        // 3.9: a foul passes the table, the cue ball in hand anywhere
        m.expectRulings(foul(P1, Foul.NO_RAIL_AFTER_CONTACT, "6.3"), turn(P2, CueBall.IN_HAND));
        assertTurn(m, P2, CueBall.IN_HAND);
        assertEquals(1, m.player(P1).consecutiveFouls());
    }

    @Test
    void rule_3_9_noContactAtAll_isFoul6_2_inHandAnywhere() {
        MatchScript m = p1OnSolids(3);

        // docs/rules.md: "hitting nothing is also 6.2 where 6.2 applies"
        m.shot(P1, s -> s.call(3, FOOT_LEFT).noContact());

        // 3.9: a foul passes the table, the cue ball in hand anywhere
        m.expectRulings(foul(P1, Foul.WRONG_BALL_FIRST, "6.2"), turn(P2, CueBall.IN_HAND));
        assertTurn(m, P2, CueBall.IN_HAND);
    }

    @Test
    void rule_3_9_objectBallOffTheTable_foul6_5_ballStaysOff_inHandAnywhere() {
        MatchScript m = p1OnSolids(3);

        m.shot(P1, s -> s.call(3, FOOT_LEFT).firstContact(3).offTable(11).rail());

        // 3.9: a foul passes the table, the cue ball in hand anywhere
        m.expectRulings(foul(P1, Foul.BALL_OFF_TABLE, "6.5"), turn(P2, CueBall.IN_HAND));
        assertNo(m, RulingKind.BALLS_SPOTTED);
        assertTurn(m, P2, CueBall.IN_HAND);
        assertEquals(allBut(1, 2, 11), m.view().ballsOnTable());
    }

    @ParameterizedTest(name = "{0} is foul {1}")
    @CsvSource({
            "FOOT_NOT_ON_FLOOR, 6.4",
            "TOUCHED_BALL, 6.6",
            "DOUBLE_HIT, 6.7",
            "PUSH_SHOT, 6.8",
            "BALLS_MOVING, 6.9",
            "CUE_ON_TABLE, 6.12"})
    void rule_3_9_refereeReportedFoul_evenWithTheCalledBallDown_inHandAnywhere(String foul, String rule) {
        MatchScript m = p1OnSolids(3);

        m.shot(P1, s -> s.call(3, FOOT_LEFT).firstContact(3).pocket(3, FOOT_LEFT).rail().refereeFoul(foul));

        // 3.9: a foul passes the table, the cue ball in hand anywhere
        m.expectRulings(foul(P1, Foul.valueOf(foul), rule), turn(P2, CueBall.IN_HAND));
        assertNo(m, RulingKind.CONTINUE);
        assertTurn(m, P2, CueBall.IN_HAND);
        assertEquals(allBut(1, 2, 3), m.view().ballsOnTable(), "the 3 stays down");
    }

    /** 3.3 f then SPOT_EIGHT: p2 has the cue ball in hand behind the head string. */
    private static MatchScript p2InHandInTheKitchen() {
        MatchScript m = eightAndScratchOnBreakByP1();
        m.choose(P2, "SPOT_EIGHT");
        assertEquals(CueBall.IN_HAND_KITCHEN, m.view().cueBall(), "given: p2 in hand in the kitchen");
        return m;
    }

    @Test
    void rule_3_9_inHandBehindTheHeadString_placedInFrontOfIt_isFoul6_10() {
        MatchScript m = p2InHandInTheKitchen();

        m.shot(P2, s -> s.placement("IN_FRONT_OF_HEAD_STRING").call(3, FOOT_LEFT).firstContact(3).pocket(3, FOOT_LEFT).rail());

        // 3.9: a foul passes the table, the cue ball in hand anywhere
        m.expectRulings(foul(P2, Foul.BAD_CUE_BALL_PLACEMENT, "6.10"), turn(P1, CueBall.IN_HAND));
        assertTurn(m, P1, CueBall.IN_HAND);
    }

    @Test
    void rule_3_9_fromTheKitchen_firstContactBehindTheHeadStringWithoutCrossing_isFoul6_11() {
        MatchScript m = p2InHandInTheKitchen();

        m.shot(P2, s -> s.placement(KITCHEN).call(3, FOOT_LEFT).firstContact(3).rail().kitchenContact(true, false));

        // 3.9: a foul passes the table, the cue ball in hand anywhere
        m.expectRulings(foul(P2, Foul.BAD_PLAY_FROM_KITCHEN, "6.11"), turn(P1, CueBall.IN_HAND));
        assertTurn(m, P1, CueBall.IN_HAND);
    }

    @Test
    void rule_3_9_shotOutOfTurn_foul6_13_onTheShooter_playerWhoShouldHaveShotHasBallInHand() {
        MatchScript m = p1OnSolids(3);

        m.shot(P2, s -> s.call(10, FOOT_LEFT).firstContact(10).rail());

        m.expectFoul(P2, Foul.OUT_OF_TURN, "6.13");
        assertEquals(P1, m.view().atTable());
        assertEquals(CueBall.IN_HAND, m.view().cueBall());
        assertEquals(1, m.player(P2).consecutiveFouls());
    }

    @Test
    void rule_3_9_slowPlayRuling_foul6_15_inHandAnywhere() {
        MatchScript m = p1OnSolids(3);

        m.ruling("SLOW_PLAY", P1, null);

        // 3.9: a foul passes the table, the cue ball in hand anywhere
        m.expectRulings(foul(P1, Foul.SLOW_PLAY, "6.15"), turn(P2, CueBall.IN_HAND));
        assertTurn(m, P2, CueBall.IN_HAND);
    }

    @Test
    void rule_3_9_noThreeFoulRule_thirdConsecutiveFoulIsJustAFoul() {
        MatchScript m = p2AtOpenTable();

        m.shot(P2, s -> s.call(3, FOOT_LEFT).firstContact(3).rail().scratch());   // p2: 1
        m.shot(P1, s -> s.call(4, FOOT_LEFT).firstContact(4).rail().scratch());   // p1: 1
        m.shot(P2, s -> s.call(5, FOOT_LEFT).firstContact(5).rail().scratch());   // p2: 2
        assertFalse(m.player(P2).onTwoFouls(), "docs/view.md: onTwoFouls only where 6.14 applies (9-ball, 14.1)");
        m.shot(P1, s -> s.call(6, FOOT_LEFT).firstContact(6).rail().scratch());   // p1: 2, p2 comes back to the table
        assertNo(m, RulingKind.TWO_FOUL_WARNING);

        m.shot(P2, s -> s.call(7, FOOT_LEFT).firstContact(7).rail().scratch());   // p2: 3

        // 3.9: a foul passes the table, the cue ball in hand anywhere
        m.expectRulings(foul(P2, Foul.CUE_BALL_SCRATCH, "6.1"), turn(P1, CueBall.IN_HAND));
        assertNo(m, RulingKind.SERIOUS_FOUL);
        assertNo(m, RulingKind.RACK_WON);
        assertTurn(m, P1, CueBall.IN_HAND);
        assertEquals(3, m.player(P2).consecutiveFouls());
        assertFalse(m.player(P2).onTwoFouls());
        assertEquals(2, m.player(P1).consecutiveFouls());
        assertEquals(0, m.player(P1).score());
        assertEquals(0, m.player(P2).score());
        assertEquals(1, m.view().rack());
    }

    @Test
    void rule_3_9_foulCountsResetAtEachNewRack() {
        MatchScript m = p2AtOpenTable();
        m.shot(P2, s -> s.call(3, FOOT_LEFT).firstContact(3).rail().scratch());
        assertEquals(1, m.player(P2).consecutiveFouls(), "given: p2 on one foul");

        // p1 pockets the 8 on the open table: rack to p2 (3.8), a new rack begins
        m.shot(P1, s -> s.call(4, FOOT_LEFT).firstContact(4).pocket(8, FOOT_LEFT).rail());

        assertRackWon(m, P2, "3.8");
        assertEquals(0, m.player(P2).consecutiveFouls(), "docs/view.md: reset at each new rack in 8-ball");
        assertEquals(0, m.player(P1).consecutiveFouls());
    }

    // ==== 3.11 stalemate =============================================================================================

    @Test
    void rule_3_11_stalemate_theOriginalBreakerOfTheRackBreaksAgain() {
        // rack 1 opened by p1; p2 pockets the 8 on the open table, so p1 wins it; p2 breaks rack 2 (alternate)
        MatchScript m = p2AtOpenTable();
        m.shot(P2, s -> s.call(2, FOOT_LEFT).firstContact(2).pocket(8, FOOT_LEFT).rail());
        assertEquals(P2, m.view().breaker(), "given: p2 breaks rack 2");
        m.shot(P2, s -> s.placement(KITCHEN).firstContact(1).rails(5));               // p2's legal break
        m.shot(P1, s -> s.call(3, FOOT_LEFT).firstContact(3).rail());                 // p1 misses
        m.shot(P2, s -> s.call(4, FOOT_LEFT).firstContact(4).rail().scratch());       // p2 fouls: p1 in hand
        m.ruling("NO_PROGRESS", null, null);
        assertEquals(P1, m.view().atTable(), "given: p1 at the table");

        m.ruling("STALEMATE", null, null);

        assertTrue(m.lastApplied());
        assertTrue(m.has(RulingKind.STALEMATE));
        assertToBreak(m, P2, 2);
        assertNull(m.view().stalemate());
        assertEquals(0, m.player(P2).consecutiveFouls(), "1.12: foul counts reset");
        assertEquals(1, m.player(P1).score());
        assertEquals(0, m.player(P2).score());
    }

    // ==== 6.16 serious foul by ruling ================================================================================

    @Test
    void rule_6_16_seriousFoulByRuling_isLossOfTheRack() {
        MatchScript m = p1OnSolids(3);

        m.ruling("UNSPORTSMANLIKE", P1, "SERIOUS_FOUL");

        assertTrue(m.lastApplied());
        Ruling serious = m.ruling(RulingKind.SERIOUS_FOUL);
        assertEquals(P1, serious.player());
        assertEquals("6.16", serious.rule());
        assertRackWon(m, P2, "6.16"); // docs/view.md RACK_WON: "6.16 for a penalty"
        assertEquals(1, m.player(P2).score());
        assertEquals(0, m.player(P1).score());
        assertToBreak(m, P2, 2);
    }
}
