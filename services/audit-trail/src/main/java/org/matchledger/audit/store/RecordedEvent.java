package org.matchledger.audit.store;

import jakarta.persistence.EmbeddedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

/** One {@code table-events} record as received (table {@code recorded_event}, key: its position in the topic). */
@Entity
@Table(name = "recorded_event")
public class RecordedEvent extends StoredRecord {
    @EmbeddedId
    public LogPosition position;
    public String type;
    /** The record value exactly as received. */
    public String payload;
}
