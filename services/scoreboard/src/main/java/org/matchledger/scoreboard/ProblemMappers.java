package org.matchledger.scoreboard;

import jakarta.ws.rs.NotAllowedException;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;
import org.matchledger.http.Problem;

/** Errors answered as problem details instead of empty bodies. */
public class ProblemMappers {

    @ServerExceptionMapper
    public Response badParameter(Problem.Failure e) {
        return e.problem().response();
    }

    @ServerExceptionMapper
    public Response notFound(NotFoundException e) {
        return Problem.of(404, "Not found", "no such resource; see GET /matches").response();
    }

    @ServerExceptionMapper
    public Response notAllowed(NotAllowedException e) {
        return Problem.of(405, "Method not allowed", "the scoreboard is read-only: GET only").response();
    }
}
