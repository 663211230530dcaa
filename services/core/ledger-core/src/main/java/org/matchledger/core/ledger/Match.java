package org.matchledger.core.ledger;

import org.matchledger.core.rules.MatchState;
import org.matchledger.core.view.MatchView;

/**
 * One match as the ledger holds it: its current state and the events applied so far (what duplicates and
 * corrections need). {@link MatchLedger#apply} never changes the match it is given and returns a new one;
 * {@link MatchLedger#advance} may change the state of the match it is given in place (its caller then drops that
 * match). Nothing else changes a match.
 */
public final class Match {
    public static final Match EMPTY = new Match(null, EventHistory.EMPTY);

    private final MatchState state;
    private final EventHistory history;

    Match(MatchState state, EventHistory history) {
        this.state = state;
        this.history = history;
    }

    /** The match view, or null before {@code pool.match.opened} was applied. */
    public MatchView view() {
        return state == null ? null : state.toView();
    }

    public boolean isOpened() {
        return state != null;
    }

    public String matchId() {
        return state == null ? null : state.matchId();
    }

    public long lastSeq() {
        return state == null ? 0 : state.lastSeq();
    }

    public EventHistory history() {
        return history;
    }

    MatchState state() {
        return state;
    }
}
