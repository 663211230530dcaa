package org.matchledger.core.rules;

import org.matchledger.core.event.Discipline;
import org.matchledger.core.event.EventData.Rerack;
import org.matchledger.core.event.EventData.ShotTaken;
import org.matchledger.core.event.OptionName;
import org.matchledger.core.event.Rejection;
import org.matchledger.core.ruling.Foul;
import org.matchledger.core.ruling.Ruling;
import org.matchledger.core.ruling.RulingKind;
import org.matchledger.core.state.Balls;
import org.matchledger.core.state.Pending;
import org.matchledger.core.view.CueBall;
import org.matchledger.core.view.Status;

import java.util.List;
import java.util.Optional;

import static org.matchledger.core.rules.MatchState.NOBODY;
import static org.matchledger.core.rules.MatchState.opponent;

/** 14.1 continuous (straight pool), WPA 4.x: points, re-racks, the opening break and the three-foul penalty. */
public final class StraightPoolRules implements DisciplineRules {
    private static final int ALL_FIFTEEN = Balls.upTo(15);
    private static final int STANDARD_FOUL_POINTS = -1;   // 4.9
    private static final int BREAKING_FOUL_POINTS = -2;   // 4.3
    private static final int THIRD_FOUL_PENALTY = -15;    // 4.11

    @Override
    public Discipline discipline() {
        return Discipline.STRAIGHT_POOL;
    }

    @Override
    public int rackBalls() {
        return ALL_FIFTEEN;
    }

    @Override
    public boolean usesGroups() {
        return false;
    }

    @Override
    public boolean threeFoulRule() {
        return true; // 4.11
    }

    @Override
    public boolean foulsResetEachRack() {
        return false; // docs/view.md: carried across re-racks in 14.1
    }

    @Override
    public void judgeShot(Table t, ShotTaken shot) {
        MatchState s = t.state();
        int shooter = s.indexOf(shot.shooter());
        boolean outOfTurn = shooter != s.atTable;
        boolean fromKitchen = s.cueBall == CueBall.IN_HAND_KITCHEN;
        boolean isBreak = s.nextShotIsBreak;
        // 4.5: a point for the called ball in the called pocket (a safety calls no ball).
        boolean calledDown = !shot.safety() && shot.call() != null
                && shot.pocketOf(shot.call().ball()) == shot.call().pocket();
        int down = shot.pocketedMask() | shot.offTableMask();
        t.beginShot(shooter);
        s.nextShotIsBreak = false;

        if (isBreak && !calledDown && !(shot.cueBallToRail() && shot.objectBallsToRail() >= 2)) {
            breakingFoul(t, shot, shooter, down);
            return;
        }
        // 4.9: 6.2 does not apply (any ball may be hit first); on the opening break its test replaces 6.3.
        Foul foul = FoulCheck.firstFoul(shot, outOfTurn, FoulCheck.NO_WRONG_BALL_RULE, !isBreak, fromKitchen, true);
        if (foul != null) {
            t.spot(down); // 4.6: balls pocketed on a foul and balls off the table are spotted
            if (t.foul(shooter, foul, foul.rule(), STANDARD_FOUL_POINTS)) {
                thirdFoul(t, shooter);
                return;
            }
            // 4.9: the incoming player plays from where the cue ball lies, except after a scratch.
            t.passTurn(opponent(shooter), shot.scratched() ? CueBall.IN_HAND_KITCHEN : CueBall.IN_POSITION, false);
            return;
        }
        t.legalShot(shooter);
        if (shot.safety()) {
            t.rule(Ruling.of(RulingKind.SAFETY).player(t.id(shooter)).rule("4.5"));
            t.spot(down); // 4.6: balls pocketed on a safety are spotted, no points
            t.passTurn(opponent(shooter), CueBall.IN_POSITION, false);
            return;
        }
        if (!calledDown) {
            t.spot(down); // 4.5: the called ball missed: pocketed balls are spotted and score nothing
            t.passTurn(opponent(shooter), CueBall.IN_POSITION, false);
            return;
        }
        // 4.2: one point for the called ball and one for every other ball pocketed on the shot.
        int points = Balls.count(shot.pocketedMask());
        PlayerState p = s.player(shooter);
        p.score += points;
        p.addToRun(points);
        t.rule(Ruling.of(RulingKind.POINTS).player(p.id).points(points).rule("4.2"));
        s.balls &= ~shot.pocketedMask();
        if (p.score >= s.raceTo) {
            t.winMatch(shooter, "RACE"); // 4.1: the match ends the moment a player reaches the race
            return;
        }
        s.cueBall = CueBall.IN_POSITION;
        int left = Balls.count(s.balls);
        if (left == 0) {
            rerack(t, 15, CueBall.IN_POSITION, "4.8", "the 15th ball was pocketed on the same shot");
        } else if (left == 1) {
            rerackAroundLastBall(t, shot.rerack());
        }
        t.continueTurn(shooter, s.cueBall);
    }

    /** 4.3 / 4.10: the opening break failed: −2 (scratch included, once), the incoming player chooses. */
    private void breakingFoul(Table t, ShotTaken shot, int breaker, int down) {
        t.spot(down); // 4.6
        PlayerState p = t.player(breaker);
        p.score += BREAKING_FOUL_POINTS; // does not count toward 6.14 (docs/rules.md 4.3)
        t.rule(Ruling.of(RulingKind.BREAKING_FOUL).player(p.id).rule("4.3").points(BREAKING_FOUL_POINTS)
                .detail(shot.scratched() ? "breaking foul and scratch: penalised once (4.10)" : null));
        t.offer(new Pending(opponent(breaker), List.of(OptionName.ACCEPT_TABLE, OptionName.OPPONENT_REBREAKS),
                Pending.Situation.BREAKING_FOUL, shot.scratched() ? CueBall.IN_HAND_KITCHEN : CueBall.IN_POSITION));
    }

