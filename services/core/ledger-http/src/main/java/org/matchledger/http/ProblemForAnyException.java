package org.matchledger.http;

import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import org.jboss.logging.Logger;

/**
 * The last resort of a service's exception mappers: any exception becomes a problem without internals (no class
 * names, no messages, no stack trace); the cause is logged. A framework exception that already carries a 4xx status
 * (a malformed header, a body that cannot be read) keeps it.
 */
public final class ProblemForAnyException {
    private static final Logger LOG = Logger.getLogger(ProblemForAnyException.class);

    private ProblemForAnyException() {
    }

    public static Problem problem(Throwable e) {
        if (e instanceof Problem.Failure f) {
            return f.problem();
        }
        if (e instanceof WebApplicationException w && w.getResponse() != null && w.getResponse().getStatus() >= 400
                && w.getResponse().getStatus() < 500) {
            int status = w.getResponse().getStatus();
            LOG.debugf("answered %d for %s", status, e);
            Response.StatusType type = Response.Status.fromStatusCode(status);
            String title = type != null ? type.getReasonPhrase() : "Bad request";
            return Problem.of(status, title, "the request cannot be processed as sent");
        }
        LOG.error("unexpected failure while answering a request", e);
        return Problem.of(500, "Internal error", "the request failed on our side; try again later");
    }

    public static Response response(Throwable e) {
        return problem(e).response();
    }
}
