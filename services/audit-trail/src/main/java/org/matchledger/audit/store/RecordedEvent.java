package org.matchledger.audit.store;

import jakarta.persistence.Entity;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;

import java.io.Serializable;

/**
 * One {@code table-events} record as received (table {@code recorded_event}, key: the topic's id, the record's
 * partition and offset; topic id '' for rows stored before topic ids were kept).
 */
@Entity
@Table(name = "recorded_event")
@IdClass(RecordedEvent.Key.class)
public class RecordedEvent extends StoredRecord {
    public String type;
    /** The record value exactly as received. */
    public String payload;

    /** The primary key (Hibernate @IdClass). */
    public record Key(String topicId, int kafkaPartition, long kafkaOffset) implements Serializable {
    }
}
