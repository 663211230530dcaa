package org.matchledger.core.event;

/** What {@link EventParser} made of one JSON event. */
public sealed interface ParseResult {

    record Parsed(TableEvent event) implements ParseResult {
    }

    /** The event is malformed; {@code id}, {@code seq} and {@code subject} are kept when they could be read. */
    record Invalid(String id, Long seq, String subject, Rejection rejection) implements ParseResult {
    }
}
