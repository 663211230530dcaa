package org.matchledger.gateway;

import com.fasterxml.jackson.databind.JsonNode;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.smallrye.mutiny.Uni;
import io.quarkus.security.Authenticated;
import io.quarkus.security.identity.SecurityIdentity;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.jboss.logging.Logger;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.matchledger.core.event.Poster;
import org.matchledger.http.MatchIds;
import org.matchledger.http.Problem;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code POST /matches/{matchId}/events}: one CloudEvent ({@code application/cloudevents+json}) or a batch
 * ({@code application/cloudevents-batch+json}, kept in order). Nothing invalid reaches {@code table-events}; the
 * answer is 202 with the accepted ids once the broker has acknowledged them, or with {@code ?wait=} the rulings.
 * Every post needs a bearer token; each of its events must be one its role may post ({@link PostingRights}), and
 * every record written carries the poster ({@code PosterHeaders}).
 */
@Path("/matches/{matchId}/events")
@Authenticated
@SecurityRequirement(name = AuthProblems.BEARER_SCHEME)
@APIResponse(responseCode = "401", description = "no bearer token, or one that is invalid, expired, tampered, or not "
        + "issued for ledger-services (application/problem+json, WWW-Authenticate: Bearer)")
@APIResponse(responseCode = "403", description = "the token's role may not post an event of the post: the problem names "
        + "the role and the refused type (or data.tableId of an opening on another table), with each event's index")
public class EventsResource {
    public static final String SINGLE = "application/cloudevents+json";
    public static final String BATCH = "application/cloudevents-batch+json";
    private static final int MAX_WAIT_MS = 5000;
    private static final Logger LOG = Logger.getLogger(EventsResource.class);

    private final EventPublisher publisher;
    private final RulingsWaiter waiter;
    private final SecurityIdentity identity;
    private final Counter accepted;
    private final Counter refused;
    private final Counter forbidden;

    public EventsResource(EventPublisher publisher, RulingsWaiter waiter, SecurityIdentity identity, MeterRegistry registry) {
        this.publisher = publisher;
        this.waiter = waiter;
        this.identity = identity;
        this.accepted = registry.counter("gateway.events.accepted");
        this.refused = registry.counter("gateway.events.refused");
        this.forbidden = registry.counter("gateway.events.forbidden");
    }

    @POST
    @Consumes(SINGLE)
    @Operation(summary = "Post one table event (CloudEvents structured mode)")
    public Uni<Response> postOne(@PathParam("matchId") String matchId, @QueryParam("wait") @Parameter(
            description = "also wait up to this many milliseconds (≤ 5000) for the rulings") String wait,
                                 @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType, byte[] body) {
        return post(matchId, wait, contentType, body, false);
    }

    @POST
    @Consumes(BATCH)
    @Operation(summary = "Post a batch of table events (a JSON array, kept in order)")
    public Uni<Response> postBatch(@PathParam("matchId") String matchId, @QueryParam("wait") String wait,
                                   @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType, byte[] body) {
        return post(matchId, wait, contentType, body, true);
    }

