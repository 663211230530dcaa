package org.matchledger.core.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import org.matchledger.core.event.Rejection;
import org.matchledger.core.ruling.Ruling;
import org.matchledger.core.ruling.RulingKind;
import org.matchledger.core.view.MatchView;
import org.matchledger.core.view.Status;

import java.time.Duration;

/**
 * Closing a finished match (docs/events.md "Closing"): a match that finished at log time F takes corrections until
 * F + the correction window; the first log time at or past that closes it with a {@code MATCH_CLOSED} ruling
 * ({@code detail}: the window) and a last view with {@code "closed": true}; every event after that is rejected
 * ("match closed"). Pure: the log time (the Kafka timestamp of the {@code table-events} record) is passed in, so the
 * processor and the replay tool close a match at the same point.
 */
public final class MatchClosing {
    public static final String CLOSED_REASON = "match closed";
    /** Why an event of a closed match is rejected: no one field is at fault. */
    public static final Rejection CLOSED = Rejection.unfielded(CLOSED_REASON);
    public static final Duration DEFAULT_WINDOW = Duration.ofHours(24);

    private MatchClosing() {
    }

    /**
     * The log time at which the match counts as finished after an applied event at {@code logTime}: null while it is
     * not finished (a correction that re-opens it clears it); the earlier time when it was finished already (a
     * correction of a finished match does not extend its window).
     */
    public static Long finishedAt(Long finishedBefore, MatchView after, long logTime) {
        if (after == null || after.status() != Status.FINISHED) {
            return null;
        }
        return finishedBefore != null ? finishedBefore : logTime;
    }

    /** Whether a match finished at {@code finishedAt} is due to close at {@code logTime}: logTime ≥ F + window. */
    public static boolean isDue(Long finishedAt, long logTime, Duration window) {
        return finishedAt != null && logTime - finishedAt >= window.toMillis();
    }

    /** The {@code MATCH_CLOSED} ruling of {@code match}: at its last seq, of no event, {@code detail} the window. */
    public static Ruling ruling(Match match, Duration window) {
        return Ruling.of(RulingKind.MATCH_CLOSED).detail(window.toString()).build(match.matchId(), match.lastSeq(), null, 0, null);
    }

    /** The last view of {@code match}: as it stood, with {@code "closed": true}. */
    public static MatchView closedView(Match match) {
        return match.view().asClosed();
    }

    /** The ruling for an event of a closed match: {@code EVENT_REJECTED}, reason {@value #CLOSED_REASON}. */
    public static Ruling rejection(String matchId, JsonNode event) {
        String id = event != null && event.path("id").isTextual() ? event.get("id").textValue() : null;
        Long seq = event != null && event.path("seq").isIntegralNumber() && event.get("seq").canConvertToLong()
                ? event.get("seq").longValue() : null;
        return Ruling.of(RulingKind.EVENT_REJECTED).reason(CLOSED.text()).build(matchId, seq, id, 0, null);
    }
}
