package org.matchledger.audit.store;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
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
public class RecordedEvent extends PanacheEntityBase {
    @Id
    @Column(name = "topic_id")
    public String topicId;
    @Id
    @Column(name = "kafka_partition")
    public int kafkaPartition;
    @Id
    @Column(name = "kafka_offset")
    public long kafkaOffset;
    @Column(name = "kafka_timestamp")
    public java.time.OffsetDateTime kafkaTimestamp;
    @Column(name = "match_id")
    public String matchId;
    public Long seq;
    @Column(name = "event_id")
    public String eventId;
    public String type;
    /** The record value exactly as received. */
    public String payload;
    /** Who posted (the gateway's poster headers); null when the record had none. */
    @Column(name = "poster_subject")
    public String posterSubject;
    @Column(name = "poster_role")
    public String posterRole;
    @Column(name = "poster_table")
    public String posterTable;

    /** The poster, or null when none was recorded. */
    public org.matchledger.core.event.Poster poster() {
        return posterSubject == null && posterRole == null && posterTable == null ? null
                : new org.matchledger.core.event.Poster(posterSubject, posterRole, posterTable);
    }

    /** The primary key (Hibernate @IdClass). */
    public static class Key implements Serializable {
        public String topicId;
        public int kafkaPartition;
        public long kafkaOffset;

        public Key() {
        }

        public Key(String topicId, int kafkaPartition, long kafkaOffset) {
            this.topicId = topicId;
            this.kafkaPartition = kafkaPartition;
            this.kafkaOffset = kafkaOffset;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && java.util.Objects.equals(topicId, k.topicId) && kafkaPartition == k.kafkaPartition && kafkaOffset == k.kafkaOffset;
        }

        @Override
        public int hashCode() {
            return java.util.Objects.hash(topicId, kafkaPartition, kafkaOffset);
        }
    }
}
