package org.matchledger.audit.store;

import jakarta.persistence.Column;
import jakarta.persistence.Embedded;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.OffsetDateTime;

/**
 * A record PostgreSQL refused for its content, or that could not be read as what its topic carries (table
 * {@code quarantined_record}). Text values have NUL characters escaped as {@code \u0000}.
 */
@Entity
@Table(name = "quarantined_record")
public class QuarantinedRecord {
    @Id
    public long id;
    public String topic;
    @Embedded
    public LogPosition position;
    @Column(name = "kafka_timestamp")
    public OffsetDateTime kafkaTimestamp;
    @Column(name = "match_id")
    public String matchId;
    @Column(name = "sql_state")
    public String sqlState;
    public String error;
    @Column(name = "record_key")
    public String recordKey;
    @Column(name = "record_value")
    public String recordValue;
    @Column(name = "quarantined_at")
    public OffsetDateTime quarantinedAt;
}
