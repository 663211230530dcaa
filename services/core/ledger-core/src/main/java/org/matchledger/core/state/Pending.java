package org.matchledger.core.state;

import org.matchledger.core.event.OptionName;
import org.matchledger.core.view.CueBall;

import java.util.List;

/**
 * An option the ledger waits for: who holds it, what he may answer, the situation that offered it and, for the
 * "accept the table" answers, where the cue ball is then played from.
 */
public record Pending(int player, List<OptionName> options, Situation situation, CueBall cueBallIfAccepted) {

    public enum Situation {
        /** 1.2: the lag winner picks the breaker. */
        LAG_CHOICE,
        /** 2.4: after a clean push out. */
        PUSH_OUT,
        /** 3.3 d: 8-ball break with nothing pocketed and fewer than four balls to a rail. */
        EIGHT_BALL_ILLEGAL_BREAK,
        /** 3.3 e: the 8 pocketed on a legal break. */
        EIGHT_ON_BREAK,
        /** 3.3 f: the 8 and the cue ball pocketed on the break. */
        EIGHT_AND_SCRATCH_ON_BREAK,
        /** 4.3: 14.1 breaking foul. */
        BREAKING_FOUL
    }
}
