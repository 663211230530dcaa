package org.matchledger.gateway;

import io.quarkus.security.Authenticated;
import io.quarkus.security.identity.SecurityIdentity;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.matchledger.core.event.Poster;
import org.matchledger.http.Problem;

import java.util.Set;
import java.util.regex.Pattern;

/**
 * The scoring lease of a match (docs/console.md "Two tablets on one match"): which console scores it. Each call names
 * the calling console ({@code console}, the id the tablet keeps) and needs the bearer token of a table, a referee or
 * a director, like the posts of events; only a referee or a director may {@code force}.
 * <pre>
 * GET    /console/api/matches/{matchId}/lease?console=ID                    the lease as this console sees it
 * POST   /console/api/matches/{matchId}/lease?console=ID[&amp;force=true]      take it: 200, or 409 held by another
 * POST   /console/api/matches/{matchId}/lease/request?console=ID            ask the holder: 202 (200 if taken at once)
 * POST   /console/api/matches/{matchId}/lease/answer?console=ID&amp;accept=B   the holder accepts or declines
 * DELETE /console/api/matches/{matchId}/lease?console=ID                    give it up
 * </pre>
 */
@Path("/console/api/matches/{matchId}/lease")
@Authenticated
@SecurityRequirement(name = AuthProblems.BEARER_SCHEME)
@Produces(MediaType.APPLICATION_JSON)
public class LeaseResource {
    private static final Pattern ID = Pattern.compile("[A-Za-z0-9._-]{1,64}");
    private static final Set<String> SCORERS = Set.of(Poster.TABLE, Poster.REFEREE, Poster.DIRECTOR);

    private final ConsoleLeases leases;
    private final SecurityIdentity identity;

    public LeaseResource(ConsoleLeases leases, SecurityIdentity identity) {
        this.leases = leases;
        this.identity = identity;
    }

    @GET
    @Operation(summary = "The scoring lease of a match as this console sees it (a holder's look keeps it fresh)")
    public Response look(@PathParam("matchId") String matchId, @QueryParam("console") String console) {
        scorer(matchId, console);
        return Response.ok(leases.look(matchId, console)).header("Cache-Control", "no-store").build();
    }

    @POST
    @Operation(summary = "Take the scoring lease: free, already this console's, stale, or forced by a referee")
    public Response take(@PathParam("matchId") String matchId, @QueryParam("console") String console,
                         @QueryParam("force") String force) {
        Poster poster = scorer(matchId, console);
        if (force != null && !force.equals("true") && !force.equals("false")) {
            return EventsResource.problem(Problem.badParameter("force", "must be true or false"));
        }
        boolean forced = "true".equals(force);
        if (forced && Poster.TABLE.equals(poster.role())) {
            return EventsResource.problem(AuthProblems.forbidden(
                    "force: role table may not take a lease without asking (a referee or a director may)", null));
        }
        ConsoleLeases.Outcome o = leases.take(matchId, console, poster.subject(), forced);
        if (o.done()) {
            return Response.ok(o.view()).build();
        }
        return refused(o, "console", "the lease of match " + matchId + " is held by another console (" + o.view().holderBy()
                + "): ask it to hand over, or a referee may take it now");
    }

    @POST
    @Path("/request")
    @Operation(summary = "Ask the console holding the lease to hand it over")
    public Response ask(@PathParam("matchId") String matchId, @QueryParam("console") String console) {
        Poster poster = scorer(matchId, console);
        ConsoleLeases.Outcome o = leases.ask(matchId, console, poster.subject());
        if (!o.done()) {
            return refused(o, "console", "not asked");
        }
        return Response.status(o.view().yours() ? 200 : 202).entity(o.view()).build();
    }

    @POST
    @Path("/answer")
    @Operation(summary = "The holder's answer to a request: accept (the asking console holds the lease) or decline")
    public Response answer(@PathParam("matchId") String matchId, @QueryParam("console") String console,
                           @QueryParam("accept") String accept) {
        scorer(matchId, console);
        if (!"true".equals(accept) && !"false".equals(accept)) {
            return EventsResource.problem(Problem.badParameter("accept", "must be true (hand over) or false (decline)"));
        }
        ConsoleLeases.Outcome o = leases.answer(matchId, console, Boolean.parseBoolean(accept));
        if (o.done()) {
            return Response.ok(o.view()).build();
        }
        return "not holder".equals(o.reason())
                ? refused(o, "console", "this console does not hold the lease of match " + matchId)
                : refused(o, "accept", "there is no request to answer");
    }

    @DELETE
    @Operation(summary = "Give the lease up (the console leaves the match)")
    public Response release(@PathParam("matchId") String matchId, @QueryParam("console") String console) {
        scorer(matchId, console);
        return Response.ok(leases.release(matchId, console)).build();
    }

    /**
     * The calling scorer; a {@link Problem.Failure} (answered by {@link PostingProblemMappers}) with 403 for a role that
     * scores nothing, 400 naming a bad match id or console id.
     */
    private Poster scorer(String matchId, String console) {
        Poster poster = Posters.of(identity);
        if (!SCORERS.contains(poster.role())) {
            throw new Problem.Failure(AuthProblems.forbidden("role " + poster.role()
                    + " may not score: a scoring lease is for a table, a referee or a director", null));
        }
        if (matchId == null || !ID.matcher(matchId).matches()) {
            throw new Problem.Failure(Problem.badParameter("matchId", "must be 1–64 characters of [A-Za-z0-9._-]"));
        }
        if (console == null || !ID.matcher(console).matches()) {
            throw new Problem.Failure(Problem.badParameter("console",
                    "the console's id is required: 1–64 characters of [A-Za-z0-9._-]"));
        }
        return poster;
    }

    /** 409 naming the parameter in conflict; 429 when this gateway keeps as many leases as it may. */
    private static Response refused(ConsoleLeases.Outcome o, String parameter, String detail) {
        if ("full".equals(o.reason())) {
            return Response.status(429).header("Retry-After", "30").type(Problem.MEDIA_TYPE)
                    .entity(Problem.of(429, "Too many leases", "this gateway keeps the leases of as many matches as it may "
                            + "(console.lease.max-matches); try again once some have gone stale")).build();
        }
        return EventsResource.problem(new Problem("urn:matchledger:problem:conflict", "Conflict", 409,
                parameter + ": " + detail, parameter, null));
    }
}
