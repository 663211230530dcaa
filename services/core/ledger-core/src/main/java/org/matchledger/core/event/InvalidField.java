package org.matchledger.core.event;

/** Thrown inside the parser only, to stop at the first bad field; never leaves {@link EventParser}. */
final class InvalidField extends RuntimeException {
    private final transient Rejection rejection;

    InvalidField(String field, String problem) {
        super(null, null, false, false);
        this.rejection = Rejection.of(field, problem);
    }

    Rejection rejection() {
        return rejection;
    }

    @Override
    public String getMessage() {
        return rejection.text();
    }
}
