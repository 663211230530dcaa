package org.matchledger.audit.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import org.matchledger.audit.ledger.QuarantineEntry;

import java.util.List;

/** {@code GET /quarantine} and {@code /matches/{id}/quarantine}: {@code nextAfterId} when there may be more. */
@JsonPropertyOrder({"matchId", "records", "count", "nextAfterId"})
public record QuarantinePage(@JsonInclude(Include.NON_NULL) String matchId, List<QuarantineEntry> records, int count,
                             @JsonInclude(Include.NON_NULL) Long nextAfterId) {
}
