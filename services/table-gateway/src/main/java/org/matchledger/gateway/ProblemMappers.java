package org.matchledger.gateway;

import jakarta.ws.rs.NotAllowedException;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.NotSupportedException;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;
import org.matchledger.http.Problem;
import org.matchledger.http.ProblemForAnyException;

/** Errors the framework raises, answered as problem details instead of empty bodies. */
public class ProblemMappers {

    @ServerExceptionMapper
    public Response unsupported(NotSupportedException e) {
        return EventsResource.problem(Problem.of(415, "Unsupported media type",
                "post " + EventsResource.SINGLE + " (one event) or " + EventsResource.BATCH + " (a JSON array)"));
    }

    @ServerExceptionMapper
    public Response notFound(NotFoundException e) {
        return EventsResource.problem(Problem.of(404, "Not found", "no such resource; events go to POST /matches/{matchId}/events"));
    }

    @ServerExceptionMapper
    public Response notAllowed(NotAllowedException e) {
        return EventsResource.problem(Problem.of(405, "Method not allowed", "events are posted: POST /matches/{matchId}/events"));
    }

    /** Anything else: a problem without internals (the cause is logged), never a stack trace. */
    @ServerExceptionMapper
    public Response any(Throwable e) {
        return ProblemForAnyException.response(e);
    }
}
