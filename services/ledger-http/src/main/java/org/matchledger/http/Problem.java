package org.matchledger.http;

import com.fasterxml.jackson.annotation.JsonInclude;
import jakarta.ws.rs.core.Response;
import org.matchledger.core.json.Json;

import java.util.List;

/**
 * RFC 9457 problem details, answered with {@code application/problem+json} by every service: {@code parameter}
 * names a bad query parameter or header, {@code errors} lists the bad fields of posted events.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Problem(String type, String title, int status, String detail, String parameter, List<FieldError> errors) {
    public static final String MEDIA_TYPE = "application/problem+json";

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

    /** Posted events with bad fields: 400 listing them. */
    public static Problem invalidEvents(List<FieldError> errors) {
        return new Problem(type("Invalid event"), "Invalid event", 400,
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
