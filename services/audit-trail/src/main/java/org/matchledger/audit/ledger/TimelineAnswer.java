package org.matchledger.audit.ledger;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import org.matchledger.core.event.Poster;

import java.util.List;

/**
 * {@code GET /matches/{id}/ledger} as it goes on the wire (the framework writes it; docs/feeds.md and the module
 * README describe the shape). Fields that a row does not carry are left out ({@code NON_NULL}); those the answer always
 * carries, null or not, say so ({@code ALWAYS}). Events and rulings stay JSON trees: they are shown exactly as
 * recorded and published, whatever they hold.
 */
@JsonPropertyOrder({"matchId", "lastSeq", "recordedEvents", "applied", "rejected", "duplicates", "closed", "closing",
        "timeline", "appeals", "refused", "quarantined"})
public record TimelineAnswer(String matchId, long lastSeq, int recordedEvents, int applied, int rejected, int duplicates,
                             @JsonInclude(Include.ALWAYS) Closing closing, List<Entry> timeline,
                             List<ListedAppeal> appeals, List<Refused> refused, List<QuarantineEntry> quarantined) {

    /** Whether the match has closed (its correction window passed: docs/events.md "Closing, exactly"). */
    @com.fasterxml.jackson.annotation.JsonProperty("closed")
    public boolean closed() {
        return closing != null;
    }

    /**
     * A closed match's closing: at its last {@code seq}, after the correction {@code window} (ISO-8601); {@code closedAt}
     * the time the processor wrote the {@code MATCH_CLOSED} ruling (null while it has not been received);
     * {@code after} the recorded event it came after (null when before every one); {@code ruling} as published (null
     * while not received); {@code view} the last view ({@code "closed": true}); {@code rejectedAfter} the later events
     * rejected "match closed".
     */
    @JsonPropertyOrder({"seq", "window", "closedAt", "after", "ruling", "view", "rejectedAfter"})
    public record Closing(long seq, String window, @JsonInclude(Include.ALWAYS) String closedAt,
                          @JsonInclude(Include.ALWAYS) Position after, @JsonInclude(Include.ALWAYS) JsonNode ruling,
                          JsonNode view, int rejectedAfter) {
    }

    /** A recorded event's place in table-events. */
    @JsonPropertyOrder({"partition", "offset"})
    public record Position(int partition, long offset) {
    }

    /** Who posted: {@code tableId} only for a table. */
    @JsonPropertyOrder({"subject", "role", "tableId"})
    public record PosterRef(@JsonInclude(Include.ALWAYS) String subject, @JsonInclude(Include.ALWAYS) String role,
                            @JsonInclude(Include.NON_NULL) String tableId) {
        static PosterRef of(Poster p) {
            return p == null ? null : new PosterRef(p.subject(), p.role(), p.tableId());
        }
    }

    /**
     * One recorded event and what the ledger made of it. {@code correctedBy} and {@code appealedBy} are filled in as
     * later corrections and appeals name it (left out while empty).
     */
    @JsonInclude(Include.NON_NULL)
    @JsonPropertyOrder({"partition", "offset", "kafkaTimestamp", "seq", "eventId", "type", "poster", "status", "event",
            "eventText", "reason", "reasonFrom", "rulings", "rulingsPublished", "correction", "appeal", "correctedBy",
            "appealedBy"})
    public record Entry(int partition, long offset, String kafkaTimestamp, @JsonInclude(Include.ALWAYS) Long seq,
                        @JsonInclude(Include.ALWAYS) String eventId, @JsonInclude(Include.ALWAYS) String type,
                        @JsonInclude(Include.ALWAYS) PosterRef poster, String status, JsonNode event, String eventText,
                        String reason, String reasonFrom, List<JsonNode> rulings, Boolean rulingsPublished,
                        Correction correction, AppealMark appeal,
                        @JsonInclude(Include.NON_EMPTY) List<CorrectedBy> correctedBy,
                        @JsonInclude(Include.NON_EMPTY) List<AppealedBy> appealedBy) {

        /** The row as an appeal's {@code concerns} shows it: without the marks later events put on it. */
        Entry unmarked() {
            return new Entry(partition, offset, kafkaTimestamp, seq, eventId, type, poster, status, event, eventText,
                    reason, reasonFrom, rulings, rulingsPublished, correction, appeal, List.of(), List.of());
        }
    }

    /** A void or correction: its target and the seqs it re-judged (1.9). */
    @JsonInclude(Include.NON_NULL)
    @JsonPropertyOrder({"kind", "targetId", "targetSeq", "rule", "detail", "reason", "replacement", "rejudges"})
    public record Correction(String kind, @JsonInclude(Include.ALWAYS) String targetId,
                             @JsonInclude(Include.ALWAYS) Long targetSeq, String rule, String detail, JsonNode reason,
                             JsonNode replacement, List<Long> rejudges) {
    }

    @JsonPropertyOrder({"seq", "eventId", "kind"})
    public record CorrectedBy(long seq, String eventId, String kind) {
    }

    @JsonPropertyOrder({"seq", "appealId"})
    public record AppealedBy(long seq, String appealId) {
    }

    /** An appeal as marked on its own row (1.10): a filing or a decision. */
    public sealed interface AppealMark permits Filed, Decided {
    }

    @JsonPropertyOrder({"kind", "appealId", "player", "targetId", "targetSeq", "grounds", "status"})
    public record Filed(String kind, String appealId, JsonNode player, JsonNode targetId,
                        @JsonInclude(Include.ALWAYS) Long targetSeq, JsonNode grounds, String status) implements AppealMark {
    }

    @JsonPropertyOrder({"kind", "appealId", "upheld", "note"})
    public record Decided(String kind, JsonNode appealId, JsonNode upheld, JsonNode note) implements AppealMark {
    }

    /** A filed appeal as {@code appeals} lists it: the event it concerns, where it was filed, its decision if any. */
    @JsonPropertyOrder({"kind", "appealId", "player", "targetId", "targetSeq", "grounds", "status", "concerns",
            "matchId", "seq", "decision"})
    public record ListedAppeal(String kind, String appealId, JsonNode player, JsonNode targetId,
                               @JsonInclude(Include.ALWAYS) Long targetSeq, JsonNode grounds, String status,
                               List<Entry> concerns, String matchId, long seq,
                               @JsonInclude(Include.NON_NULL) Decision decision) {
    }

    @JsonPropertyOrder({"seq", "eventId", "upheld", "note"})
    public record Decision(long seq, String eventId, JsonNode upheld, JsonNode note) {
    }

    /** A post the gateway refused: it never reached table-events. */
    @JsonPropertyOrder({"reason", "seq", "eventId", "poster", "record"})
    public record Refused(@JsonInclude(Include.ALWAYS) String reason, @JsonInclude(Include.ALWAYS) Long seq,
                          @JsonInclude(Include.ALWAYS) String eventId, @JsonInclude(Include.ALWAYS) PosterRef poster,
                          JsonNode record) {
    }
}
