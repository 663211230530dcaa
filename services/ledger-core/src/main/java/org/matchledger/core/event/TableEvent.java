package org.matchledger.core.event;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One well-formed event: the CloudEvents envelope and its typed data. {@code raw} is the event as received,
 * kept so that a re-sent event can be compared with the applied one (events.md: same id, same content).
 */
public record TableEvent(String id, String source, EventType type, String subject, long seq, String time,
                         EventData data, JsonNode raw) {

    /** The same event read as another type and data (a correction's replacement); id, seq and raw stay. */
    public TableEvent withContent(EventType newType, EventData newData) {
        return new TableEvent(id, source, newType, subject, seq, time, newData, raw);
    }
}
