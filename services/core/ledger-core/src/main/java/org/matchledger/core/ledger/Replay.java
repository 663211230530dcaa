package org.matchledger.core.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import org.matchledger.core.ruling.Ruling;
import org.matchledger.core.view.MatchView;
import org.matchledger.core.view.Status;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Folds one match's events in order, as the replay tool and the audit trail do: the view and every ruling. Given a
 * correction window and the log time of each event, it closes the finished match as the processor does
 * ({@link MatchClosing}).
 */
public final class Replay {
    /**
     * The CloudEvents extension attribute that carries an event's log time in a {@code .jsonl} log (the audit trail's
     * export, the replay tool's input): the Kafka timestamp of its {@code table-events} record as an ISO-8601 instant
     * (docs/events.md "Closing"). It is not part of the event: it is removed before the event is judged.
     */
    public static final String LOG_TIME_ATTRIBUTE = "ledgerlogtime";

    private Match match = Match.EMPTY;
    private final List<Ruling> rulings = new ArrayList<>();
    private final Duration window;
    private Long finishedAt;
    private boolean closed;

    /** A replay that never closes the match (no window, or an input without log times). */
    public Replay() {
        this(null);
    }

    /** A replay that closes the finished match once {@code window} of log time has passed (null: never). */
    public Replay(Duration window) {
        this.window = window;
    }

    public Outcome accept(JsonNode event) {
        return accept(event, null);
    }

    /**
     * Folds {@code event}, recorded at {@code logTime} (epoch millis; null when the input does not say). A match due
     * to close at that time closes first, and the event is then rejected ("match closed").
     */
    public Outcome accept(JsonNode event, Long logTime) {
        if (logTime != null) {
            closeIfDue(logTime);
        }
        if (closed) {
            Outcome rejected = new Outcome.Rejected(match, MatchClosing.CLOSED,
                    List.of(MatchClosing.rejection(match.matchId(), event)));
            rulings.addAll(rejected.rulings());
            return rejected;
        }
        Outcome outcome = MatchLedger.advance(match, event);
        match = outcome.match();
        rulings.addAll(outcome.rulings());
        finishedAt = outcome.on(
                // An event without a log time cannot start the window; one that re-opens the match still clears it.
                applied -> logTime != null ? MatchClosing.finishedAt(finishedAt, match.view(), logTime)
                        : match.view().status() == Status.FINISHED ? finishedAt : null,
                duplicate -> finishedAt,
                rejected -> finishedAt);
        return outcome;
    }

    /** Closes the match if it is due at {@code logTime}; true when it closed now. */
    public boolean closeIfDue(long logTime) {
        if (closed || window == null || !MatchClosing.isDue(finishedAt, logTime, window)) {
            return false;
        }
        closed = true;
        rulings.add(MatchClosing.ruling(match, window));
        return true;
    }

    public Match match() {
        return match;
    }

    public boolean closed() {
        return closed;
    }

    public MatchView view() {
        return closed ? MatchClosing.closedView(match) : match.view();
    }

    public List<Ruling> rulings() {
        return rulings;
    }
}
