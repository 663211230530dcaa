package org.matchledger.gateway;

import org.matchledger.core.event.EventData;
import org.matchledger.core.event.EventType;
import org.matchledger.core.event.Poster;
import org.matchledger.core.event.TableEvent;

/**
 * Which event types each role may post (issue "Who may write what"):
 * <pre>
 * | type                 | table                  | referee | director |
 * |----------------------|------------------------|---------|----------|
 * | pool.match.opened    | on its own table only  | yes     | yes      |
 * | pool.lag.taken       | yes (own table's match) | yes    | yes      |
 * | pool.shot.taken      | yes (own table's match) | yes    | yes      |
 * | pool.option.chosen   | yes (own table's match) | yes    | yes      |
 * | pool.match.conceded  | yes (own table's match) | yes    | yes      |
 * | pool.ruling.made     | no                     | yes     | yes      |
 * | pool.event.voided    | no                     | yes     | yes      |
 * | pool.event.corrected | no                     | yes     | yes      |
 * | pool.appeal.filed    | no                     | yes     | yes      |
 * | pool.appeal.decided  | no                     | no      | yes      |
 * </pre>
 * {@code broadcaster} and {@code auditor} post nothing. A poster with several roles posts with the highest
 * (director &gt; referee &gt; table). Whether a table's lag, shot, option or concession is for a match on its own table
 * only the rules processor knows (the match's {@code tableId}); here only the opening's own {@code data.tableId} is
 * checked.
 */
public final class PostingRights {

    /** What the gateway decides for one event of a post. */
    public sealed interface Decision permits Allowed, Refused {
    }

    /** The poster may post this event. */
    public record Allowed() implements Decision {
    }

    /** The poster may not: {@code field} is the refused part of the event ({@code type} or {@code data.tableId}). */
    public record Refused(String field, String reason) implements Decision {
    }

    private static final Allowed ALLOWED = new Allowed();

    private PostingRights() {
    }

    /** Whether {@code poster} (its role as {@link Posters#of} chose it) may post {@code event}. */
    public static Decision decide(Poster poster, TableEvent event) {
        String role = poster.role();
        EventType type = event.type();
        if (Poster.DIRECTOR.equals(role)) {
            return ALLOWED;
        }
        if (Poster.REFEREE.equals(role)) {
            return type == EventType.APPEAL_DECIDED ? refused(role, type, "director") : ALLOWED;
        }
        if (Poster.TABLE.equals(role)) {
            return switch (type) {
                case MATCH_OPENED -> ownTable(poster, ((EventData.MatchOpened) event.data()).tableId());
                case LAG_TAKEN, SHOT_TAKEN, OPTION_CHOSEN, MATCH_CONCEDED -> poster.tableId() == null
                        ? new Refused("tableId", "this table account's token carries no tableId claim; it may post nothing")
                        : ALLOWED;
                case APPEAL_DECIDED -> refused(role, type, "director");
                case RULING_MADE, EVENT_VOIDED, EVENT_CORRECTED, APPEAL_FILED -> refused(role, type, "referee or director");
            };
        }
        return refused(role, type, type == EventType.APPEAL_DECIDED ? "director"
                : type == EventType.RULING_MADE || type.isCorrection() || type == EventType.APPEAL_FILED
                ? "referee or director" : "table (its own table), referee or director");
    }

    private static Decision ownTable(Poster poster, String openedOn) {
        if (poster.tableId() != null && poster.tableId().equals(openedOn)) {
            return ALLOWED;
        }
        return new Refused("data.tableId", "role table (tableId " + (poster.tableId() == null ? "none" : poster.tableId())
                + ") may open matches only on its own table, not on " + (openedOn == null ? "no table" : "table " + openedOn));
    }

    private static Refused refused(String role, EventType type, String who) {
        return new Refused("type", "role " + role + " may not post " + type.wireName() + " (" + who + " may)");
    }
}
