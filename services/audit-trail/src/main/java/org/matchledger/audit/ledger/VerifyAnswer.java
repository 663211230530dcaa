package org.matchledger.audit.ledger;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * {@code GET /matches/{id}/verify} as it goes on the wire: {@code closed} when the re-derived match closed (its
 * {@code MATCH_CLOSED} ruling is counted in {@code rulings}, the closed view in {@code views}); {@code firstDifference}
 * only when inconsistent.
 */
@JsonPropertyOrder({"matchId", "status", "events", "recordedEvents", "rulings", "publishedRulings", "views",
        "publishedViews", "closed", "firstDifference", "tookMs"})
public record VerifyAnswer(String matchId, String status, int events, int recordedEvents, int rulings,
                           int publishedRulings, int views, int publishedViews, boolean closed,
                           @JsonInclude(Include.NON_NULL) Difference firstDifference, double tookMs) {

    /**
     * The first ruling (seq, n), view (seq) or closing ({@code closing}: seq, n 0) where the re-derivation and what
     * was published differ.
     */
    @JsonPropertyOrder({"what", "seq", "n", "expected", "published"})
    public record Difference(String what, @JsonInclude(Include.ALWAYS) Long seq, @JsonInclude(Include.NON_NULL) Integer n,
                             @JsonInclude(Include.ALWAYS) JsonNode expected,
                             @JsonInclude(Include.ALWAYS) JsonNode published) {
    }
}
