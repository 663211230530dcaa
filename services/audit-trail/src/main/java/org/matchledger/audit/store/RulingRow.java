package org.matchledger.audit.store;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;

import java.io.Serializable;

/** One ruling of an applied event or a correction, as published on {@code match-rulings} (key: match, seq, n). */
@Entity
@Table(name = "ruling")
@IdClass(RulingRow.Key.class)
public class RulingRow {
    @Id
    @Column(name = "match_id")
    public String matchId;
    @Id
    public long seq;
    @Id
    public int n;
    @Column(name = "event_id")
    public String eventId;
    public String kind;
    public String rule;
    public String player;
    public Integer points;
    @Column(name = "target_id")
    public String targetId;
    public Long rejudges;
    @Column(name = "rulings_of_event")
    public Integer rulingsOfEvent;
    /** The ruling JSON as published. */
    public String body;
    @Column(name = "kafka_timestamp")
    public java.time.OffsetDateTime kafkaTimestamp;

    /** The primary key (Hibernate @IdClass). */
    public record Key(String matchId, long seq, int n) implements Serializable {
    }
}
