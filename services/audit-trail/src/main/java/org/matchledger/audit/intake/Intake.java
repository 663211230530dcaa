package org.matchledger.audit.intake;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.matchledger.audit.store.RejectedEvent;
import org.matchledger.core.json.Json;
import org.matchledger.core.ledger.Outcome;
import org.matchledger.kafka.PosterHeaders;
import org.matchledger.kafka.RulingsHeader;
import org.matchledger.kafka.Topics;

import java.time.Instant;
import java.util.Map;

/**
 * What each record of the four ledger topics is stored as (pure: no database). Nothing is ever dropped for its
 * content: a table event that is not JSON is still recorded as received (the processor rejected it), a ruling or
 * rejection that cannot be read is kept as a notice with that reason.
 */
public final class Intake {
    private Intake() {
    }

    /**
     * Adds the row {@code r} becomes. {@code topicIds}: the current id of each topic of the batch (the key of rows
     * keyed by Kafka coordinates); the id of {@code table-events} too, which processor rejections refer to.
     */
    public static void add(Rows rows, ConsumerRecord<String, String> r, Map<String, String> topicIds) {
        Rows.Origin o = origin(r, topicIds);
        switch (r.topic()) {
            case Topics.TABLE_EVENTS -> event(rows, r, o);
            case Topics.MATCH_RULINGS -> ruling(rows, r, o);
            case Topics.MATCH_VIEWS -> view(rows, r, o);
            case Topics.TABLE_EVENTS_REJECTED -> rejected(rows, r, o, topicIds.getOrDefault(Topics.TABLE_EVENTS, ""));
            default -> rows.unreadable.add(new Rows.Unreadable(o, r.key(), "not a ledger topic"));
        }
    }

    static Rows.Origin origin(ConsumerRecord<String, String> r, Map<String, String> topicIds) {
        return new Rows.Origin(r.topic(), topicIds.getOrDefault(r.topic(), ""), r.partition(), r.offset(),
                r.timestamp() >= 0 ? Instant.ofEpochMilli(r.timestamp()) : null, r.key(), r.value());
    }

    static void event(Rows rows, ConsumerRecord<String, String> r, Rows.Origin o) {
        String value = r.value() == null ? "" : r.value();
        JsonNode e = readOrNull(value);
        String matchId = r.key() != null ? r.key() : text(e, "subject");
        rows.events.add(new Rows.Event(o, matchId == null ? "" : matchId, integral(e, "seq"), text(e, "id"),
                text(e, "type"), value, PosterHeaders.read(r.headers())));
    }

    static void ruling(Rows rows, ConsumerRecord<String, String> r, Rows.Origin o) {
        JsonNode j = readOrNull(r.value());
        String kind = text(j, "kind");
        Long seq = integral(j, "seq");
        String matchId = j != null && text(j, "matchId") != null ? text(j, "matchId") : r.key();
        if ("MATCH_CLOSED".equals(kind) && seq != null && matchId != null) {
            // The closing of the match (docs/events.md "Closing, exactly"): of no event, at the match's last seq.
            rows.closings.add(new Rows.Closing(o, matchId, seq, text(j, "detail"), RulingsHeader.read(r.headers()),
                    r.value()));
            return;
        }
        if (kind == null || isNotice(kind, j) || seq == null || text(j, "eventId") == null || integral(j, "n") == null) {
            String reason = kind == null ? "unreadable ruling record" : text(j, "reason") != null ? text(j, "reason")
                    : text(j, "detail");
            rows.rejected.add(new Rows.Rejected(o, RejectedEvent.NOTICE, matchId, seq, text(j, "eventId"), kind, reason,
                    null, null, null, r.value() == null ? "" : r.value(), null));
            return;
        }
        Long points = integral(j, "points");
        rows.rulings.add(new Rows.Ruling(o, matchId, seq, integral(j, "n").intValue(), text(j, "eventId"), kind,
                text(j, "rule"), text(j, "player"), points == null ? null : points.intValue(), text(j, "targetId"),
                integral(j, "rejudges"), RulingsHeader.read(r.headers()), r.value()));
    }

    /**
     * A ruling of an event that was not applied (its rejection or duplicate notice). A re-judged rejection (with
     * {@code rejudges}) is a ruling of the applied correction that gave it (docs/view.md "Outcomes"), so it is kept
     * with the match's rulings, where the verification's refold expects it.
     */
    private static boolean isNotice(String kind, JsonNode ruling) {
        return switch (Outcome.Kind.ofRuling(kind, ruling.hasNonNull("rejudges"))) {
            case APPLIED -> false;
            case DUPLICATE, REJECTED -> true;
        };
    }

    static void view(Rows rows, ConsumerRecord<String, String> r, Rows.Origin o) {
        if (r.value() == null) {
            return; // a tombstone: nothing was published
        }
        JsonNode j = readOrNull(r.value());
        Long lastSeq = integral(j, "lastSeq");
        String matchId = text(j, "matchId") != null ? text(j, "matchId") : r.key();
        if (lastSeq == null || matchId == null) {
            rows.unreadable.add(new Rows.Unreadable(o, matchId, "a view without matchId or lastSeq"));
            return;
        }
        rows.views.add(new Rows.View(o, matchId, lastSeq, j.path("closed").asBoolean(false), r.value()));
    }

    static void rejected(Rows rows, ConsumerRecord<String, String> r, Rows.Origin o, String tableEventsId) {
        String value = r.value() == null ? "" : r.value();
        JsonNode j = readOrNull(value);
        JsonNode event = j == null ? null : j.get("event");
        if (event == null && j != null && j.path("eventText").isTextual()) {
            event = readOrNull(j.get("eventText").textValue());
        }
        Long partition = integral(j, "partition");
        Long offset = integral(j, "offset");
        boolean processor = partition != null && offset != null;
        String matchId = text(j, "matchId") != null ? text(j, "matchId") : r.key();
        rows.rejected.add(new Rows.Rejected(o, processor ? RejectedEvent.PROCESSOR : RejectedEvent.GATEWAY, matchId,
                integral(event, "seq"), text(event, "id"), null,
                j == null ? "unreadable rejection record" : text(j, "reason"), processor ? tableEventsId : "",
                processor ? partition.intValue() : null, processor ? offset : null, value, PosterHeaders.read(r.headers())));
    }

    static JsonNode readOrNull(String text) {
        if (text == null) {
            return null;
        }
        try {
            return Json.read(text);
        } catch (Exception e) {
            return null;
        }
    }

    static String text(JsonNode j, String field) {
        return j != null && j.path(field).isTextual() ? j.get(field).textValue() : null;
    }

    static Long integral(JsonNode j, String field) {
        return j != null && j.path(field).isIntegralNumber() && j.get(field).canConvertToLong() ? j.get(field).longValue() : null;
    }

}