    private Uni<Response> post(String matchId, String waitParam, String contentType, byte[] bytes, boolean batch) {
        Poster poster = Posters.of(identity);
        if (!MatchIds.valid(matchId)) {
            return Uni.createFrom().item(problem(Problem.invalidEvents(List.of(new Problem.FieldError(0, null, "matchId",
                    "the path's match id must be 1–64 characters of [A-Za-z0-9._-]")))));
        }
        Integer wait = waitMillis(waitParam);
        if (waitParam != null && (wait == null || wait < 0 || wait > MAX_WAIT_MS)) {
            return Uni.createFrom().item(problem(Problem.invalidEvents(List.of(new Problem.FieldError(0, null, "wait",
                    "must be 0–" + MAX_WAIT_MS + " milliseconds")))));
        }
        java.nio.charset.Charset charset = PostedText.charset(contentType);
        if (charset == null) {
            return Uni.createFrom().item(refuse(matchId, bytes, poster, 415, List.of(new Problem.FieldError(0, null, "body",
                    "the Content-Type names a charset that cannot be read; send UTF-8"))));
        }
        String body = PostedText.decode(bytes, charset);
        if (body == null) {
            return Uni.createFrom().item(refuse(matchId, bytes, poster, 400, List.of(new Problem.FieldError(0, null, "body",
                    "not well-formed " + charset.name()))));
        }
        ValidatedPost post = ValidatedPost.of(matchId, body, batch);
        if (!post.valid()) {
            return Uni.createFrom().item(refuse(matchId, bytes, poster, post.status(), post.errors()));
        }
        List<Problem.FieldError> notAllowed = notAllowed(poster, post.accepted());
        if (!notAllowed.isEmpty()) {
            return Uni.createFrom().item(forbid(matchId, bytes, poster, notAllowed));
        }
        List<String> ids = post.ids();
        RulingsWaiter.Waiting waiting = wait != null && wait > 0 ? waiter.register(ids) : null;
        return publisher.publish(matchId, post.accepted(), poster)
                .onItem().transformToUni(ignored -> {
                    accepted.increment(ids.size());
                    if (waiting == null) {
                        return Uni.createFrom().item(acceptedResponse(ids, null));
                    }
                    return Uni.createFrom().completionStage(waiting.done())
                            .ifNoItem().after(Duration.ofMillis(wait)).recoverWithItem(() -> null)
                            .map(rulings -> acceptedResponse(ids, rulings))
                            .eventually(() -> waiter.forget(ids));
                })
                .onFailure().recoverWithItem(e -> {
                    if (waiting != null) {
                        waiter.forget(ids);
                    }
                    LOG.warnf("table-events unavailable for match %s: %s", matchId, e.getMessage());
                    return Response.status(503).header("Retry-After", "2").type(Problem.MEDIA_TYPE)
                            .entity(Problem.of(503, "Ledger unavailable",
                                    "the events were not acknowledged by Kafka; nothing is lost on our side: send them again "
                                            + "with the same ids (a re-sent event is a no-op once recorded)"))
                            .build();
                });
    }

    private static Integer waitMillis(String param) {
        if (param == null) {
            return null;
        }
        try {
            return Integer.valueOf(param.strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** Answers a refused post and keeps it, once, on table-events-rejected with its poster. */
    private Response refuse(String matchId, byte[] body, Poster poster, int status, List<Problem.FieldError> errors) {
        refused.increment(errors.size());
        publisher.keepRejected(RejectedPost.of(matchId, body == null ? new byte[0] : body, errors), poster);
        return problem(Problem.invalidEvents(status, errors));
    }

    /** Every event of the post the poster may not post ({@link PostingRights}), by index; empty when all may be. */
    private static List<Problem.FieldError> notAllowed(Poster poster, List<ValidatedPost.Accepted> events) {
        List<Problem.FieldError> errors = new ArrayList<>();
        for (int i = 0; i < events.size(); i++) {
            ValidatedPost.Accepted a = events.get(i);
            if (PostingRights.decide(poster, a.event()) instanceof PostingRights.Refused no) {
                errors.add(new Problem.FieldError(i, a.id(), no.field(), no.reason()));
            }
        }
        return errors;
    }

    /**
     * 403: the poster may not post these events; nothing of the post is published. The attempt is kept once on
     * table-events-rejected with its poster (an attributable record of who tried what).
     */
    private Response forbid(String matchId, byte[] body, Poster poster, List<Problem.FieldError> errors) {
        forbidden.increment(errors.size());
        publisher.keepRejected(RejectedPost.of(matchId, body == null ? new byte[0] : body, errors), poster);
        Problem.FieldError first = errors.get(0);
        String detail = errors.size() == 1 && first.index() == 0
                ? first.field() + ": " + first.reason() + "; nothing was accepted"
                : "event " + first.index() + " " + first.field() + ": " + first.reason()
                        + (errors.size() > 1 ? " (and " + (errors.size() - 1) + " more)" : "") + "; nothing was accepted";
        return problem(AuthProblems.forbidden(detail, errors));
    }

    private static Response acceptedResponse(List<String> ids, List<JsonNode> rulings) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("accepted", ids);
        if (rulings != null) {
            body.put("rulings", rulings);
            return Response.ok(body, MediaType.APPLICATION_JSON).build();
        }
        return Response.accepted(body).type(MediaType.APPLICATION_JSON).build();
    }

    static Response problem(Problem p) {
        return Response.status(p.status()).type(Problem.MEDIA_TYPE).entity(p).build();
    }
}
