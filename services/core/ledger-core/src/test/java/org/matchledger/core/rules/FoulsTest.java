package org.matchledger.core.rules;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.matchledger.core.ruling.Foul;
import org.matchledger.core.ruling.Ruling;
import org.matchledger.core.ruling.RulingKind;
import org.matchledger.core.support.MatchScript;
import org.matchledger.core.support.MatchScript.ShotFacts;
import org.matchledger.core.view.CueBall;
import org.matchledger.core.view.MatchView;

import com.fasterxml.jackson.databind.node.IntNode;

import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;

import static org.matchledger.core.support.ExpectedRuling.continueFor;
import static org.matchledger.core.support.ExpectedRuling.foul;
import static org.matchledger.core.support.ExpectedRuling.kind;
import static org.matchledger.core.support.ExpectedRuling.turn;
import static org.junit.jupiter.api.Assertions.*;

/**
 * The fouls of WPA 6.1–6.16 as docs/rules.md and docs/view.md state them: each FOUL ruling carries the {@code foul} name
 * and the {@code rule} of docs/view.md's table; one shot is one foul, cited by the first rule in docs/view.md's order; on a
 * break shot the break test replaces 6.3. Played in 9-ball except 6.11, which 9-ball does not apply (2.7).
 */
class FoulsTest {

    // ---- given -----------------------------------------------------------------------------------------------

    private static MatchScript ready() {
        return MatchScript.readyToBreak("NINE_BALL", 3, "p1");
    }

    /** p1 broke legally pocketing the 2: p1 at the table, cue ball in position, balls 1 3 4 5 6 7 8 9, the 1 lowest. */
    private static MatchScript p1AtTable() {
        MatchScript m = ready().shot("p1", s -> s.placement("BEHIND_HEAD_STRING").firstContact(1).pocket(2).rails(4));
        assertEquals(List.of(1, 3, 4, 5, 6, 7, 8, 9), m.view().ballsOnTable());
        assertEquals("p1", m.view().atTable());
        return m;
    }

    private static MatchScript miss(MatchScript m, String player) {
        return m.shot(player, s -> s.firstContact(1).rail());
    }

    // ---- then ------------------------------------------------------------------------------------------------

    private static List<Ruling> fouls(MatchScript m) {
        return m.rulings().stream().filter(r -> r.kind() == RulingKind.FOUL).toList();
    }

    private static void assertNoFoul(MatchScript m) {
        assertTrue(m.lastApplied(), () -> "event rejected: " + m.rulings());
        assertTrue(fouls(m).isEmpty(), () -> "no FOUL expected in " + m.kinds());
    }

    /** 2.7: the incoming player has the cue ball in hand anywhere. */
    private static void assertInHandFor(MatchScript m, String incoming) {
        assertEquals(incoming, m.view().atTable());
        assertEquals(CueBall.IN_HAND, m.view().cueBall());
    }

    // ---- 6.1 – 6.3 from the ball facts -------------------------------------------------------------------------

    @Test
    void rule_6_1_cueBallPocketedIsAFoul() {
        MatchScript m = p1AtTable().shot("p1", s -> s.firstContact(1).rail().scratch());
        m.expectRulings(foul("p1", Foul.CUE_BALL_SCRATCH, "6.1"), turn("p2", CueBall.IN_HAND)); // 2.7
        assertInHandFor(m, "p2");
    }

    @Test
    void rule_6_1_cueBallOffTheTableIsAFoul() {
        MatchScript m = p1AtTable().shot("p1", s -> s.firstContact(1).rail().cueBallOffTable());
        m.expectRulings(foul("p1", Foul.CUE_BALL_SCRATCH, "6.1"), turn("p2", CueBall.IN_HAND)); // 2.7
        assertInHandFor(m, "p2");
    }

