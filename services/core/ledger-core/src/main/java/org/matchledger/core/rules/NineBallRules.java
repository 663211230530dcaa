package org.matchledger.core.rules;

import org.matchledger.core.event.Discipline;
import org.matchledger.core.event.EventData.ShotTaken;
import org.matchledger.core.event.OptionName;
import org.matchledger.core.event.Rejection;
import org.matchledger.core.ruling.Foul;
import org.matchledger.core.ruling.Ruling;
import org.matchledger.core.ruling.RulingKind;
import org.matchledger.core.state.Balls;
import org.matchledger.core.state.Pending;
import org.matchledger.core.view.CueBall;

import java.util.List;
import java.util.Optional;

import static org.matchledger.core.rules.MatchState.opponent;

/** 9-ball, WPA 2.x. */
public final class NineBallRules extends RackGameRules {
    private static final int NINE = 9;

    public NineBallRules() {
        super(Discipline.NINE_BALL, Balls.upTo(9), false, true); // 2.8: the three-foul rule
    }

    @Override
    public Optional<Rejection> rejectShot(MatchState s, ShotTaken shot) {
        // 2.4: a push out only on the shot right after a legal break (by whoever is then at the table).
        if (shot.pushOut() && s.indexOf(shot.shooter()) == s.atTable && !s.pushOutAvailable) {
            return Optional.of(Rejection.of("data.pushOut", "a push out is allowed only on the shot right after a legal break (2.4)"));
        }
        return Optional.empty();
    }

    @Override
    public void judgeShot(Table t, ShotTaken shot) {
        MatchState s = t.state();
        int shooter = s.indexOf(shot.shooter());
        boolean outOfTurn = shooter != s.atTable;
        boolean isBreak = s.nextShotIsBreak;
        boolean pushOut = shot.pushOut() && !outOfTurn;
        boolean fromKitchen = s.cueBall == CueBall.IN_HAND_KITCHEN;
        t.beginShot(shooter);
        s.pushOutAvailable = false;

        // 2.2 / 6.2: the lowest ball first, on every shot including the break; 2.4: not on a push out.
        int legalFirst = pushOut ? FoulCheck.NO_WRONG_BALL_RULE : 1 << Balls.lowest(s.balls);
        Foul foul = FoulCheck.firstFoul(shot, outOfTurn, legalFirst, !isBreak && !pushOut, fromKitchen, false);
        // 2.3: a break must pocket a ball or drive at least four object balls to a rail.
        if (foul == null && isBreak && !shot.pocketedAny() && shot.objectBallsToRail() < 4) {
            foul = Foul.ILLEGAL_BREAK;
        }
        s.balls &= ~(shot.pocketedMask() | shot.offTableMask());
        s.nextShotIsBreak = false;
        boolean nineDown = shot.pocketed(NINE) || shot.offTable(NINE);

        if (foul != null) {
            if (nineDown) {
                t.spot(Balls.of(NINE)); // 2.6: only the 9 comes back
            }
            String rule = foul == Foul.ILLEGAL_BREAK ? "2.3" : foul.rule();
            if (t.foul(shooter, foul, rule, 0)) {
                threeFouls(t, shooter);
                return;
            }
            t.passTurn(opponent(shooter), CueBall.IN_HAND, false); // 2.7: in hand anywhere
            return;
        }

        t.legalShot(shooter);
        if (pushOut) {
            t.rule(Ruling.of(RulingKind.PUSH_OUT).player(t.id(shooter)).rule("2.4"));
            if (nineDown) {
                t.spot(Balls.of(NINE)); // 2.6: the 9 pocketed on a push out is spotted
            }
            s.cueBall = CueBall.IN_POSITION;
            t.offer(new Pending(opponent(shooter), List.of(OptionName.SHOOT, OptionName.PASS),
                    Pending.Situation.PUSH_OUT, CueBall.IN_POSITION));
            return;
        }
        if (shot.pocketed(NINE)) {
            t.addToRun(shooter, Balls.count(shot.pocketedMask()));
            t.winRack(shooter, "2.5", "9 pocketed" + (isBreak ? " on the break" : ""));
            return;
        }
        if (isBreak) {
            s.pushOutAvailable = true; // 2.4: the shot after a legal break may be a push out
        }
        if (shot.pocketedAny()) {
            s.player(shooter).addToRun(Balls.count(shot.pocketedMask()));
            t.continueTurn(shooter); // 2.5
        } else {
            t.passTurn(opponent(shooter), CueBall.IN_POSITION, false);
        }
    }

    @Override
    public void chooseOption(Table t, Pending pending, OptionName option) {
        // 2.4: after a push out the other player shoots from position, or passes the shot back to the pusher.
        int chooser = pending.player();
        int shooter = option == OptionName.SHOOT ? chooser : opponent(chooser);
        t.passTurn(shooter, CueBall.IN_POSITION, false);
    }

    @Override
    void giveStandardFoulRemedy(Table t, int incoming) {
        t.passTurn(incoming, CueBall.IN_HAND, false);
    }
}
