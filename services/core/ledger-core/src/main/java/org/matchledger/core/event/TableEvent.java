package org.matchledger.core.event;

/**
 * One well-formed event: the CloudEvents envelope and its typed data. {@code digest} stands for the event as
 * received, so that a re-sent event can be compared with the applied one (docs/events.md: same id, same content) without
 * keeping its JSON. {@code poster} is who posted it (null when unknown), not part of its content or digest.
 */
public record TableEvent(String id, String source, EventType type, String subject, long seq, String time,
                         EventData data, EventDigest digest, Poster poster) {

    /** The same event read as another type and data (a correction's replacement); id, seq and digest stay. */
    public TableEvent withContent(EventType newType, EventData newData) {
        return new TableEvent(id, source, newType, subject, seq, time, newData, digest, poster);
    }

    /** The same event posted by {@code who} (null: nobody known, as in logs older than the poster). */
    public TableEvent withPoster(Poster who) {
        return new TableEvent(id, source, type, subject, seq, time, data, digest, who);
    }
}
