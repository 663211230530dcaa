package org.matchledger.audit.page;

import com.fasterxml.jackson.databind.JsonNode;
import org.matchledger.audit.ledger.TimelineAnswer.Entry;
import org.matchledger.core.event.EventParser;
import org.matchledger.core.event.ParseResult;
import org.matchledger.core.event.TableEvent;

/**
 * One timeline entry as the page reads it: the entry ({@link Entry}, the API's) and its event read once by the core's
 * {@link EventParser}, as the ledger read it. {@code event} is null when the recorded value is not a well-formed
 * event (not JSON, or a field the parser refuses): such an entry is shown with its rejection, without facts.
 */
record TimelineRow(Entry entry, TableEvent event) {

    static TimelineRow of(Entry entry) {
        return new TimelineRow(entry, entry.event() == null ? null : parsed(entry.event()));
    }

    private static TableEvent parsed(JsonNode event) {
        return EventParser.parse(event) instanceof ParseResult.Parsed p ? p.event() : null;
    }

    boolean applied() {
        return "APPLIED".equals(entry.status());
    }
}
