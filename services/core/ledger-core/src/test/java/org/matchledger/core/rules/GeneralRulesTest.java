package org.matchledger.core.rules;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.matchledger.core.event.BreakFormat;
import org.matchledger.core.event.OptionName;
import org.matchledger.core.json.Json;
import org.matchledger.core.ruling.Foul;
import org.matchledger.core.ruling.Ruling;
import org.matchledger.core.ruling.RulingKind;
import org.matchledger.core.support.MatchScript;
import org.matchledger.core.view.CueBall;
import org.matchledger.core.view.MatchView;
import org.matchledger.core.view.Status;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.*;

/** General rules (WPA 1.x) and the fouls every discipline shares (6.13–6.16), judged through the ledger. */
class GeneralRulesTest {

    // ---- fixtures ------------------------------------------------------------------------------------------------

    private static ObjectNode lagResult(String player, double distance) {
        ObjectNode r = Json.MAPPER.createObjectNode();
        MatchScript.lagResult(r, player, distance);
        return r;
    }

    private static MatchScript lag(MatchScript m, ObjectNode first, ObjectNode second, String struckLate, boolean tooClose) {
        ObjectNode d = Json.MAPPER.createObjectNode();
        d.putArray("results").add(first).add(second);
        if (struckLate == null) {
            d.putNull("struckLate");
        } else {
            d.put("struckLate", struckLate);
        }
        d.put("tooCloseToCall", tooClose);
        return m.send("pool.lag.taken", d);
    }

    /** 9-ball, race to 3: p1 broke legally (first contact 1, five balls to a rail, nothing down); p2 is at the table. */
    private static MatchScript nineBallP2AtTable() {
        MatchScript m = MatchScript.readyToBreak("NINE_BALL", 3, "p1");
        m.shot("p1", s -> s.placement("BEHIND_HEAD_STRING").firstContact(1).rails(5));
        assertEquals("p2", m.view().atTable());
        return m;
    }

    /** The same position in 8-ball: a legal break, nothing pocketed, p2 at the table. */
    private static MatchScript eightBallP2AtTable() {
        MatchScript m = MatchScript.readyToBreak("EIGHT_BALL", 3, "p1");
        m.shot("p1", s -> s.placement("BEHIND_HEAD_STRING").firstContact(1).rails(5));
        assertEquals("p2", m.view().atTable());
        return m;
    }

    /** A legal miss: the lowest ball hit first, a rail after contact, nothing pocketed. */
    private static void miss(MatchScript m, String player, int lowest) {
        m.shot(player, s -> s.firstContact(lowest).rail());
        assertTrue(m.lastApplied(), () -> "miss by " + player + " was rejected: " + m.rulings());
    }

    private static void scratch(MatchScript m, String player) {
        m.shot(player, s -> s.firstContact(1).rail().scratch());
        assertTrue(m.lastApplied());
    }

    /** p2 has fouled twice in a row (p1 shooting legally in between) and has just come back to the table. */
    private static MatchScript p2BackAtTableOnTwoFouls() {
        MatchScript m = nineBallP2AtTable();
        scratch(m, "p2");
        miss(m, "p1", 1);
        scratch(m, "p2");
        miss(m, "p1", 1);
        assertEquals("p2", m.view().atTable());
        return m;
    }

    private static List<Ruling> of(MatchScript m, RulingKind kind) {
        return m.rulings().stream().filter(r -> r.kind() == kind).toList();
    }

    private static Map<String, Integer> inningsLeft(MatchScript m) {
        assertNotNull(m.view().stalemate(), "no stalemate in the view");
        return m.view().stalemate().inningsLeft();
    }

    // ---- 1.2 lag -------------------------------------------------------------------------------------------------

    @Test
    void rule_1_2_goodLagCloserToHeadRailWins() {
        MatchScript m = MatchScript.open("NINE_BALL", 3);
        lag(m, lagResult("p1", 20.0), lagResult("p2", 8.0), null, false);
        assertTrue(m.lastApplied());
        assertEquals("p2", m.ruling(RulingKind.LAG_WON).player());
        assertFalse(m.has(RulingKind.RELAG));
    }

