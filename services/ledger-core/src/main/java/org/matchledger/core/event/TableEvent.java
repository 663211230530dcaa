package org.matchledger.core.event;

/**
 * One well-formed event: the CloudEvents envelope and its typed data. {@code digest} stands for the event as
 * received, so that a re-sent event can be compared with the applied one (docs/events.md: same id, same content) without
 * keeping its JSON.
 */
public record TableEvent(String id, String source, EventType type, String subject, long seq, String time,
                         EventData data, EventDigest digest) {

    /** The same event read as another type and data (a correction's replacement); id, seq and digest stay. */
    public TableEvent withContent(EventType newType, EventData newData) {
        return new TableEvent(id, source, newType, subject, seq, time, newData, digest);
    }
}