    @Test
    void rule_6_2_firstContactNotTheLowestBallIsAFoul() {
        MatchScript m = p1AtTable().shot("p1", s -> s.firstContact(3).pocket(3).rail());
        m.expectRulings(foul("p1", Foul.WRONG_BALL_FIRST, "6.2"), turn("p2", CueBall.IN_HAND)); // 2.7
        assertInHandFor(m, "p2");
    }

    @Test
    void rule_6_2_hittingNothingIs6_2WhereTheRuleApplies() {
        // docs/rules.md: "hitting nothing is also 6.2 where 6.2 applies, else 6.3" — 6.2 applies on every 9-ball shot
        MatchScript m = p1AtTable().shot("p1", s -> s.noContact());
        m.expectRulings(foul("p1", Foul.WRONG_BALL_FIRST, "6.2"), turn("p2", CueBall.IN_HAND)); // 2.7
    }

    @Test
    void rule_6_3_nothingPocketedAndNoRailAfterContactIsAFoul() {
        MatchScript m = p1AtTable().shot("p1", s -> s.firstContact(1));
        m.expectRulings(foul("p1", Foul.NO_RAIL_AFTER_CONTACT, "6.3"), turn("p2", CueBall.IN_HAND)); // 2.7
        assertInHandFor(m, "p2");
    }

    @Test
    void rule_6_3_aBallPocketedWithoutAnyRailIsNoFoul() {
        // 6.3 needs both: nothing pocketed AND no ball to a rail
        MatchScript m = p1AtTable().shot("p1", s -> s.firstContact(1).pocket(1));
        m.expectRulings(continueFor("p1")); // 2.5: no foul, the shooter stays
    }

    // ---- 6.4 – 6.12 reported by the referee ------------------------------------------------------------------

    @ParameterizedTest(name = "rule {1}: {0}")
    @CsvSource({
            "FOOT_NOT_ON_FLOOR, 6.4",
            "TOUCHED_BALL,      6.6",
            "DOUBLE_HIT,        6.7",
            "PUSH_SHOT,         6.8",
            "BALLS_MOVING,      6.9",
            "CUE_ON_TABLE,      6.12"})
    void rule_6_4_to_6_12_refereeReportedFoulOnAnOtherwiseLegalShot(String foul, String rule) {
        MatchScript m = p1AtTable().shot("p1", s -> s.firstContact(1).pocket(3).rail().refereeFoul(foul));
        m.expectRulings(foul("p1", Foul.valueOf(foul), rule), turn("p2", CueBall.IN_HAND)); // 2.7
        assertInHandFor(m, "p2");
        assertFalse(m.view().ballsOnTable().contains(3), "2.6: the 3 pocketed on the foul stays down");
        assertEquals(1, m.player("p1").consecutiveFouls());
    }

    @Test
    void rule_6_5_objectBallOffTheTableIsAFoul_andIn9BallItStaysOff() {
        MatchScript m = p1AtTable().shot("p1", s -> s.firstContact(1).offTable(5).rail());
        m.expectRulings(foul("p1", Foul.BALL_OFF_TABLE, "6.5"), turn("p2", CueBall.IN_HAND)); // 2.7
        assertInHandFor(m, "p2");
        assertFalse(m.has(RulingKind.BALLS_SPOTTED));
        assertEquals(List.of(1, 3, 4, 6, 7, 8, 9), m.view().ballsOnTable());
    }

    @ParameterizedTest(name = "rule 6.10: placed {0} on the break")
    @ValueSource(strings = {"ON_HEAD_STRING", "IN_FRONT_OF_HEAD_STRING"})
    void rule_6_10_placingOnOrInFrontOfTheHeadStringWhenInHandBehindIt(String placement) {
        // otherwise a legal break (the 3 pocketed): only the placement is wrong
        MatchScript m = ready().shot("p1", s -> s.placement(placement).firstContact(1).pocket(3).rails(5));
        m.expectRulings(foul("p1", Foul.BAD_CUE_BALL_PLACEMENT, "6.10"), turn("p2", CueBall.IN_HAND)); // 2.7
        assertInHandFor(m, "p2");
        assertFalse(m.view().pushOutAvailable());
    }

