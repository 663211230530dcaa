package org.matchledger.gateway;

import jakarta.ws.rs.NotAllowedException;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.NotSupportedException;
import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;
import org.matchledger.http.Problem;
import org.matchledger.http.ProblemForAnyException;

import java.util.List;

/**
 * Errors the framework raises, answered as problem details that point a client to posting events (a wrong media type,
 * path or method) instead of empty bodies, and anything else without internals. Not the read-only services'
 * {@code ReadOnlyProblemMappers}: the gateway takes posts.
 */
public class PostingProblemMappers {

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

    /** A Content-Type that is not a media type at all: 415 naming the body, like a charset that cannot be read. */
    @ServerExceptionMapper
    public Response illegalArgument(IllegalArgumentException e, HttpServerRequest request) {
        String contentType = request.getHeader("Content-Type");
        if (contentType != null && !isMediaType(contentType)) {
            return EventsResource.problem(Problem.invalidEvents(415, List.of(new Problem.FieldError(0, null, "body",
                    "the Content-Type is not a media type; post " + EventsResource.SINGLE + " or " + EventsResource.BATCH))));
        }
        return ProblemForAnyException.response(e);
    }

    private static boolean isMediaType(String header) {
        try {
            MediaType.valueOf(header);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** Anything else: a problem without internals (the cause is logged), never a stack trace. */
    @ServerExceptionMapper
    public Response any(Throwable e) {
        return ProblemForAnyException.response(e);
    }
}
