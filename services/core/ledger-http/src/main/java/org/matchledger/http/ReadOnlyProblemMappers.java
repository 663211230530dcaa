package org.matchledger.http;

import jakarta.inject.Singleton;
import jakarta.ws.rs.NotAllowedException;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * The problems of a read-only service (the scoreboard, the audit trail), answered as problem details instead of empty
 * bodies: a {@link Problem.Failure} raised by a resource, a path that does not exist (404 naming the service's entry
 * point) and a method other than GET (405). A service takes these mappers by indexing this module
 * ({@code quarkus.index-dependency.ledger-http.*}) and names itself in {@code ledger.http.service-name} and
 * {@code ledger.http.entry-point}.
 */
@Singleton
public class ReadOnlyProblemMappers {
    private final String serviceName;
    private final String entryPoint;

    public ReadOnlyProblemMappers(LedgerHttpSettings settings) {
        this.serviceName = settings.serviceName();
        this.entryPoint = settings.entryPoint();
    }

    @ServerExceptionMapper
    public Response problem(Problem.Failure e) {
        return e.problem().response();
    }

    @ServerExceptionMapper
    public Response notFound(NotFoundException e) {
        return Problem.of(404, "Not found", "no such resource; see " + entryPoint).response();
    }

    @ServerExceptionMapper
    public Response notAllowed(NotAllowedException e) {
        return Problem.of(405, "Method not allowed", serviceName + " is read-only: GET only").response();
    }
}
