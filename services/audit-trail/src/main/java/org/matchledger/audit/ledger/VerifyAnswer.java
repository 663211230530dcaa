package org.matchledger.audit.ledger;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;

/** {@code GET /matches/{id}/verify} as it goes on the wire: {@code firstDifference} only when inconsistent. */
@JsonPropertyOrder({"matchId", "status", "events", "recordedEvents", "rulings", "publishedRulings", "views",
        "publishedViews", "firstDifference", "tookMs"})
public record VerifyAnswer(String matchId, String status, int events, int recordedEvents, int rulings,
                           int publishedRulings, int views, int publishedViews,
                           @JsonInclude(Include.NON_NULL) Difference firstDifference, double tookMs) {

    /** The first ruling (seq, n) or view (seq) where the re-derivation and what was published differ. */
    @JsonPropertyOrder({"what", "seq", "n", "expected", "published"})
    public record Difference(String what, @JsonInclude(Include.ALWAYS) Long seq, @JsonInclude(Include.NON_NULL) Integer n,
                             @JsonInclude(Include.ALWAYS) JsonNode expected,
                             @JsonInclude(Include.ALWAYS) JsonNode published) {
    }
}
