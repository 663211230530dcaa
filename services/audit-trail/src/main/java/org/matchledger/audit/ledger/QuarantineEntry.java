package org.matchledger.audit.ledger;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import org.matchledger.audit.store.QuarantinedRecord;

/** A quarantined record as the API shows it (the value as stored: NUL characters escaped); every field always present. */
@JsonInclude(JsonInclude.Include.ALWAYS)
@JsonPropertyOrder({"id", "topic", "topicId", "partition", "offset", "kafkaTimestamp", "matchId", "sqlState", "error",
        "key", "value", "quarantinedAt"})
public record QuarantineEntry(long id, String topic, String topicId, int partition, long offset, String kafkaTimestamp,
                              String matchId, String sqlState, String error, String key, String value,
                              String quarantinedAt) {
    public static QuarantineEntry of(QuarantinedRecord q) {
        return new QuarantineEntry(q.id, q.topic, q.position.topicId(), q.position.kafkaPartition(), q.position.kafkaOffset(),
                q.kafkaTimestamp == null ? null : q.kafkaTimestamp.toInstant().toString(), q.matchId, q.sqlState,
                q.error, q.recordKey, q.recordValue, q.quarantinedAt == null ? null : q.quarantinedAt.toInstant().toString());
    }
}