    @Test
    void rule_6_10_placingInFrontOfTheHeadStringIsFineWhenInHandAnywhere() {
        MatchScript m = p1AtTable().shot("p1", s -> s.firstContact(1).rail().scratch()); // p2 in hand anywhere
        m.shot("p2", s -> s.placement("IN_FRONT_OF_HEAD_STRING").firstContact(1).pocket(1).rail());
        m.expectRulings(continueFor("p2")); // 2.5: no foul, the shooter stays
    }

    /**
     * 8-ball, 3.3 f: p1 breaks, pockets the 8 and scratches; p2 spots the 8 and is in hand behind the head string.
     */
    private static MatchScript eightBallInHandInKitchenForP2() {
        MatchScript m = MatchScript.readyToBreak("EIGHT_BALL", 3, "p1")
                .shot("p1", s -> s.placement("BEHIND_HEAD_STRING").firstContact(1).pocket(8).rails(4).scratch())
                .choose("p2", "SPOT_EIGHT");
        assertTrue(m.lastApplied(), () -> "setup: " + m.rulings());
        assertEquals("p2", m.view().atTable());
        assertEquals(CueBall.IN_HAND_KITCHEN, m.view().cueBall());
        return m;
    }

    @Test
    void rule_6_11_eightBall_firstContactBehindTheHeadStringBeforeTheCueBallCrossedItIsAFoul() {
        MatchScript m = eightBallInHandInKitchenForP2().shot("p2", s -> s.placement("BEHIND_HEAD_STRING")
                .call(3, "FOOT_LEFT").firstContact(3).rail().kitchenContact(true, false));
        m.expectFoul("p2", Foul.BAD_PLAY_FROM_KITCHEN, "6.11");
        assertInHandFor(m, "p1"); // 3.9
    }

    @Test
    void rule_6_11_eightBall_aBallBehindTheHeadStringHitAfterTheCueBallCrossedItIsNoFoul() {
        MatchScript m = eightBallInHandInKitchenForP2().shot("p2", s -> s.placement("BEHIND_HEAD_STRING")
                .call(3, "FOOT_LEFT").firstContact(3).rail().kitchenContact(true, true));
        assertNoFoul(m);
    }

    @Test
    void rule_6_11_nineBallDoesNotApplyIt() {
        // docs/rules.md 2.7 lists 6.1–6.10, 6.12, 6.13, 6.15 for 9-ball: 6.11 is not among them
        MatchScript m = ready().shot("p1", s -> s.placement("BEHIND_HEAD_STRING").firstContact(1).pocket(3).rails(5)
                .kitchenContact(true, false));
        m.expectRulings(continueFor("p1")); // 2.3 legal break, 2.5: the breaker stays
    }

    // ---- 6.13 – 6.16 -------------------------------------------------------------------------------------------

    @Test
    void rule_6_13_shotOutOfTurnIsAFoulOnTheShooter_theRightfulPlayerGetsBallInHand() {
        MatchScript m = p1AtTable().shot("p2", s -> s.firstContact(1).rail());
        // 6.13: p1, who should have shot, never left the table, so no TURN (docs/view.md: "the table changes hands")
        m.expectRulings(foul("p2", Foul.OUT_OF_TURN, "6.13"));
        assertInHandFor(m, "p1");
        assertEquals(1, m.player("p2").consecutiveFouls());
        assertEquals(0, m.player("p1").consecutiveFouls());
    }

