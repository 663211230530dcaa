package org.matchledger.audit.store;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;
import jakarta.persistence.Embedded;
import jakarta.persistence.EmbeddedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

import java.io.Serializable;

/**
 * A rejection: a {@code table-events-rejected} record (of the processor, naming the table-events record it rejects,
 * or of the gateway, a refused post) or a notice ruling ({@code EVENT_REJECTED}, {@code DUPLICATE}) from
 * {@code match-rulings}. Key: its own topic and its position there.
 */
@Entity
@Table(name = "rejected_event")
public class RejectedEvent extends StoredRecord {
    public static final String PROCESSOR = "processor";
    public static final String GATEWAY = "gateway";
    public static final String NOTICE = "notice";

    @EmbeddedId
    public Key id;
    public String source;
    public String kind;
    public String reason;
    @Column(name = "event_topic_id")
    public String eventTopicId;
    @Column(name = "event_partition")
    public Integer eventPartition;
    @Column(name = "event_offset")
    public Long eventOffset;
    public String body;

    /** The primary key: the record's topic and its position there. */
    @Embeddable
    public record Key(String topic, @Embedded LogPosition position) implements Serializable {
    }
}
