package org.matchledger.core.rules;

import org.matchledger.core.event.Discipline;
import org.matchledger.core.ruling.Foul;
import org.matchledger.core.ruling.Ruling;
import org.matchledger.core.ruling.RulingKind;
import org.matchledger.core.view.Group;

import static org.matchledger.core.rules.MatchState.opponent;

/** What 9-ball, 8-ball and Black Ball share: they are played in racks won or lost as a whole. */
abstract class RackGameRules implements DisciplineRules {
    private final Discipline discipline;
    private final int rackBalls;
    private final boolean usesGroups;
    private final boolean threeFoulRule;

    RackGameRules(Discipline discipline, int rackBalls, boolean usesGroups, boolean threeFoulRule) {
        this.discipline = discipline;
        this.rackBalls = rackBalls;
        this.usesGroups = usesGroups;
        this.threeFoulRule = threeFoulRule;
    }

    @Override
    public Discipline discipline() {
        return discipline;
    }

    @Override
    public int rackBalls() {
        return rackBalls;
    }

    @Override
    public boolean usesGroups() {
        return usesGroups;
    }

    @Override
    public boolean threeFoulRule() {
        return threeFoulRule;
    }

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

    /**
     * 6.2 in the group games (8-ball: the 8; Black Ball: the black): on an open table any ball but {@code lastBall};
     * else the own group, or {@code lastBall} once the group is cleared.
     */
    static int legalFirstWithGroups(MatchState s, Group own, int lastBall) {
        int candidates = own == null ? s.balls & ~(1 << lastBall) : own.mask() & s.balls;
        return candidates == 0 ? 1 << lastBall : candidates;
    }
}
