package org.matchledger.gateway;

import com.fasterxml.jackson.databind.JsonNode;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
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
import org.matchledger.http.Problem;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * {@code POST /matches/{matchId}/events}: one CloudEvent ({@code application/cloudevents+json}) or a batch
 * ({@code application/cloudevents-batch+json}, kept in order). Nothing invalid reaches {@code table-events}; the
 * answer is 202 with the accepted ids once the broker has acknowledged them, or with {@code ?wait=} the rulings.
 */
@Path("/matches/{matchId}/events")
public class EventsResource {
    public static final String SINGLE = "application/cloudevents+json";
    public static final String BATCH = "application/cloudevents-batch+json";
    private static final Pattern MATCH_ID = Pattern.compile("[A-Za-z0-9._-]{1,64}");
    private static final int MAX_WAIT_MS = 5000;
    private static final Logger LOG = Logger.getLogger(EventsResource.class);

    private final EventPublisher publisher;
    private final RulingsWaiter waiter;
    private final Counter accepted;
    private final Counter refused;

    @Inject
    public EventsResource(EventPublisher publisher, RulingsWaiter waiter, MeterRegistry registry) {
        this.publisher = publisher;
        this.waiter = waiter;
        this.accepted = registry.counter("gateway.events.accepted");
        this.refused = registry.counter("gateway.events.refused");
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
        if (!MATCH_ID.matcher(matchId).matches()) {
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
            return Uni.createFrom().item(refuse(matchId, bytes, 415, List.of(new Problem.FieldError(0, null, "body",
                    "the Content-Type names a charset that cannot be read; send UTF-8"))));
        }
        String body = PostedText.decode(bytes, charset);
        if (body == null) {
            return Uni.createFrom().item(refuse(matchId, bytes, 400, List.of(new Problem.FieldError(0, null, "body",
                    "not well-formed " + charset.name()))));
        }
        ValidatedPost post = ValidatedPost.of(matchId, body, batch);
        if (!post.valid()) {
            return Uni.createFrom().item(refuse(matchId, bytes, post.status(), post.errors()));
        }
        List<String> ids = post.ids();
        RulingsWaiter.Waiting waiting = wait != null && wait > 0 ? waiter.register(ids) : null;
        return publisher.publish(matchId, post.accepted())
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

    /** Answers a refused post and keeps it, once, on table-events-rejected. */
    private Response refuse(String matchId, byte[] body, int status, List<Problem.FieldError> errors) {
        refused.increment(errors.size());
        publisher.keepRejected(RejectedPost.of(matchId, body == null ? new byte[0] : body, errors));
        return problem(Problem.invalidEvents(status, errors));
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
