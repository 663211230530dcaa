package org.matchledger.processor;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.matchledger.core.event.Poster;
import org.matchledger.core.event.Rejection;
import org.matchledger.core.json.Json;
import org.matchledger.core.ledger.Match;
import org.matchledger.core.ledger.MatchLedger;
import org.matchledger.core.ledger.Outcome;
import org.matchledger.core.ruling.Ruling;
import org.matchledger.core.ruling.RulingKind;
import org.matchledger.kafka.Topics;

import java.util.List;
import java.util.function.BiFunction;

/**
 * Judges one {@code table-events} record with the rules core: the match after it and the records to produce
 * (its rulings; the event and reason on {@code table-events-rejected} when rejected). Never throws: a record the
 * core cannot judge (a poison event) is rejected with the error, and the match is left as it was.
 */
public final class RecordJudge {
    private RecordJudge() {
    }

    /**
     * What became of the record ({@link Outcome}: applied, a duplicate, or rejected, with the match after it and its
     * rulings; a record the core could not judge is rejected with the match as it was) and the event as judged
     * (poster attributes set; null when the value was not JSON): what the processor keeps of an applied event, so
     * that folding the kept events again gives the same match.
     */
    public record Result(Outcome outcome, JsonNode event) {
        public Match match() {
            return outcome.match();
        }

        public List<Ruling> rulings() {
            return outcome.rulings();
        }
    }

    public static Result judge(Match before, String key, String value) {
        return judge(before, key, value, (Poster) null);
    }

    /**
     * Judges the record posted by {@code poster} (from its headers, {@code PosterHeaders}; null when it has none): the
     * poster becomes the event's {@code ledgerposter*} attributes, which the core reads (a table posts only on its own
     * table), exactly as the replay tool reads them from an exported log. Attributes in the value itself are never
     * trusted: the gateway drops them, and they are replaced here.
     */
    public static Result judge(Match before, String key, String value, Poster poster) {
        return judge(before, key, value, poster, MatchLedger::apply);
    }

    /** {@link #judge(Match, String, String)} with the fold given (tests hand in one that throws). */
    static Result judge(Match before, String key, String value, BiFunction<Match, JsonNode, Outcome> fold) {
        return judge(before, key, value, null, fold);
    }

    static Result judge(Match before, String key, String value, Poster poster, BiFunction<Match, JsonNode, Outcome> fold) {
        JsonNode event;
        try {
            event = Json.read(value);
        } catch (JsonProcessingException | RuntimeException e) {
            return rejected(before, key, null, Rejection.of("event", "not JSON"));
        }
        if (event instanceof ObjectNode o) {
            withPoster(o, poster);
        }
        JsonNode subject = event.path("subject");
        if (key != null && subject.isTextual() && !subject.textValue().equals(key)) {
            return rejected(before, key, event,
                    Rejection.of("subject", subject.textValue() + " must equal the record key " + key));
        }
        try {
            return new Result(fold.apply(before, event), event);
        } catch (RuntimeException e) {
            return rejected(before, key, event, Rejection.of("event", "the ledger could not judge this event ("
                    + e.getClass().getSimpleName() + "); it is kept on " + Topics.TABLE_EVENTS_REJECTED));
        }
    }

    /** Sets the poster's attributes on the event (and removes any it carried). */
    static void withPoster(ObjectNode event, Poster poster) {
        event.remove(List.of(Poster.SUBJECT_ATTRIBUTE, Poster.ROLE_ATTRIBUTE, Poster.TABLE_ATTRIBUTE));
        if (poster == null) {
            return;
        }
        if (poster.subject() != null) {
            event.put(Poster.SUBJECT_ATTRIBUTE, poster.subject());
        }
        if (poster.role() != null) {
            event.put(Poster.ROLE_ATTRIBUTE, poster.role());
        }
        if (poster.tableId() != null) {
            event.put(Poster.TABLE_ATTRIBUTE, poster.tableId());
        }
    }

    /** A record rejected before the core folds it: the match as it was, one {@code EVENT_REJECTED} ruling. */
    private static Result rejected(Match before, String key, JsonNode event, Rejection rejection) {
        String id = event != null && event.path("id").isTextual() ? event.get("id").textValue() : null;
        Long seq = event != null && event.path("seq").canConvertToLong() && event.path("seq").isIntegralNumber()
                ? event.get("seq").longValue() : null;
        Ruling r = Ruling.of(RulingKind.EVENT_REJECTED).reason(rejection.text()).build(key, seq, id, 0, null);
        return new Result(new Outcome.Rejected(before, rejection, List.of(r)), event);
    }

    /** The {@code table-events-rejected} value: the event as received, its reason and where it was read. */
    public static String rejectedRecord(String key, String value, String reason, int partition, long offset) {
        ObjectNode o = Json.MAPPER.createObjectNode();
        o.put("matchId", key).put("reason", reason).put("partition", partition).put("offset", offset);
        try {
            o.set("event", Json.read(value));
        } catch (JsonProcessingException | RuntimeException e) {
            o.put("eventText", value);
        }
        return Json.write(o);
    }
}
