package org.matchledger.audit.store;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;

import java.io.Serializable;
import java.time.OffsetDateTime;

/**
 * The closing of a match: its {@code MATCH_CLOSED} ruling as published on {@code match-rulings} (docs/events.md
 * "Closing, exactly"; key: match and seq, the match's last seq). {@code kafkaTimestamp}: when the processor wrote it.
 */
@Entity
@Table(name = "match_closing")
@IdClass(MatchClosingRow.Key.class)
public class MatchClosingRow {
    @Id
    @Column(name = "match_id")
    public String matchId;
    @Id
    public long seq;
    /** The ruling's {@code detail}: the correction window, ISO-8601. */
    @Column(name = "correction_window")
    public String correctionWindow;
    @Column(name = "rulings_of_event")
    public Integer rulingsOfEvent;
    public String body;
    @Column(name = "kafka_timestamp")
    public OffsetDateTime kafkaTimestamp;

    /** The primary key (Hibernate @IdClass). */
    public record Key(String matchId, long seq) implements Serializable {
    }
}