    @Test
    void rule_6_14_threeConsecutiveFouls_aFoulByRulingCounts() {
        MatchScript m = p1AtTable().shot("p1", s -> s.firstContact(1).rail().scratch());
        miss(m, "p2");
        m.shot("p1", s -> s.firstContact(4).rail());
        miss(m, "p2");
        assertEquals(2, m.player("p1").consecutiveFouls());
        m.ruling("SLOW_PLAY", "p1", null);
        Ruling serious = m.ruling(RulingKind.SERIOUS_FOUL);
        assertEquals("p1", serious.player());
        assertEquals("6.14", serious.rule());
        Ruling won = m.ruling(RulingKind.RACK_WON);
        assertEquals("p2", won.player());
        assertEquals("6.14", won.rule());
        assertEquals(1, m.player("p2").score());
    }

    @Test
    void rule_6_15_slowPlayRulingIsAStandardFoul() {
        MatchScript m = p1AtTable().ruling("SLOW_PLAY", "p1", null);
        m.expectRulings(foul("p1", Foul.SLOW_PLAY, "6.15"), turn("p2", CueBall.IN_HAND)); // 2.7
        assertInHandFor(m, "p2");
        assertEquals(1, m.player("p1").consecutiveFouls());
    }

    @Test
    void rule_6_15_slowPlayOnThePlayerNotAtTheTable_thePlayerAtTheTableTakesBallInHand() {
        // contract silent on who shoots: the standard-foul remedy goes to the offender's opponent, here already shooting
        MatchScript m = p1AtTable().ruling("SLOW_PLAY", "p2", null);
        m.expectFoul("p2", Foul.SLOW_PLAY, "6.15");
        assertInHandFor(m, "p1");
        assertEquals(1, m.player("p2").consecutiveFouls());
    }

    @Test
    void rule_6_16_unsportsmanlikeWithStandardFoulPenalty() {
        MatchScript m = p1AtTable().ruling("UNSPORTSMANLIKE", "p1", "STANDARD_FOUL");
        m.expectRulings(foul("p1", Foul.UNSPORTSMANLIKE, "6.16"), turn("p2", CueBall.IN_HAND)); // 2.7
        assertInHandFor(m, "p2");
        assertEquals(1, m.player("p1").consecutiveFouls(), "docs/events.md: STANDARD_FOUL counts toward 6.14");
    }

    @Test
    void rule_6_16_unsportsmanlikeWarningIsNoFoul() {
        MatchScript m = p1AtTable().ruling("UNSPORTSMANLIKE", "p1", "WARNING");
        m.expectRulings(kind(RulingKind.WARNING).withPlayer("p1").withRule("6.16")); // 6.16, docs/view.md
        assertEquals("p1", m.view().atTable());
        assertEquals(CueBall.IN_POSITION, m.view().cueBall());
        assertEquals(0, m.player("p1").consecutiveFouls());
    }

    // ---- one shot, one foul ------------------------------------------------------------------------------------

