package org.matchledger.core.rules;

import org.matchledger.core.event.Discipline;
import org.matchledger.core.event.EventData.ShotTaken;
import org.matchledger.core.event.OptionName;
import org.matchledger.core.ruling.Foul;
import org.matchledger.core.ruling.Ruling;
import org.matchledger.core.ruling.RulingKind;
import org.matchledger.core.state.Balls;
import org.matchledger.core.state.Pending;
import org.matchledger.core.view.CueBall;
import org.matchledger.core.view.Group;

import java.util.List;

import static org.matchledger.core.rules.MatchState.opponent;

/** 8-ball, WPA 3.x. */
public final class EightBallRules extends RackGameRules {
    private static final int EIGHT = 8;

    public EightBallRules() {
        super(Discipline.EIGHT_BALL, Balls.upTo(15), true, false); // 3.9: no three-foul rule in 8-ball
    }

    @Override
    public void judgeShot(Table t, ShotTaken shot) {
        int shooter = t.indexOf(shot.shooter());
        t.beginShot(shooter);
        if (t.nextShotIsBreak()) {
            judgeBreak(t, shot, shooter);
        } else {
            judgeCalledShot(t, shot, shooter);
        }
    }

    /** 3.3: the break. No call, any first contact; the break test takes the place of 6.3. */
    private void judgeBreak(Table t, ShotTaken shot, int shooter) {
        MatchState s = t.state();
        boolean fromKitchen = s.cueBall == CueBall.IN_HAND_KITCHEN;
        Foul foul = FoulCheck.firstFoul(shot, shooter != s.atTable, FoulCheck.NO_WRONG_BALL_RULE, false, fromKitchen, true);
        boolean eightDown = shot.pocketed(EIGHT) || shot.offTable(EIGHT);
        boolean illegal = !shot.pocketedAny() && shot.objectBallsToRail() < 4;
        int incoming = opponent(shooter);
        s.balls &= ~(shot.pocketedMask() | shot.offTableMask());
        s.nextShotIsBreak = false;

        if (shot.pocketed(EIGHT) && shot.scratched()) {
            // 3.3 f: the 8 and the cue ball pocketed: a foul; the incoming player spots the 8 or breaks.
            t.foul(shooter, Foul.CUE_BALL_SCRATCH, "6.1", 0);
            t.offer(new Pending(incoming, List.of(OptionName.SPOT_EIGHT, OptionName.REBREAK),
                    Pending.Situation.EIGHT_AND_SCRATCH_ON_BREAK, CueBall.IN_HAND_KITCHEN));
            return;
        }
        if (illegal) {
            // 3.3 d: nothing pocketed and fewer than four balls to a rail.
            if (shot.offTable(EIGHT)) {
                t.spot(Balls.of(EIGHT)); // 3.3: the 8 off the table on the break is spotted
            }
            if (foul != null) {
                t.foul(shooter, foul, foul.rule(), 0);
            }
            t.rule(Ruling.of(RulingKind.ILLEGAL_BREAK).player(t.id(shooter)).rule("3.3"));
            t.offer(new Pending(incoming, List.of(OptionName.ACCEPT_TABLE, OptionName.REBREAK, OptionName.OPPONENT_REBREAKS),
                    Pending.Situation.EIGHT_BALL_ILLEGAL_BREAK, foul != null ? CueBall.IN_HAND : CueBall.IN_POSITION));
            return;
        }
        if (foul != null) {
            // 3.3: a scratch or a ball off the table on the break: standard foul; only the 8 is spotted.
            if (eightDown) {
                t.spot(Balls.of(EIGHT));
            }
            t.foul(shooter, foul, foul.rule(), 0);
            t.passTurn(incoming, CueBall.IN_HAND, false);
            return;
        }
        t.legalShot(shooter);
        if (shot.pocketed(EIGHT)) {
            // 3.3 e: the 8 on a legal break: the breaker spots it and continues, or breaks again.
            t.offer(new Pending(shooter, List.of(OptionName.SPOT_EIGHT, OptionName.REBREAK),
                    Pending.Situation.EIGHT_ON_BREAK, CueBall.IN_POSITION));
            return;
        }
        if (shot.pocketedAny()) {
            s.player(shooter).addToRun(Balls.count(shot.pocketedMask()));
            t.continueTurn(shooter); // 3.3 c: the table stays open
        } else {
            t.passTurn(incoming, CueBall.IN_POSITION, false);
        }
    }

