package org.matchledger.audit.store;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;

import java.io.Serializable;

/** A view as published on {@code match-views} (key: match and the view's lastSeq). */
@Entity
@Table(name = "published_view")
@IdClass(PublishedView.Key.class)
public class PublishedView extends PanacheEntityBase {
    @Id
    @Column(name = "match_id")
    public String matchId;
    @Id
    @Column(name = "last_seq")
    public long lastSeq;
    public String body;
    @Column(name = "kafka_timestamp")
    public java.time.OffsetDateTime kafkaTimestamp;

    /** The primary key (Hibernate @IdClass). */
    public static class Key implements Serializable {
        public String matchId;
        public long lastSeq;

        public Key() {
        }

        public Key(String matchId, long lastSeq) {
            this.matchId = matchId;
            this.lastSeq = lastSeq;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && java.util.Objects.equals(matchId, k.matchId) && java.util.Objects.equals(lastSeq, k.lastSeq);
        }

        @Override
        public int hashCode() {
            return java.util.Objects.hash(matchId, lastSeq);
        }
    }
}
