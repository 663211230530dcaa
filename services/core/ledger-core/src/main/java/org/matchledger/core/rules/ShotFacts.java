package org.matchledger.core.rules;

import org.matchledger.core.event.Discipline;
import org.matchledger.core.event.EventData.PocketedBall;
import org.matchledger.core.event.EventData.ShotTaken;
import org.matchledger.core.event.RefereeFoul;
import org.matchledger.core.event.Rejection;
import org.matchledger.core.state.Balls;
import org.matchledger.core.view.CueBall;

import java.util.Optional;

/**
 * docs/events.md: the facts of a shot must fit the table they were seen on. Balls outside the discipline, object balls
 * that are not on the table and players not in the match are rejected with the field named.
 */
public final class ShotFacts {
    private ShotFacts() {
    }

    /** Why the shot is rejected, or nothing when its facts fit the table. */
    public static Optional<Rejection> reject(MatchState s, ShotTaken shot) {
        if (s.indexOf(shot.shooter()) == MatchState.NOBODY) {
            return Optional.of(Rejection.of("data.shooter", shot.shooter() + " is not a player in this match"));
        }
        // Fast path: every named ball is on the table (bit masks, no strings) — the usual case.
        int named = shot.pocketedMask() | shot.offTableMask();
        if (shot.call() != null) {
            named |= 1 << shot.call().ball();
        }
        if (shot.firstContact() != null) {
            named |= 1 << shot.firstContact();
        }
        if ((named & ~s.balls) != 0) {
            return Optional.of(badBall(s, shot));
        }
        if (s.discipline != Discipline.BLACKBALL && shot.fouls().contains(RefereeFoul.PLAYED_BEFORE_RACK_COMPLETE)) {
            return Optional.of(Rejection.of("data.fouls", "PLAYED_BEFORE_RACK_COMPLETE is a Black Ball foul (5.8), not one of " + s.discipline));
        }
        if (shot.placement() != null && s.cueBall == CueBall.IN_POSITION && !s.freeShot
                && s.indexOf(shot.shooter()) == s.atTable) {
            return Optional.of(Rejection.of("data.placement", "the cue ball was not in hand (cueBall IN_POSITION); null means played from position"));
        }
        return Optional.empty();
    }

    /** Names the first field that holds a ball not on the table. */
    private static Rejection badBall(MatchState s, ShotTaken shot) {
        if (shot.call() != null) {
            Rejection r = ball(s, shot.call().ball(), "data.call.ball");
            if (r != null) {
                return r;
            }
        }
        if (shot.firstContact() != null) {
            Rejection r = ball(s, shot.firstContact(), "data.firstContact");
            if (r != null) {
                return r;
            }
        }
        for (int i = 0; i < shot.pocketed().size(); i++) {
            PocketedBall p = shot.pocketed().get(i);
            Rejection r = ball(s, p.ball(), "data.pocketed[" + i + "].ball");
            if (r != null) {
                return r;
            }
        }
        for (int i = 0; i < shot.offTable().size(); i++) {
            Rejection r = ball(s, shot.offTable().get(i), "data.offTable[" + i + "]");
            if (r != null) {
                return r;
            }
        }
        throw new IllegalStateException("a ball mask and the lists disagree");
    }

    /** Why {@code ball}, named in {@code field}, does not fit the table; null when it does. */
    private static Rejection ball(MatchState s, int ball, String field) {
        if (ball > s.discipline.highestBall()) {
            return Rejection.of(field, "ball " + ball + " is not used in " + s.discipline);
        }
        if (!Balls.has(s.balls, ball)) {
            return Rejection.of(field, "ball " + ball + " is not on the table");
        }
        return null;
    }
}
