package org.matchledger.audit.store;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;

import java.io.Serializable;

/** One {@code table-events} record as received (table {@code recorded_event}, key: its partition and offset). */
@Entity
@Table(name = "recorded_event")
@IdClass(RecordedEvent.Key.class)
public class RecordedEvent extends PanacheEntityBase {
    @Id
    @Column(name = "kafka_partition")
    public int kafkaPartition;
    @Id
    @Column(name = "kafka_offset")
    public long kafkaOffset;
    @Column(name = "match_id")
    public String matchId;
    public Long seq;
    @Column(name = "event_id")
    public String eventId;
    public String type;
    /** The record value exactly as received. */
    public String payload;

    /** The primary key (Hibernate @IdClass). */
    public static class Key implements Serializable {
        public int kafkaPartition;
        public long kafkaOffset;

        public Key() {
        }

        public Key(int kafkaPartition, long kafkaOffset) {
            this.kafkaPartition = kafkaPartition;
            this.kafkaOffset = kafkaOffset;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && java.util.Objects.equals(kafkaPartition, k.kafkaPartition) && java.util.Objects.equals(kafkaOffset, k.kafkaOffset);
        }

        @Override
        public int hashCode() {
            return java.util.Objects.hash(kafkaPartition, kafkaOffset);
        }
    }
}
