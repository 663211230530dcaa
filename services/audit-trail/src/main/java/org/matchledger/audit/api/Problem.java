package org.matchledger.audit.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import jakarta.ws.rs.core.Response;

/** RFC 9457 problem details, answered with {@code application/problem+json}. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Problem(String type, String title, int status, String detail, String parameter) {
    public static final String MEDIA_TYPE = "application/problem+json";

    public static Problem of(int status, String title, String detail) {
        return new Problem("urn:matchledger:problem:" + title.toLowerCase().replace(' ', '-'), title, status, detail, null);
    }

    /** A bad query parameter: 400 naming it. */
    public static Problem badParameter(String parameter, String detail) {
        return new Problem("urn:matchledger:problem:invalid-parameter", "Invalid parameter", 400,
                parameter + ": " + detail, parameter);
    }

    public Response response() {
        return Response.status(status).type(MEDIA_TYPE).entity(this).build();
    }

    /** Thrown to answer with this problem. */
    public static final class Failure extends RuntimeException {
        private final Problem problem;

        public Failure(Problem problem) {
            super(problem.detail(), null, false, false);
            this.problem = problem;
        }

        public Problem problem() {
            return problem;
        }
    }
}