    static Stream<Arguments> severalInfractions() {
        return Stream.of(
                Arguments.of("scratch + wrong ball first", (Consumer<ShotFacts>) s -> s.firstContact(3).rail().scratch(),
                        "CUE_BALL_SCRATCH", "6.1"),
                Arguments.of("hit nothing + cue ball off the table", (Consumer<ShotFacts>) s -> s.noContact().cueBallOffTable(),
                        "CUE_BALL_SCRATCH", "6.1"),
                Arguments.of("wrong ball first + no rail", (Consumer<ShotFacts>) s -> s.firstContact(4),
                        "WRONG_BALL_FIRST", "6.2"),
                Arguments.of("wrong ball first + ball off + double hit",
                        (Consumer<ShotFacts>) s -> s.firstContact(4).offTable(6).rail().refereeFoul("DOUBLE_HIT"),
                        "WRONG_BALL_FIRST", "6.2"),
                Arguments.of("no rail + cue on table", (Consumer<ShotFacts>) s -> s.firstContact(1).refereeFoul("CUE_ON_TABLE"),
                        "NO_RAIL_AFTER_CONTACT", "6.3"),
                Arguments.of("cue on table + balls moving + foot off the floor",
                        (Consumer<ShotFacts>) s -> s.firstContact(1).rail().refereeFoul("CUE_ON_TABLE")
                                .refereeFoul("BALLS_MOVING").refereeFoul("FOOT_NOT_ON_FLOOR"),
                        "FOOT_NOT_ON_FLOOR", "6.4"),
                Arguments.of("ball off + foot off the floor",
                        (Consumer<ShotFacts>) s -> s.firstContact(1).offTable(7).rail().refereeFoul("FOOT_NOT_ON_FLOOR"),
                        "FOOT_NOT_ON_FLOOR", "6.4"),
                Arguments.of("ball off + touched ball + double hit",
                        (Consumer<ShotFacts>) s -> s.firstContact(1).offTable(5).rail().refereeFoul("DOUBLE_HIT")
                                .refereeFoul("TOUCHED_BALL"),
                        "BALL_OFF_TABLE", "6.5"),
                Arguments.of("balls moving + push shot", (Consumer<ShotFacts>) s -> s.firstContact(1).rail()
                                .refereeFoul("BALLS_MOVING").refereeFoul("PUSH_SHOT"),
                        "PUSH_SHOT", "6.8"));
    }

    @ParameterizedTest(name = "one shot one foul: {0} -> {2} {3}")
    @MethodSource("severalInfractions")
    void rule_6_oneShotOneFoul_citesTheFirstInViewMdOrder(String label, Consumer<ShotFacts> facts, String foul, String rule) {
        MatchScript m = p1AtTable().shot("p1", facts);
        m.expectRulings(foul("p1", Foul.valueOf(foul), rule), turn("p2", CueBall.IN_HAND)); // 2.7
        assertEquals(1, m.player("p1").consecutiveFouls(), "penalised once, counted once");
        assertInHandFor(m, "p2");
    }

    @Test
    void rule_6_13_outOfTurnShotWithAScratchIsOneFoulCitedAs6_1() {
        MatchScript m = p1AtTable().shot("p2", s -> s.firstContact(1).rail().scratch());
        // 6.13: p1, who should have shot, never left the table, so no TURN (docs/view.md: "the table changes hands")
        m.expectRulings(foul("p2", Foul.CUE_BALL_SCRATCH, "6.1"));
        assertInHandFor(m, "p1");
        assertEquals(1, m.player("p2").consecutiveFouls());
    }

    @Test
    void rule_6_13_outOfTurnShotWithCueOnTableIsOneFoulCitedAs6_12() {
        MatchScript m = p1AtTable().shot("p2", s -> s.firstContact(1).rail().refereeFoul("CUE_ON_TABLE"));
        // 6.13: p1, who should have shot, never left the table, so no TURN (docs/view.md: "the table changes hands")
        m.expectRulings(foul("p2", Foul.CUE_ON_TABLE, "6.12"));
        assertInHandFor(m, "p1");
    }

    @Test
    void rule_6_10_badPlacementWithCueOnTableOnTheBreakIsOneFoulCitedAs6_10() {
        MatchScript m = ready().shot("p1", s -> s.placement("ON_HEAD_STRING").firstContact(1).pocket(3).rails(5)
                .refereeFoul("CUE_ON_TABLE"));
        m.expectRulings(foul("p1", Foul.BAD_CUE_BALL_PLACEMENT, "6.10"), turn("p2", CueBall.IN_HAND)); // 2.7
    }

    @Test
    void rule_6_14_aShotBreakingSeveralRulesCountsOnceTowardThreeFouls() {
        MatchScript m = p1AtTable().shot("p1", s -> s.firstContact(3).offTable(5).scratch().refereeFoul("DOUBLE_HIT"));
        assertEquals(1, m.player("p1").consecutiveFouls());
        miss(m, "p2");
        m.shot("p1", s -> s.noContact().offTable(6).cueBallOffTable().refereeFoul("CUE_ON_TABLE"));
        assertEquals(1, fouls(m).size());
        assertFalse(m.has(RulingKind.SERIOUS_FOUL));
        assertFalse(m.has(RulingKind.RACK_WON));
        assertEquals(2, m.player("p1").consecutiveFouls());
        assertTrue(m.player("p1").onTwoFouls());
    }

