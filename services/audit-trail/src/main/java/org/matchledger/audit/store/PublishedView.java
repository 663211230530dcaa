package org.matchledger.audit.store;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;

import java.io.Serializable;

/**
 * A view as published on {@code match-views} (key: match, the view's lastSeq and whether it is the closed view: a
 * closed match's last view has the lastSeq of the view before it, with {@code "closed": true}).
 */
@Entity
@Table(name = "published_view")
@IdClass(PublishedView.Key.class)
public class PublishedView {
    @Id
    @Column(name = "match_id")
    public String matchId;
    @Id
    @Column(name = "last_seq")
    public long lastSeq;
    @Id
    public boolean closed;
    public String body;
    @Column(name = "kafka_timestamp")
    public java.time.OffsetDateTime kafkaTimestamp;

    /** The primary key (Hibernate @IdClass). */
    public record Key(String matchId, long lastSeq, boolean closed) implements Serializable {
    }
}
