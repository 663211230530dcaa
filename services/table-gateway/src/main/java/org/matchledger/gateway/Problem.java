package org.matchledger.gateway;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/** RFC 9457 problem details, as answered with {@code application/problem+json}. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Problem(String type, String title, int status, String detail, List<FieldError> errors) {
    public static final String MEDIA_TYPE = "application/problem+json";

    /** One bad field: the event's index in the post (0 for a single event), its id if readable, the field and why. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record FieldError(int index, String eventId, String field, String reason) {
    }

    public static Problem of(int status, String title, String detail) {
        return new Problem("urn:matchledger:problem:" + title.toLowerCase().replace(' ', '-'), title, status, detail, null);
    }

    public static Problem invalid(List<FieldError> errors) {
        return new Problem("urn:matchledger:problem:invalid-event", "Invalid event", 400,
                errors.size() + " field(s) are not valid; nothing was accepted", errors);
    }
}
