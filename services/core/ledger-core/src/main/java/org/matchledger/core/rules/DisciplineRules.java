package org.matchledger.core.rules;

import org.matchledger.core.event.Discipline;
import org.matchledger.core.event.EventData.ShotTaken;
import org.matchledger.core.event.OptionName;
import org.matchledger.core.event.Rejection;
import org.matchledger.core.ruling.Foul;
import org.matchledger.core.state.Pending;

import java.util.Optional;

/** One discipline's rules. The general rules (lag, rulings, concession, sequencing) are shared and call these. */
public interface DisciplineRules {

    Discipline discipline();

    /** The balls racked for a break. */
    int rackBalls();

    /** 8-ball and Black Ball play groups ({@code tableOpen} until decided). */
    boolean usesGroups();

    /** 6.14: three consecutive fouls are a serious foul (9-ball, 14.1). */
    boolean threeFoulRule();

    /** docs/view.md: consecutive fouls reset at each new rack (not in 14.1). */
    boolean foulsResetEachRack();

    /** Why this shot is rejected in this discipline (naming the field), or nothing (most disciplines: never). */
    default Optional<Rejection> rejectShot(MatchState s, ShotTaken shot) {
        return Optional.empty();
    }

    void judgeShot(Table t, ShotTaken shot);

    /** An answer to an option this discipline offered (the lag choice is the general rules'). */
    void chooseOption(Table t, Pending pending, OptionName option);

    /** A standard foul given by ruling (6.15 slow play, 6.16 with a standard-foul penalty). */
    void foulByRuling(Table t, int offender, Foul foul);

    /** 6.16 with a serious-foul penalty. */
    void seriousFoulByRuling(Table t, int offender);

    /** Why a {@code LOSS_OF_RACK} penalty is rejected (14.1 has no racks to lose), or nothing. */
    default Optional<Rejection> rejectLossOfRack() {
        return Optional.empty();
    }

    void lossOfRackByRuling(Table t, int offender);

    /** 1.12: a stalemate is declared. */
    void stalemate(Table t);
}
