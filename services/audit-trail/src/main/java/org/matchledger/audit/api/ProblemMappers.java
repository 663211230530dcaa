package org.matchledger.audit.api;

import jakarta.ws.rs.NotAllowedException;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;
import org.matchledger.http.Problem;

/** Problems raised by the resources and by the framework, answered as problem details instead of empty bodies. */
public class ProblemMappers {

    @ServerExceptionMapper
    public Response problem(Problem.Failure e) {
        return e.problem().response();
    }

    @ServerExceptionMapper
    public Response notFound(NotFoundException e) {
        return Problem.of(404, "Not found", "no such resource; see GET /matches/{matchId}/ledger").response();
    }

    @ServerExceptionMapper
    public Response notAllowed(NotAllowedException e) {
        return Problem.of(405, "Method not allowed", "the audit trail is read-only: GET only").response();
    }
}
