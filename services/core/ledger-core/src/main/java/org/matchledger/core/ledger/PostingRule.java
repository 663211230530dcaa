package org.matchledger.core.ledger;

import org.matchledger.core.event.EventData;
import org.matchledger.core.event.EventType;
import org.matchledger.core.event.Poster;
import org.matchledger.core.event.Rejection;
import org.matchledger.core.event.TableEvent;
import org.matchledger.core.rules.MatchState;

import java.util.Objects;
import java.util.Optional;

/**
 * The ledger's own posting rule (not a WPA rule): a table account posts only for matches on its own table. The
 * gateway checks which types a role may post; whether a table's event is for a match on its table only the fold
 * knows, from the match's {@code tableId} (for {@code pool.match.opened}, from the event's own {@code data.tableId}).
 * Referees and directors post on any table; an event without a poster (logs older than the poster) is judged as
 * before. Checked when the event is posted, before anything else about it, so that a table's account learns nothing
 * about another table's match.
 */
final class PostingRule {
    static final String CITATION = "posting rule: a table account posts only for matches on its own table";

    private PostingRule() {
    }

    /** Why the event may not be posted by its poster, naming {@code tableId}; or nothing when it may. */
    static Optional<Rejection> refusal(MatchState before, TableEvent ev) {
        Poster poster = ev.poster();
        if (poster == null || !poster.isTable()) {
            return Optional.empty();
        }
        String matchTable;
        String where;
        if (before == null && ev.type() == EventType.MATCH_OPENED) {
            matchTable = ((EventData.MatchOpened) ev.data()).tableId();
            where = "this opening is for ";
        } else if (before != null) {
            matchTable = before.tableId();
            where = "match " + before.matchId() + " is on ";
        } else {
            return Optional.empty(); // not opened yet: rejected as such, there is no table to compare
        }
        if (poster.tableId() != null && Objects.equals(poster.tableId(), matchTable)) {
            return Optional.empty();
        }
        return Optional.of(Rejection.of("tableId", who(poster) + " is the account of table " + (poster.tableId() == null ? "(none)" : poster.tableId())
                + "; " + where + (matchTable == null ? "no table" : "table " + matchTable) + " (" + CITATION + ")"));
    }

    private static String who(Poster poster) {
        return poster.subject() == null ? "the poster" : poster.subject();
    }
}
