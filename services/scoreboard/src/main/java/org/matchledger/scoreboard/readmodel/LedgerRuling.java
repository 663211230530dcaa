package org.matchledger.scoreboard.readmodel;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import org.matchledger.core.json.Json;
import org.matchledger.core.ledger.Outcome;

/**
 * A ruling (docs/view.md "Rulings") as the scoreboard reads it: what the sequencing needs ({@code seq}, {@code n},
 * {@code kind}, whether it re-judges, and {@code rulingsOfEvent} from the record's header {@code ledger-rulings-of-event},
 * null when absent), what a ruling's line on a tile shows, and the ruling's JSON as written. Read leniently like
 * {@link LedgerView}: {@code seq} is null unless it is a JSON integer.
 */
public record LedgerRuling(Long seq, int n, String kind, boolean rejudgement, String rule, String foul, Integer points,
                           String reason, Integer rulingsOfEvent, String json) implements LedgerJson {

    static final String MATCH_CLOSED = "MATCH_CLOSED";

    /** The ruling of this JSON text; fails only when the text is not JSON. */
    public static LedgerRuling read(String json, Integer rulingsOfEvent) throws JsonProcessingException {
        return of(Json.read(json), rulingsOfEvent, json);
    }

    /** The ruling of {@code r}, whose text is {@code json}. */
    public static LedgerRuling of(JsonNode r, Integer rulingsOfEvent, String json) {
        JsonNode seq = r.path("seq");
        return new LedgerRuling(seq.isIntegralNumber() ? seq.longValue() : null, r.path("n").asInt(0),
                r.path("kind").asText(""), r.hasNonNull("rejudges"), text(r, "rule"), text(r, "foul"),
                r.hasNonNull("points") ? r.path("points").asInt() : null, text(r, "reason"), rulingsOfEvent, json);
    }

    private static String text(JsonNode r, String field) {
        return r.hasNonNull(field) ? r.path(field).asText() : null;
    }

    /** The ruling of an event that was not applied (a re-judged rejection belongs to its correction: not one). */
    public boolean isNotice() {
        return switch (Outcome.Kind.ofRuling(kind, rejudgement)) {
            case APPLIED -> false;
            case DUPLICATE, REJECTED -> true;
        };
    }

    /** The {@code MATCH_CLOSED} ruling of a closing match (docs/feeds.md, closed matches). */
    public boolean isClosing() {
        return !rejudgement && MATCH_CLOSED.equals(kind);
    }

    /** Whether it belongs after applied seq {@code afterSeq}: rulings without a seq only when asked for all. */
    public boolean after(long afterSeq) {
        return seq != null ? seq > afterSeq : afterSeq < 0;
    }
}