    // ---- on a break shot the break test replaces 6.3 ---------------------------------------------------------

    @Test
    void rule_2_3_breakTestReplaces6_3_fourBallsToARailIsLegalEvenWithoutRailAfterContact() {
        // docs/view.md: "On a break shot the discipline's break test (2.3 …) takes the place of 6.3": railAfterContact
        // is not looked at on a break; the 1 hit first and 4 object balls to a rail pass 2.3.
        MatchScript m = ready().shot("p1", s -> s.placement("BEHIND_HEAD_STRING").firstContact(1)
                .set("objectBallsToRail", IntNode.valueOf(4)));
        m.expectRulings(turn("p2", CueBall.IN_POSITION)); // 2.3 legal break, nothing pocketed: the table passes
        assertTrue(m.view().pushOutAvailable());
    }

    @Test
    void rule_2_3_breakTestReplaces6_3_aBreakWithNoRailAtAllIsCitedAs2_3NotAs6_3() {
        MatchScript m = ready().shot("p1", s -> s.placement("BEHIND_HEAD_STRING").firstContact(1));
        m.expectRulings(foul("p1", Foul.ILLEGAL_BREAK, "2.3"), turn("p2", CueBall.IN_HAND)); // 2.7
        assertInHandFor(m, "p2");
    }

    @ParameterizedTest(name = "failed break + {0} -> {1} {2}")
    @CsvSource({
            "scratch,           CUE_BALL_SCRATCH, 6.1",
            "wrong ball first,  WRONG_BALL_FIRST, 6.2",
            "hit nothing,       WRONG_BALL_FIRST, 6.2",
            "cue on table,      CUE_ON_TABLE,     6.12"})
    void rule_2_3_failedBreakWithAnother6_xFoulIsOneFoulCitingThe6_xRule(String infraction, String foul, String rule) {
        // docs/view.md order: 6.1 … 6.16 come before ILLEGAL_BREAK, so the 6.x rule is cited, once
        Consumer<ShotFacts> facts = switch (infraction) {
            case "scratch" -> s -> s.placement("BEHIND_HEAD_STRING").firstContact(1).rails(2).scratch();
            case "wrong ball first" -> s -> s.placement("BEHIND_HEAD_STRING").firstContact(2).rails(2);
            case "hit nothing" -> s -> s.placement("BEHIND_HEAD_STRING").noContact();
            case "cue on table" -> s -> s.placement("BEHIND_HEAD_STRING").firstContact(1).rails(2).refereeFoul("CUE_ON_TABLE");
            default -> throw new IllegalArgumentException(infraction);
        };
        MatchScript m = ready().shot("p1", facts);
        m.expectRulings(foul("p1", Foul.valueOf(foul), rule), turn("p2", CueBall.IN_HAND)); // 2.7
        assertEquals(1, m.player("p1").consecutiveFouls());
        assertInHandFor(m, "p2");
    }

    @Test
    void rule_2_3_legalBreakDoesNotMakeAScratchLegal() {
        MatchScript m = ready().shot("p1", s -> s.placement("BEHIND_HEAD_STRING").firstContact(1).pocket(4).rails(6).scratch());
        m.expectRulings(foul("p1", Foul.CUE_BALL_SCRATCH, "6.1"), turn("p2", CueBall.IN_HAND)); // 2.7
        MatchView v = m.view();
        assertEquals("p2", v.atTable());
        assertEquals(CueBall.IN_HAND, v.cueBall());
        assertFalse(v.ballsOnTable().contains(4));
    }
}
