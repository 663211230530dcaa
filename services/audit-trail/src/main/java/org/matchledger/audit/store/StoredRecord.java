package org.matchledger.audit.store;

import jakarta.persistence.Column;
import jakarta.persistence.MappedSuperclass;
import org.matchledger.core.event.Poster;

import java.time.OffsetDateTime;

/**
 * What a recorded event and a rejection share besides their keys (each entity's own, built on its
 * {@link LogPosition}): the record's log time, the event it concerns (match, seq, event id) and who posted it.
 */
@MappedSuperclass
public abstract class StoredRecord {
    @Column(name = "kafka_timestamp")
    public OffsetDateTime kafkaTimestamp;
    @Column(name = "match_id")
    public String matchId;
    public Long seq;
    @Column(name = "event_id")
    public String eventId;
    /** Who posted (the gateway's poster headers); null when the record had none. */
    @Column(name = "poster_subject")
    public String posterSubject;
    @Column(name = "poster_role")
    public String posterRole;
    @Column(name = "poster_table")
    public String posterTable;

    /** The poster, or null when none was recorded. */
    public Poster poster() {
        return posterSubject == null && posterRole == null && posterTable == null ? null
                : new Poster(posterSubject, posterRole, posterTable);
    }
}
