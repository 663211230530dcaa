package org.matchledger.core.rules;

import org.matchledger.core.ruling.Foul;
import org.matchledger.core.ruling.Ruling;
import org.matchledger.core.ruling.RulingKind;

import static org.matchledger.core.rules.MatchState.opponent;

/** What 9-ball, 8-ball and Black Ball share: they are played in racks won or lost as a whole. */
abstract class RackGameRules implements DisciplineRules {

    @Override
    public boolean foulsResetEachRack() {
        return true;
    }

    /** The standard-foul remedy for the incoming player (2.7, 3.9: in hand anywhere; 5.8: a free shot). */
    abstract void giveStandardFoulRemedy(Table t, int incoming);

    @Override
    public void foulByRuling(Table t, int offender, Foul foul) {
        if (t.foul(offender, foul, foul.rule(), 0)) {
            threeFouls(t, offender);
            return;
        }
        if (tableInPlay(t)) {
            giveStandardFoulRemedy(t, opponent(offender));
        }
    }

    /** 2.8 / 6.14: the third consecutive foul loses the rack. */
    void threeFouls(Table t, int offender) {
        t.rule(Ruling.of(RulingKind.SERIOUS_FOUL).player(t.id(offender)).rule("6.14").points(0));
        t.winRack(opponent(offender), "6.14", "three consecutive fouls by " + t.id(offender));
    }

    /** 6.16: a serious foul by ruling is the loss of the rack (frame) in the rack games. */
    @Override
    public void seriousFoulByRuling(Table t, int offender) {
        t.rule(Ruling.of(RulingKind.SERIOUS_FOUL).player(t.id(offender)).rule("6.16").points(0));
        t.winRack(opponent(offender), "6.16", "serious foul by ruling on " + t.id(offender));
    }

    @Override
    public void lossOfRackByRuling(Table t, int offender) {
        t.winRack(opponent(offender), "6.16", "loss of rack by ruling on " + t.id(offender));
    }

    /** 2.9, 3.11, Black Ball: re-rack and the original breaker of the rack breaks again; foul counts reset. */
    @Override
    public void stalemate(Table t) {
        t.rule(Ruling.of(RulingKind.STALEMATE).rule("1.12"));
        t.resetFoulCounts();
        t.rerackAfterStalemate();
    }

    /**
     * A foul by ruling moves the table only while balls are in play: not before the break, not while an option is
     * pending (the position is unchanged then; the foul still counts).
     */
    static boolean tableInPlay(Table t) {
        return t.ballsInPlay();
    }
}
