package org.matchledger.core.event;

import java.util.Objects;
import java.util.Optional;

/**
 * Why an event is rejected: the field at fault, when one field is (a JSON path such as {@code data.player} or
 * {@code seq}), and what is wrong. An {@code EVENT_REJECTED} ruling's {@code reason} reads {@link #text()}.
 */
public record Rejection(Optional<String> field, String reason) {

    public Rejection {
        Objects.requireNonNull(field, "field");
        Objects.requireNonNull(reason, "reason");
    }

    /** A rejection that names the field at fault. */
    public static Rejection of(String field, String reason) {
        return new Rejection(Optional.of(field), reason);
    }

    /** A rejection that concerns no one field of the event (a closed match). */
    public static Rejection unfielded(String reason) {
        return new Rejection(Optional.empty(), reason);
    }

    /** As the ruling reads: {@code "field: reason"}, or the reason alone when no field is at fault. */
    public String text() {
        return field.map(f -> f + ": " + reason).orElse(reason);
    }

    @Override
    public String toString() {
        return text();
    }
}