    @Test
    void rule_1_2_lagWinnerIsOfferedBreakOrOpponentBreaks_withNoBreakerAndNobodyAtTable() {
        MatchScript m = MatchScript.open("NINE_BALL", 3);
        lag(m, lagResult("p1", 3.0), lagResult("p2", 25.0), null, false);
        Ruling offered = m.ruling(RulingKind.OPTION_OFFERED);
        assertEquals("p1", offered.player());
        assertEquals(Set.of(OptionName.BREAK, OptionName.OPPONENT_BREAKS), Set.copyOf(offered.options()));
        MatchView v = m.view();
        assertNotNull(v.pendingOption());
        assertEquals("p1", v.pendingOption().player());
        assertEquals(Set.of(OptionName.BREAK, OptionName.OPPONENT_BREAKS), Set.copyOf(v.pendingOption().options()));
        // docs/view.md: atTable is null for the lag winner's choice of breaker, and breaker is null then too
        assertNull(v.atTable());
        assertNull(v.breaker());
    }

    static Stream<Arguments> badLags() {
        return Stream.<Arguments>of(
                Arguments.of("crossed the long string", (Consumer<ObjectNode>) r -> r.put("crossedLongString", true)),
                Arguments.of("no foot rail contact", (Consumer<ObjectNode>) r -> r.put("footRailContacts", 0)),
                Arguments.of("two foot rail contacts", (Consumer<ObjectNode>) r -> r.put("footRailContacts", 2)),
                Arguments.of("pocketed or off the table", (Consumer<ObjectNode>) r -> r.put("pocketedOrOffTable", true)),
                Arguments.of("touched a side rail", (Consumer<ObjectNode>) r -> r.put("touchedSideRail", true)),
                Arguments.of("stopped in a corner pocket past the head rail",
                        (Consumer<ObjectNode>) r -> r.put("stoppedInCornerPocketPastHeadRail", true)),
                Arguments.of("other foul", (Consumer<ObjectNode>) r -> r.put("otherFoul", true)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badLags")
    void rule_1_2_badLagLosesToAGoodLagEvenWhenCloser(String condition, Consumer<ObjectNode> spoil) {
        MatchScript m = MatchScript.open("NINE_BALL", 3);
        ObjectNode closerButBad = lagResult("p1", 1.0);
        spoil.accept(closerButBad);
        lag(m, closerButBad, lagResult("p2", 40.0), null, false);
        assertTrue(m.lastApplied());
        assertEquals("p2", m.ruling(RulingKind.LAG_WON).player());
    }

    @ParameterizedTest(name = "struckLate={0}, tooCloseToCall={1}, bothBad={2}")
    @CsvSource(nullValues = "null", value = {
            "p1, false, false",
            "p2, false, false",
            "null, true, false",
            "null, false, true"})
    void rule_1_2_relag(String struckLate, boolean tooClose, boolean bothBad) {
        MatchScript m = MatchScript.open("NINE_BALL", 3);
        ObjectNode a = lagResult("p1", 4.0);
        ObjectNode b = lagResult("p2", 30.0);
        if (bothBad) {
            a.put("touchedSideRail", true);
            b.put("crossedLongString", true);
        }
        lag(m, a, b, struckLate, tooClose);
        assertTrue(m.lastApplied());
        assertTrue(m.has(RulingKind.RELAG), () -> "expected RELAG, got " + m.kinds());
        assertFalse(m.has(RulingKind.LAG_WON));
        assertEquals(Status.AWAITING_LAG, m.view().status());
        assertNull(m.view().pendingOption());
    }

    @Test
    void rule_1_2_statusGoesFromAwaitingLagToInProgressWhenTheLagIsWon() {
        MatchScript m = MatchScript.open("NINE_BALL", 3);
        assertEquals(Status.AWAITING_LAG, m.view().status());
        lag(m, lagResult("p1", 4.0), lagResult("p2", 4.0), null, true); // re-lag: still awaiting
        assertEquals(Status.AWAITING_LAG, m.view().status());
        lag(m, lagResult("p1", 4.0), lagResult("p2", 9.0), null, false);
        assertEquals(Status.IN_PROGRESS, m.view().status());
    }

    @Test
    void rule_1_2_lagWinnerChoosingBreak_breaksTheFirstRack() {
        MatchScript m = MatchScript.open("NINE_BALL", 3).lagWonBy("p2").choose("p2", "BREAK");
        assertTrue(m.lastApplied());
        assertEquals(OptionName.BREAK, m.ruling(RulingKind.OPTION_TAKEN).option());
        assertEquals("p2", m.ruling(RulingKind.BREAK_ASSIGNED).player());
        MatchView v = m.view();
        assertEquals("p2", v.breaker());
        assertEquals("p2", v.atTable());
        assertTrue(v.nextShotIsBreak());
        assertEquals(CueBall.IN_HAND_KITCHEN, v.cueBall()); // 1.5: breaks are in hand behind the head string
        assertNull(v.pendingOption());
    }

    @Test
    void rule_1_2_lagWinnerChoosingOpponentBreaks_makesTheOtherPlayerBreak() {
        MatchScript m = MatchScript.open("NINE_BALL", 3).lagWonBy("p1").choose("p1", "OPPONENT_BREAKS");
        assertTrue(m.lastApplied());
        assertEquals("p2", m.ruling(RulingKind.BREAK_ASSIGNED).player());
        assertEquals("p2", m.view().breaker());
        assertEquals("p2", m.view().atTable());
        assertTrue(m.view().nextShotIsBreak());
    }

    // ---- 1.11 concession -----------------------------------------------------------------------------------------

    @Test
    void rule_1_11_concedingPlayerLosesTheMatch() {
        MatchScript m = nineBallP2AtTable();
        m.concede("p2");
        assertTrue(m.lastApplied());
        Ruling won = m.ruling(RulingKind.MATCH_WON);
        assertEquals("p1", won.player());
        assertEquals("CONCESSION", won.detail());
        assertEquals(Status.FINISHED, m.view().status());
        assertEquals("p1", m.view().winner());
        assertNull(m.view().atTable()); // docs/view.md: null when the match is over
    }

    @Test
    void rule_1_11_concessionAcceptedWhileAwaitingTheLag() {
        MatchScript m = MatchScript.open("NINE_BALL", 3).concede("p1");
        assertTrue(m.lastApplied());
        assertEquals("p2", m.ruling(RulingKind.MATCH_WON).player());
        assertEquals("CONCESSION", m.ruling(RulingKind.MATCH_WON).detail());
        assertEquals(Status.FINISHED, m.view().status());
        assertEquals("p2", m.view().winner());
    }

    @Test
    void rule_1_11_concessionAcceptedWhileAnOptionIsPending() {
        MatchScript m = MatchScript.open("NINE_BALL", 3).lagWonBy("p1");
        assertNotNull(m.view().pendingOption());
        m.concede("p1");
        assertTrue(m.lastApplied());
        assertEquals("p2", m.ruling(RulingKind.MATCH_WON).player());
        assertEquals(Status.FINISHED, m.view().status());
        assertNull(m.view().pendingOption()); // nothing waits for an answer once the match is over
    }

    // ---- 1.12 stalemate ------------------------------------------------------------------------------------------

    @Test
    void rule_1_12_noProgressGivesAWarningAndThreeInningsEach() {
        MatchScript m = nineBallP2AtTable();
        m.ruling("NO_PROGRESS", null, null);
        assertTrue(m.lastApplied());
        assertTrue(m.has(RulingKind.STALEMATE_WARNING));
        assertEquals(Map.of("p1", 3, "p2", 3), inningsLeft(m));
    }

    @Test
    void rule_1_12_theTurnInProgressAtTheWarningDoesNotCount() {
        MatchScript m = MatchScript.readyToBreak("NINE_BALL", 3, "p1");
        m.shot("p1", s -> s.placement("BEHIND_HEAD_STRING").firstContact(1).pocket(3).rails(5)); // p1's turn begins
        m.ruling("NO_PROGRESS", null, null);
        miss(m, "p1", 1); // ends the turn that was in progress at the warning
        assertEquals(Map.of("p1", 3, "p2", 3), inningsLeft(m));
    }

    @Test
    void rule_1_12_aTurnBegunAfterTheWarningUsesUpOneInningWhenItEnds() {
        MatchScript m = MatchScript.readyToBreak("NINE_BALL", 3, "p1");
        m.shot("p1", s -> s.placement("BEHIND_HEAD_STRING").firstContact(1).pocket(3).rails(5));
        m.ruling("NO_PROGRESS", null, null);
        miss(m, "p1", 1);
        miss(m, "p2", 1); // p2's first turn after the warning ends
        assertEquals(Map.of("p1", 3, "p2", 2), inningsLeft(m));
        miss(m, "p1", 1);
        assertEquals(Map.of("p1", 2, "p2", 2), inningsLeft(m));
    }

    @Test
    void rule_1_12_inningsLeftStopAtZero() {
        MatchScript m = MatchScript.readyToBreak("NINE_BALL", 3, "p1");
        m.shot("p1", s -> s.placement("BEHIND_HEAD_STRING").firstContact(1).pocket(3).rails(5));
        m.ruling("NO_PROGRESS", null, null);
        miss(m, "p1", 1); // not counted
        for (int i = 0; i < 4; i++) { // four counted turns each: 3 → 2 → 1 → 0 → 0
            miss(m, "p2", 1);
            miss(m, "p1", 1);
        }
        assertEquals(Map.of("p1", 0, "p2", 0), inningsLeft(m));
        assertEquals(Status.IN_PROGRESS, m.view().status()); // the ledger never declares the stalemate itself
    }

    @Test
    void rule_1_12_stalemateRacksAgainForTheOriginalBreaker_resetsFoulCounts_keepsRackNumber() {
        MatchScript m = MatchScript.readyToBreak("NINE_BALL", 3, "p1");
        m.shot("p1", s -> s.placement("BEHIND_HEAD_STRING").firstContact(1).pocket(9).rails(5)); // 9 on the break
        assertEquals(2, m.view().rack());
        assertEquals("p2", m.view().breaker()); // alternate break
        m.shot("p2", s -> s.placement("BEHIND_HEAD_STRING").firstContact(1).rails(5)); // p2 opens rack 2
        m.shot("p1", s -> s.firstContact(2).rail()); // 6.2 foul by p1
        assertEquals(1, m.player("p1").consecutiveFouls());
        miss(m, "p2", 1);
        assertEquals("p1", m.view().atTable());
        m.ruling("NO_PROGRESS", null, null);
        m.ruling("STALEMATE", null, null); // accepted whatever the innings left
        assertTrue(m.lastApplied());
        assertTrue(m.has(RulingKind.STALEMATE));
        MatchView v = m.view();
        assertEquals(2, v.rack());
        assertEquals("p2", v.breaker()); // 2.9: the original breaker breaks again
        assertEquals("p2", v.atTable());
        assertTrue(v.nextShotIsBreak());
        assertEquals(CueBall.IN_HAND_KITCHEN, v.cueBall());
        assertEquals(List.of(1, 2, 3, 4, 5, 6, 7, 8, 9), v.ballsOnTable());
        assertEquals(0, m.player("p1").consecutiveFouls());
        assertEquals(1, m.player("p1").score()); // the replay wins nobody a rack
        assertEquals(0, m.player("p2").score());
        assertNull(v.stalemate()); // the warning is spent by the re-rack
    }

    @Test
    void rule_1_12_stalemateAcceptedWithoutNoProgressWhenBothAgree() {
        MatchScript m = nineBallP2AtTable();
        m.ruling("STALEMATE", null, null);
        assertTrue(m.lastApplied());
        assertTrue(m.has(RulingKind.STALEMATE));
        assertEquals("p1", m.view().breaker());
        assertTrue(m.view().nextShotIsBreak());
        assertEquals(1, m.view().rack());
    }

    // ---- 6.13 out of turn ----------------------------------------------------------------------------------------

    @Test
    void rule_6_13_shotByThePlayerNotAtTheTableIsAFoulOnHim() {
        MatchScript m = nineBallP2AtTable();
        miss(m, "p1", 1); // p1 shoots, but p2 was at the table
        Ruling foul = m.ruling(RulingKind.FOUL);
        assertEquals("p1", foul.player());
        assertEquals(Foul.OUT_OF_TURN, foul.foul());
        assertEquals("6.13", foul.rule());
        assertEquals(1, m.player("p1").consecutiveFouls());
    }

    @Test
    void rule_6_13_playerWhoShouldHaveShotComesToTheTableWithBallInHand_nineBall() {
        MatchScript m = nineBallP2AtTable();
        miss(m, "p1", 1);
        assertEquals("p2", m.view().atTable());
        assertEquals(CueBall.IN_HAND, m.view().cueBall()); // 2.7: standard-foul remedy
    }

    // ---- 6.15 slow play ------------------------------------------------------------------------------------------

    @Test
    void rule_6_15_slowPlayIsAStandardFoul() {
        MatchScript m = nineBallP2AtTable();
        m.ruling("SLOW_PLAY", "p2", null);
        assertTrue(m.lastApplied());
        Ruling foul = m.ruling(RulingKind.FOUL);
        assertEquals("p2", foul.player());
        assertEquals(Foul.SLOW_PLAY, foul.foul());
        assertEquals("6.15", foul.rule());
        assertEquals(1, m.player("p2").consecutiveFouls());
        assertEquals("p1", m.view().atTable());
        assertEquals(CueBall.IN_HAND, m.view().cueBall());
    }

    // ---- 6.16 unsportsmanlike ------------------------------------------------------------------------------------

    @Test
    void rule_6_16_warningIsRecordedAndChangesNothingElse() {
        MatchScript m = nineBallP2AtTable();
        MatchView before = m.view();
        m.ruling("UNSPORTSMANLIKE", "p2", "WARNING");
        assertTrue(m.lastApplied());
        assertEquals("p2", m.ruling(RulingKind.WARNING).player());
        assertFalse(m.has(RulingKind.FOUL));
        assertEquals(withoutLastSeq(before), withoutLastSeq(m.view()));
    }

    @Test
    void rule_6_16_standardFoulPenaltyIsAStandardFoul() {
        MatchScript m = nineBallP2AtTable();
        m.ruling("UNSPORTSMANLIKE", "p2", "STANDARD_FOUL");
        Ruling foul = m.ruling(RulingKind.FOUL);
        assertEquals("p2", foul.player());
        assertEquals(Foul.UNSPORTSMANLIKE, foul.foul());
        assertEquals("6.16", foul.rule());
        assertEquals(1, m.player("p2").consecutiveFouls());
        assertEquals("p1", m.view().atTable());
        assertEquals(CueBall.IN_HAND, m.view().cueBall());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"NINE_BALL", "EIGHT_BALL"})
    void rule_6_16_seriousFoulPenaltyLosesTheRack(String discipline) {
        MatchScript m = discipline.equals("NINE_BALL") ? nineBallP2AtTable() : eightBallP2AtTable();
        m.ruling("UNSPORTSMANLIKE", "p2", "SERIOUS_FOUL");
        assertTrue(m.lastApplied());
        Ruling serious = m.ruling(RulingKind.SERIOUS_FOUL);
        assertEquals("p2", serious.player());
        assertEquals("6.16", serious.rule());
        Ruling rack = m.ruling(RulingKind.RACK_WON);
        assertEquals("p1", rack.player());
        assertEquals("6.16", rack.rule());
        assertEquals(1, m.player("p1").score());
        assertEquals(2, m.view().rack());
    }

    @Test
    void rule_6_16_lossOfRackPenalty_opponentWinsTheRack() {
        MatchScript m = nineBallP2AtTable();
        m.ruling("UNSPORTSMANLIKE", "p2", "LOSS_OF_RACK");
        assertTrue(m.lastApplied());
        Ruling rack = m.ruling(RulingKind.RACK_WON);
        assertEquals("p1", rack.player());
        assertEquals("6.16", rack.rule());
        assertEquals(1, m.player("p1").score());
        assertEquals(0, m.player("p2").score());
        assertEquals(2, m.view().rack());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"LOSS_OF_MATCH", "DISQUALIFICATION"})
    void rule_6_16_lossOfMatchAndDisqualification_opponentWinsTheMatch(String penalty) {
        MatchScript m = nineBallP2AtTable();
        m.ruling("UNSPORTSMANLIKE", "p2", penalty);
        assertTrue(m.lastApplied());
        Ruling won = m.ruling(RulingKind.MATCH_WON);
        assertEquals("p1", won.player());
        assertEquals("PENALTY", won.detail());
        assertEquals(Status.FINISHED, m.view().status());
        assertEquals("p1", m.view().winner());
    }

    // ---- 6.14 consecutive fouls ----------------------------------------------------------------------------------

    @Test
    void rule_6_14_ownLegalShotResetsTheCount() {
        MatchScript m = nineBallP2AtTable();
        scratch(m, "p2");
        assertEquals(1, m.player("p2").consecutiveFouls());
        miss(m, "p1", 1);
        miss(m, "p2", 1);
        assertEquals(0, m.player("p2").consecutiveFouls());
    }

    @Test
    void rule_6_14_opponentsFoulsDoNotResetTheCount() {
        MatchScript m = nineBallP2AtTable();
        scratch(m, "p2");
        scratch(m, "p1");
        assertEquals(1, m.player("p2").consecutiveFouls());
        scratch(m, "p2");
        assertEquals(2, m.player("p2").consecutiveFouls());
        assertTrue(m.player("p2").onTwoFouls());
        assertEquals(1, m.player("p1").consecutiveFouls());
        assertFalse(m.player("p1").onTwoFouls());
    }

    @Test
    void rule_6_14_twoFoulWarningWhenANineBallPlayerComesToTheTableOnTwoFouls() {
        MatchScript m = nineBallP2AtTable();
        scratch(m, "p2");
        miss(m, "p1", 1);
        scratch(m, "p2");
        assertFalse(m.has(RulingKind.TWO_FOUL_WARNING)); // p1 comes to the table, he has no fouls
        miss(m, "p1", 1);
        Ruling warning = m.ruling(RulingKind.TWO_FOUL_WARNING);
        assertEquals("p2", warning.player());
        assertEquals("6.14", warning.rule());
    }

    static Stream<Arguments> thirdFouls() {
        return Stream.<Arguments>of(
                Arguments.of("scratch", (Consumer<MatchScript>) m -> scratch(m, "p2")),
                Arguments.of("slow play 6.15", (Consumer<MatchScript>) m -> m.ruling("SLOW_PLAY", "p2", null)),
                Arguments.of("unsportsmanlike standard foul 6.16",
                        (Consumer<MatchScript>) m -> m.ruling("UNSPORTSMANLIKE", "p2", "STANDARD_FOUL")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("thirdFouls")
    void rule_6_14_thirdConsecutiveFoulLosesTheNineBallRack(String how, Consumer<MatchScript> thirdFoul) {
        MatchScript m = p2BackAtTableOnTwoFouls();
        thirdFoul.accept(m);
        assertTrue(m.lastApplied());
        assertEquals("p2", m.ruling(RulingKind.FOUL).player());
        Ruling serious = m.ruling(RulingKind.SERIOUS_FOUL);
        assertEquals("p2", serious.player());
        assertEquals("6.14", serious.rule());
        Ruling rack = m.ruling(RulingKind.RACK_WON);
        assertEquals("p1", rack.player());
        assertEquals("6.14", rack.rule());
        assertEquals(1, m.player("p1").score());
    }

    @Test
    void rule_6_14_nineBallCountsResetAtEachNewRack() {
        MatchScript m = nineBallP2AtTable();
        scratch(m, "p2");
        miss(m, "p1", 1);
        scratch(m, "p2");
        assertTrue(m.player("p2").onTwoFouls());
        m.shot("p1", s -> s.firstContact(1).pocket(9).rail()); // p1 wins the rack
        assertEquals(2, m.view().rack());
        assertEquals(0, m.player("p2").consecutiveFouls());
        assertFalse(m.player("p2").onTwoFouls());
    }

    // ---- innings, race, break format ------------------------------------------------------------------------------

    @Test
    void innings_countUpOnTheFirstShotOfEachTurn() {
        MatchScript m = MatchScript.readyToBreak("NINE_BALL", 3, "p1");
        assertEquals(0, m.player("p1").innings());
        m.shot("p1", s -> s.placement("BEHIND_HEAD_STRING").firstContact(1).pocket(3).rails(5));
        assertEquals(1, m.player("p1").innings());
        m.shot("p1", s -> s.firstContact(1).pocket(1).rail()); // same turn
        assertEquals(1, m.player("p1").innings());
        miss(m, "p1", 2);
        assertEquals(0, m.player("p2").innings()); // at the table, not yet shot
        miss(m, "p2", 2);
        assertEquals(1, m.player("p2").innings());
        miss(m, "p1", 2);
        assertEquals(2, m.player("p1").innings());
    }

    @Test
    void race_reachingRaceToEndsTheMatch() {
        MatchScript m = MatchScript.readyToBreak("NINE_BALL", 2, "p1");
        m.shot("p1", s -> s.placement("BEHIND_HEAD_STRING").firstContact(1).pocket(9).rails(5));
        assertFalse(m.has(RulingKind.MATCH_WON));
        assertEquals(Status.IN_PROGRESS, m.view().status());
        m.shot("p2", s -> s.placement("BEHIND_HEAD_STRING").firstContact(1).rails(5));
        m.shot("p1", s -> s.firstContact(1).pocket(9).rail());
        assertEquals("p1", m.ruling(RulingKind.RACK_WON).player());
        Ruling won = m.ruling(RulingKind.MATCH_WON);
        assertEquals("p1", won.player());
        assertEquals("RACE", won.detail());
        MatchView v = m.view();
        assertEquals(Status.FINISHED, v.status());
        assertEquals("p1", v.winner());
        assertEquals(2, m.player("p1").score());
        assertEquals(2, v.rack()); // docs/view.md: the rack does not advance when winning it ends the match
        assertNull(v.atTable());
    }

    @ParameterizedTest(name = "{0}: rack 1 broken by p1, won by {1} -> {2} breaks rack 2")
    @CsvSource({
            "ALTERNATE, p1, p2",
            "ALTERNATE, p2, p2",
            "WINNER, p1, p1",
            "WINNER, p2, p2"})
    void rule_1_2_breakFormatDecidesTheNextRacksBreaker(String format, String rackWinner, String nextBreaker) {
        MatchScript m = MatchScript.open("NINE_BALL", 3, d -> d.put("breakFormat", format))
                .lagWonBy("p1").choose("p1", "BREAK");
        assertEquals(BreakFormat.valueOf(format), m.view().breakFormat());
        if (rackWinner.equals("p1")) {
            m.shot("p1", s -> s.placement("BEHIND_HEAD_STRING").firstContact(1).pocket(9).rails(5));
        } else {
            m.shot("p1", s -> s.placement("BEHIND_HEAD_STRING").firstContact(1).rails(5));
            m.shot("p2", s -> s.firstContact(1).pocket(9).rail());
        }
        assertEquals(rackWinner, m.ruling(RulingKind.RACK_WON).player());
        assertEquals(2, m.view().rack());
        assertEquals(nextBreaker, m.view().breaker());
        assertEquals(nextBreaker, m.view().atTable());
        assertEquals(nextBreaker, m.ruling(RulingKind.BREAK_ASSIGNED).player());
    }

    // ---- helpers -------------------------------------------------------------------------------------------------

    static MatchView withoutLastSeq(MatchView v) {
        return new MatchView(v.matchId(), v.discipline(), v.status(), v.raceTo(), v.breakFormat(), v.tableId(), v.rack(),
                v.players(), v.breaker(), v.atTable(), v.nextShotIsBreak(), v.cueBall(), v.freeShot(), v.visitsLeft(),
                v.pushOutAvailable(), v.tableOpen(), v.ballsOnTable(), v.pendingOption(), v.stalemate(), v.winner(), 0);
    }
}
