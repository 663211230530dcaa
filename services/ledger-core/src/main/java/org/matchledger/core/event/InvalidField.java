package org.matchledger.core.event;

/** Thrown inside the parser only, to stop at the first bad field; never leaves {@link EventParser}. */
final class InvalidField extends RuntimeException {
    InvalidField(String field, String problem) {
        super(field + ": " + problem, null, false, false);
    }
}