    /** 4.11: the third consecutive foul: −15 more, count reset, all 15 re-racked, the offender breaks under 4.3. */
    private void thirdFoul(Table t, int offender) {
        PlayerState p = t.player(offender);
        p.score += THIRD_FOUL_PENALTY;
        p.consecutiveFouls = 0;
        p.onTwoFouls = false;
        t.rule(Ruling.of(RulingKind.SERIOUS_FOUL).player(p.id).rule("6.14").points(THIRD_FOUL_PENALTY));
        rerackForOpeningBreak(t, offender, "4.11");
    }

    private void rerackForOpeningBreak(Table t, int breaker, String rule) {
        t.endTurn();
        t.countRack();
        t.rule(Ruling.of(RulingKind.RERACK).balls(Balls.list(ALL_FIFTEEN)).cueBall(CueBall.IN_HAND_KITCHEN).rule(rule));
        t.rackFor(breaker, rule, "opening break after " + rule);
    }

    /** 4.8: the 14th ball of a rack is down and one object ball stays; where the balls lie decides the re-rack. */
    private void rerackAroundLastBall(Table t, Rerack facts) {
        boolean cueIn = facts != null && facts.cueBallInRackArea();
        boolean lastIn = facts != null && facts.lastBallInRackArea();
        boolean lastBehind = facts != null && facts.lastBallBehindHeadString();
        if (cueIn && lastIn) {
            rerack(t, 15, CueBall.IN_HAND_KITCHEN, "4.8", "cue ball and last ball in the rack area: all 15 re-racked");
        } else if (lastIn) {
            rerack(t, 14, CueBall.IN_POSITION, "4.8", "last ball in the rack area: it goes to the head spot");
        } else if (cueIn) {
            if (lastBehind) {
                rerack(t, 14, CueBall.IN_POSITION, "4.8", "cue ball in the rack area, last ball behind the head string: cue ball on the head spot");
            } else {
                rerack(t, 14, CueBall.IN_HAND_KITCHEN, "4.8", "cue ball in the rack area: in hand behind the head string");
            }
        } else {
            rerack(t, 14, CueBall.IN_POSITION, "4.4", null);
        }
    }

    /** Re-racks 15 balls, or the 14 pocketed ones around the last ball still on the table. */
    private void rerack(Table t, int racked, CueBall cueBall, String rule, String detail) {
        MatchState s = t.state();
        int rackedBalls = racked == 15 ? ALL_FIFTEEN : ALL_FIFTEEN & ~s.balls;
        s.rack++; // docs/view.md: in 14.1 the rack number advances at every re-rack
        s.balls = ALL_FIFTEEN;
        s.cueBall = cueBall;
        t.rule(Ruling.of(RulingKind.RERACK).balls(Balls.list(rackedBalls)).cueBall(cueBall).rule(rule).detail(detail));
    }

    @Override
    public void chooseOption(Table t, Pending pending, OptionName option) {
        if (option == OptionName.ACCEPT_TABLE) {
            t.passTurn(pending.player(), pending.cueBallIfAccepted(), false); // 4.3: he shoots from position
        } else {
            t.rackFor(opponent(pending.player()), "4.3", "the offender breaks again"); // OPPONENT_REBREAKS
        }
    }

    @Override
    public void foulByRuling(Table t, int offender, Foul foul) {
        if (t.foul(offender, foul, foul.rule(), STANDARD_FOUL_POINTS)) {
            thirdFoul(t, offender);
            return;
        }
        if (RackGameRules.tableInPlay(t)) {
            t.passTurn(opponent(offender), CueBall.IN_POSITION, false);
        }
    }

    /** 6.16 in 14.1: −15 and the 4.11 re-rack, the offender breaks. */
    @Override
    public void seriousFoulByRuling(Table t, int offender) {
        PlayerState p = t.player(offender);
        p.score += THIRD_FOUL_PENALTY;
        t.rule(Ruling.of(RulingKind.SERIOUS_FOUL).player(p.id).rule("6.16").points(THIRD_FOUL_PENALTY));
        if (t.inProgress()) {
            rerackForOpeningBreak(t, offender, "4.11");
        }
    }

    @Override
    public Optional<Rejection> rejectLossOfRack() {
        return Optional.of(Rejection.of("data.penalty", "LOSS_OF_RACK does not apply in STRAIGHT_POOL (rulebook 6.16)"));
    }

    @Override
    public void lossOfRackByRuling(Table t, int offender) {
        throw new IllegalStateException("rejected by rejectLossOfRack");
    }

    /** 4.12: lag again for the opening break; scores and foul counts are carried. */
    @Override
    public void stalemate(Table t) {
        MatchState s = t.state();
        t.rule(Ruling.of(RulingKind.STALEMATE).rule("4.12"));
        t.endTurn();
        s.stalemateLeft = null;
        s.status = Status.AWAITING_LAG;
        s.balls = ALL_FIFTEEN;
        s.breaker = NOBODY;
        s.atTable = NOBODY;
        s.pending = null;
        s.nextShotIsBreak = false;
        s.cueBall = CueBall.IN_HAND_KITCHEN;
    }
}
