package org.matchledger.http;

import com.fasterxml.jackson.annotation.JsonInclude;
import jakarta.ws.rs.core.Response;
import org.matchledger.core.json.Json;

import java.util.List;

/**
 * RFC 9457 problem details, answered with {@code application/problem+json} by every service: {@code parameter}
 * names a bad query parameter or header, {@code errors} lists the bad fields of posted events (at most
 * {@value #MAX_LISTED_ERRORS}; {@code moreErrors} says how many more there were).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Problem(String type, String title, int status, String detail, String parameter, List<FieldError> errors,
                      Integer moreErrors) {
    public static final String MEDIA_TYPE = "application/problem+json";
    /** A problem lists this many field errors at most, so that a hostile post cannot make a huge answer. */
    public static final int MAX_LISTED_ERRORS = 20;

    public Problem(String type, String title, int status, String detail, String parameter, List<FieldError> errors) {
        this(type, title, status, detail, parameter, errors == null ? null : listed(errors),
                errors == null || errors.size() <= MAX_LISTED_ERRORS ? null : errors.size() - MAX_LISTED_ERRORS);
    }

    private static List<FieldError> listed(List<FieldError> errors) {
        return errors.size() <= MAX_LISTED_ERRORS ? errors : List.copyOf(errors.subList(0, MAX_LISTED_ERRORS));
    }

    /** One bad field: the event's index in the post (0 for a single event), its id if readable, the field and why. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record FieldError(int index, String eventId, String field, String reason) {
    }

    public static Problem of(int status, String title, String detail) {
        return new Problem(type(title), title, status, detail, null, null);
    }

    /** A bad query parameter or header: 400 naming it. */
    public static Problem badParameter(String parameter, String detail) {
        return new Problem(type("Invalid parameter"), "Invalid parameter", 400, parameter + ": " + detail, parameter, null);
    }

    /** Posted events with bad fields: 400 listing them (the first {@value #MAX_LISTED_ERRORS}). */
    public static Problem invalidEvents(List<FieldError> errors) {
        return invalidEvents(400, errors);
    }

    /** Posted events with bad fields, answered with {@code status} (e.g. 413 for an event over its size). */
    public static Problem invalidEvents(int status, List<FieldError> errors) {
        return new Problem(type("Invalid event"), "Invalid event", status,
                errors.size() + " field(s) are not valid; nothing was accepted", null, errors);
    }

    private static String type(String title) {
        return "urn:matchledger:problem:" + title.toLowerCase().replace(' ', '-');
    }

    public String json() {
        return Json.write(this);
    }

    public Response response() {
        return Response.status(status).type(MEDIA_TYPE).entity(json()).build();
    }

    /** Thrown to answer with this problem (each service maps it with {@code @ServerExceptionMapper}). */
    public static final class Failure extends RuntimeException {
        private final transient Problem problem;

        public Failure(Problem problem) {
            super(problem.detail(), null, false, false);
            this.problem = problem;
        }

        public Problem problem() {
            return problem;
        }
    }
}
