package org.matchledger.audit.api;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import org.matchledger.audit.ledger.TimelineAnswer;

import java.util.List;

/** {@code GET /appeals}: the status asked for ({@code all} when none) and the filed appeals. */
@JsonPropertyOrder({"status", "appeals"})
public record AppealsAnswer(String status, List<TimelineAnswer.ListedAppeal> appeals) {
}
