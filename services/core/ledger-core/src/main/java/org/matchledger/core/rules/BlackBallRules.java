package org.matchledger.core.rules;

import org.matchledger.core.event.Discipline;
import org.matchledger.core.event.EventData.ShotTaken;
import org.matchledger.core.event.OptionName;
import org.matchledger.core.event.RefereeFoul;
import org.matchledger.core.ruling.Foul;
import org.matchledger.core.ruling.Ruling;
import org.matchledger.core.ruling.RulingKind;
import org.matchledger.core.state.Balls;
import org.matchledger.core.state.Pending;
import org.matchledger.core.view.CueBall;
import org.matchledger.core.view.Group;

import static org.matchledger.core.rules.MatchState.opponent;

/** Black Ball, WPA 5.x: uncalled shots, free shots after fouls, loss of frame. */
public final class BlackBallRules extends RackGameRules {
    private static final int BLACK = 8;

    public BlackBallRules() {
        super(Discipline.BLACKBALL, Balls.upTo(15), true, false); // 5.8: no three-foul rule
    }

    @Override
    public void judgeShot(Table t, ShotTaken shot) {
        MatchState s = t.state();
        int shooter = s.indexOf(shot.shooter());
        boolean freeShot = s.freeShot && shooter == s.atTable;
        // 5.1: in hand in baulk, either because the cue ball is (after a scratch or for the break) or because the
        // player on a free shot chose to take it in hand.
        boolean fromBaulk = s.cueBall == CueBall.IN_HAND_KITCHEN || (freeShot && shot.placement() != null);
        t.beginShot(shooter);
        s.freeShot = false;
        if (s.nextShotIsBreak) {
            judgeBreak(t, shot, shooter, fromBaulk);
            return;
        }
        Group own = s.player(shooter).group;
        boolean ownCleared = own != null && (own.mask() & s.balls) == 0;
        // 5.8: 6.2 does not apply on a free shot.
        int legalFirst = freeShot ? FoulCheck.NO_WRONG_BALL_RULE : legalFirstWithGroups(s, own, BLACK);
        Foul foul = FoulCheck.firstFoul(shot, shooter != s.atTable, legalFirst, true, fromBaulk, false);
        if (foul == null) {
            foul = blackBallFoul(shot, own);
        }
        s.balls &= ~shot.pocketedMask();

        if (shot.pocketed(BLACK)) {
            judgeBlack(t, shot, shooter, foul, ownCleared);
            return;
        }
        if (foul != null) {
            t.spot(shot.offTableMask()); // 5.8: balls off the table, the black included, are spotted
            t.foul(shooter, foul, foul.rule(), 0);
            award(t, opponent(shooter), shot.scratched());
            return;
        }
        t.legalShot(shooter);
        int potted = shot.pocketedMask();
        if (s.tableOpen) {
            // 5.6: the table is decided by a legal shot that is neither a break nor a free shot and pockets one group only.
            if (!freeShot && potted != 0) {
                Group only = (potted & ~Group.REDS.mask()) == 0 ? Group.REDS
                        : (potted & ~Group.YELLOWS.mask()) == 0 ? Group.YELLOWS : null;
                if (only != null) {
                    s.player(shooter).group = only;
                    s.player(opponent(shooter)).group = only.other();
                    s.tableOpen = false;
                    t.rule(Ruling.of(RulingKind.GROUP_ASSIGNED).player(t.id(shooter)).group(only).rule("5.6"));
                    t.rule(Ruling.of(RulingKind.GROUP_ASSIGNED).player(t.id(opponent(shooter))).group(only.other()).rule("5.6"));
                }
            }
            if (potted != 0) {
                s.player(shooter).addToRun(Balls.count(potted));
                t.continueTurn(shooter); // 5.7: any ball on an open table
            } else {
                endVisit(t, shooter);
            }
            return;
        }
        if ((potted & own.mask()) != 0) {
            s.player(shooter).addToRun(Balls.count(potted));
            t.continueTurn(shooter); // 5.7: an own ball legally pocketed
        } else {
            endVisit(t, shooter);
        }
    }

