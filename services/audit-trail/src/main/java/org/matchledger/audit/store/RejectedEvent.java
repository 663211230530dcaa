package org.matchledger.audit.store;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;

import java.io.Serializable;

/**
 * A rejection: a {@code table-events-rejected} record (of the processor, naming the table-events record it rejects,
 * or of the gateway, a refused post) or a notice ruling ({@code EVENT_REJECTED}, {@code DUPLICATE}) from
 * {@code match-rulings}. Key: its own topic, the topic's id ('' before topic ids were kept), partition and offset.
 */
@Entity
@Table(name = "rejected_event")
@IdClass(RejectedEvent.Key.class)
public class RejectedEvent extends PanacheEntityBase {
    public static final String PROCESSOR = "processor";
    public static final String GATEWAY = "gateway";
    public static final String NOTICE = "notice";

    @Id
    public String topic;
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
    public String source;
    @Column(name = "match_id")
    public String matchId;
    public Long seq;
    @Column(name = "event_id")
    public String eventId;
    public String kind;
    public String reason;
    @Column(name = "event_topic_id")
    public String eventTopicId;
    @Column(name = "event_partition")
    public Integer eventPartition;
    @Column(name = "event_offset")
    public Long eventOffset;
    public String body;
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
        public String topic;
        public String topicId;
        public int kafkaPartition;
        public long kafkaOffset;

        public Key() {
        }

        public Key(String topic, String topicId, int kafkaPartition, long kafkaOffset) {
            this.topic = topic;
            this.topicId = topicId;
            this.kafkaPartition = kafkaPartition;
            this.kafkaOffset = kafkaOffset;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && java.util.Objects.equals(topic, k.topic) && java.util.Objects.equals(topicId, k.topicId) && java.util.Objects.equals(kafkaPartition, k.kafkaPartition) && java.util.Objects.equals(kafkaOffset, k.kafkaOffset);
        }

        @Override
        public int hashCode() {
            return java.util.Objects.hash(topic, topicId, kafkaPartition, kafkaOffset);
        }
    }
}