    /** 3.4–3.8: every shot after the break is called. */
    private void judgeCalledShot(Table t, ShotTaken shot, int shooter) {
        MatchState s = t.state();
        int incoming = opponent(shooter);
        Group own = s.player(shooter).group;
        boolean fromKitchen = s.cueBall == CueBall.IN_HAND_KITCHEN;
        boolean groupCleared = own != null && (own.mask() & s.balls) == 0;
        Foul foul = FoulCheck.firstFoul(shot, shooter != s.atTable, legalFirstWithGroups(s, own, EIGHT), true, fromKitchen, true);
        s.balls &= ~(shot.pocketedMask() | shot.offTableMask());

        if (shot.pocketed(EIGHT) || shot.offTable(EIGHT)) {
            judgeEight(t, shot, shooter, foul, groupCleared);
            return;
        }
        if (foul != null) {
            t.foul(shooter, foul, foul.rule(), 0);
            t.passTurn(incoming, CueBall.IN_HAND, false); // 3.9: in hand anywhere
            return;
        }
        t.legalShot(shooter);
        if (shot.safety()) {
            // 1.6 / 3.6: a called safety passes the table; pocketed balls stay down.
            t.rule(Ruling.of(RulingKind.SAFETY).player(t.id(shooter)).rule("3.6"));
            t.passTurn(incoming, CueBall.IN_POSITION, false);
            return;
        }
        boolean calledBallDown = shot.call() != null && shot.pocketOf(shot.call().ball()) == shot.call().pocket();
        if (calledBallDown && s.tableOpen) {
            // 3.4: the called ball legally pocketed on an open table gives its group.
            Group group = groupOf(shot.call().ball());
            s.player(shooter).group = group;
            s.player(incoming).group = group.other();
            s.tableOpen = false;
            t.rule(Ruling.of(RulingKind.GROUP_ASSIGNED).player(t.id(shooter)).group(group).rule("3.4"));
            t.rule(Ruling.of(RulingKind.GROUP_ASSIGNED).player(t.id(incoming)).group(group.other()).rule("3.4"));
        }
        if (calledBallDown && s.player(shooter).group.contains(shot.call().ball())) {
            s.player(shooter).addToRun(Balls.count(shot.pocketedMask()));
            t.continueTurn(shooter); // 3.5
        } else {
            t.passTurn(incoming, CueBall.IN_POSITION, false); // 3.6: a missed call passes the table, no foul
        }
    }

    /** 3.5 / 3.8: the 8 went down (or off the table) on a shot after the break. */
    private void judgeEight(Table t, ShotTaken shot, int shooter, Foul foul, boolean groupCleared) {
        int incoming = opponent(shooter);
        if (shot.offTable(EIGHT)) {
            t.foul(shooter, foul, foul.rule(), 0); // 6.5 at least
            t.winRack(incoming, "3.8", "8 driven off the table");
        } else if (foul != null) {
            t.foul(shooter, foul, foul.rule(), 0);
            t.winRack(incoming, "3.8", "foul while pocketing the 8");
        } else if (!groupCleared) {
            t.winRack(incoming, "3.8", "8 pocketed before the group was cleared");
        } else if (shot.safety() || shot.call() == null || shot.call().ball() != EIGHT
                || shot.call().pocket() != shot.pocketOf(EIGHT)) {
            t.winRack(incoming, "3.8", "8 pocketed in an uncalled pocket");
        } else {
            t.legalShot(shooter);
            t.addToRun(shooter, Balls.count(shot.pocketedMask()));
            t.winRack(shooter, "3.5", "8 pocketed in the called pocket");
        }
    }

    private static Group groupOf(int ball) {
        return ball < EIGHT ? Group.SOLIDS : Group.STRIPES;
    }

    @Override
    public void chooseOption(Table t, Pending pending, OptionName option) {
        int holder = pending.player();
        switch (pending.situation()) {
            case EIGHT_BALL_ILLEGAL_BREAK -> { // 3.3 d
                switch (option) {
                    case ACCEPT_TABLE -> t.passTurn(holder, pending.cueBallIfAccepted(), false);
                    case REBREAK -> t.rackFor(holder);
                    default -> t.rackFor(opponent(holder)); // OPPONENT_REBREAKS
                }
            }
            case EIGHT_ON_BREAK, EIGHT_AND_SCRATCH_ON_BREAK -> { // 3.3 e, f
                if (option == OptionName.SPOT_EIGHT) {
                    t.spot(Balls.of(EIGHT));
                    t.passTurn(holder, pending.cueBallIfAccepted(), false);
                } else {
                    t.rackFor(holder);
                }
            }
            default -> throw new IllegalStateException("8-ball offers no option in situation " + pending.situation());
        }
    }

    @Override
    void giveStandardFoulRemedy(Table t, int incoming) {
        t.passTurn(incoming, CueBall.IN_HAND, false);
    }
}