    /** 5.5: from baulk; a ball pocketed or two object balls across the centre line, else a foul. */
    private void judgeBreak(Table t, ShotTaken shot, int shooter, boolean fromBaulk) {
        MatchState s = t.state();
        s.nextShotIsBreak = false;
        if (shot.pocketed(BLACK)) {
            // 5.5: the black on the break: all balls re-racked and the same player breaks again.
            t.rackFor(shooter, "5.5", "black pocketed on the break");
            return;
        }
        Foul foul = FoulCheck.firstFoul(shot, shooter != s.atTable, FoulCheck.NO_WRONG_BALL_RULE, false, fromBaulk, false);
        if (foul == null && !shot.pocketedAny() && shot.objectBallsCrossedCenter() < 2) {
            foul = Foul.ILLEGAL_BREAK;
        }
        if (foul == null) {
            foul = blackBallFoul(shot, null);
        }
        s.balls &= ~shot.pocketedMask();
        if (foul != null) {
            t.spot(shot.offTableMask());
            t.foul(shooter, foul, foul == Foul.ILLEGAL_BREAK ? "5.5" : foul.rule(), 0);
            award(t, opponent(shooter), shot.scratched());
            return;
        }
        t.legalShot(shooter);
        if (shot.pocketedAny()) {
            s.player(shooter).addToRun(Balls.count(shot.pocketedMask()));
            t.continueTurn(shooter); // the break never decides the table (5.6)
        } else {
            t.passTurn(opponent(shooter), CueBall.IN_POSITION, false);
        }
    }

    /** 5.7 / 5.9: the black went down. */
    private void judgeBlack(Table t, ShotTaken shot, int shooter, Foul foul, boolean ownCleared) {
        int incoming = opponent(shooter);
        if (foul != null) {
            t.foul(shooter, foul, foul.rule(), 0);
            t.winRack(incoming, "5.9", "black pocketed on a foul");
        } else if (!ownCleared) {
            t.winRack(incoming, "5.9", "black pocketed while own-group balls remained");
        } else {
            t.legalShot(shooter);
            t.addToRun(shooter, Balls.count(shot.pocketedMask()));
            t.winRack(shooter, "5.7", "black pocketed");
        }
    }

    /** 5.8: the Black Ball fouls beyond 6.x, in docs/view.md's citation order. */
    private static Foul blackBallFoul(ShotTaken shot, Group own) {
        if (own != null && (shot.pocketedMask() & own.mask()) == 0 && (shot.pocketedMask() & own.other().mask()) != 0) {
            return Foul.OPPONENT_BALL_ONLY;
        }
        if (shot.cueBallJumpedBall()) {
            return Foul.JUMP_SHOT;
        }
        if (shot.fouls().contains(RefereeFoul.PLAYED_BEFORE_RACK_COMPLETE)) {
            return Foul.PLAYED_BEFORE_RACK_COMPLETE;
        }
        return null;
    }

    /**
     * 5.8: after a foul the opponent has a free shot, from position or in hand in baulk (in baulk after a scratch).
     * With {@code foulAward TWO_VISITS} he has two visits, the first shot of the first being the free shot.
     */
    private void award(Table t, int incoming, boolean scratched) {
        t.awardVisitsAfterFoul();
        t.passTurn(incoming, scratched ? CueBall.IN_HAND_KITCHEN : CueBall.IN_POSITION, true);
    }

    /** A visit ends without a foul: with two visits awarded the second begins (from position, no free shot). */
    private void endVisit(Table t, int shooter) {
        MatchState s = t.state();
        if (s.visitsLeft == 2) {
            s.visitsLeft = 1;
            t.endTurn();
            s.cueBall = CueBall.IN_POSITION;
            s.freeShot = false;
            t.rule(Ruling.of(RulingKind.TURN).player(t.id(shooter)).cueBall(CueBall.IN_POSITION).freeShot(false)
                    .detail("second visit"));
            return;
        }
        s.visitsLeft = 0;
        t.passTurn(opponent(shooter), CueBall.IN_POSITION, false);
    }

    @Override
    public void chooseOption(Table t, Pending pending, OptionName option) {
        throw new IllegalStateException("Black Ball offers no option in situation " + pending.situation());
    }

    @Override
    void giveStandardFoulRemedy(Table t, int incoming) {
        award(t, incoming, false);
    }

    /** 5.9: a deliberate 6.2 or no attempt to hit a ball on is ruled with LOSS_OF_RACK: loss of frame. */
    @Override
    public void lossOfRackByRuling(Table t, int offender) {
        t.winRack(opponent(offender), "5.9", "loss of frame by ruling on " + t.id(offender));
    }
}
