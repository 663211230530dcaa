package org.matchledger.scoreboard;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.matchledger.http.Problem;

import java.time.Duration;

/**
 * The live feeds as Server-Sent Events, written as raw {@code text/event-stream} chunks on Vert.x, and the
 * broadcaster conventions on every answer of the service: CORS for GET and {@code Cache-Control: no-store}.
 * <ul>
 *   <li>{@code GET /matches/{matchId}/stream}: ids {@code S} / {@code L.k};</li>
 *   <li>{@code GET /stream}: every match, ids {@code matchId:S} / {@code matchId:L.k}.</li>
 * </ul>
 * Resume from the {@code Last-Event-ID} header, or {@code ?lastEventId=} (first connection of a page);
 * {@code ?delayMs=} holds each message back (≤ 60 s).
 */
@ApplicationScoped
public class FeedRoutes {
    static final String LAST_EVENT_ID = "Last-Event-ID";

    @Inject
    FeedHub hub;
    @ConfigProperty(name = "scoreboard.stream.heartbeat", defaultValue = "5s")
    Duration heartbeat;

    void routes(@Observes Router router) {
        router.route().order(-100).handler(FeedRoutes::broadcasterHeaders);
        router.get("/matches/:matchId/stream").handler(this::matchStream);
        router.get("/stream").handler(this::allMatchesStream);
    }

    static void broadcasterHeaders(RoutingContext rc) {
        HttpServerResponse res = rc.response();
        res.putHeader("Access-Control-Allow-Origin", "*");
        res.putHeader(HttpHeaders.CACHE_CONTROL, "no-store");
        if (rc.request().method() == HttpMethod.OPTIONS) {
            res.putHeader("Access-Control-Allow-Methods", "GET, OPTIONS")
                    .putHeader("Access-Control-Allow-Headers", "Last-Event-ID, Cache-Control, Accept")
                    .putHeader("Access-Control-Max-Age", "86400")
                    .setStatusCode(204).end();
            return;
        }
        rc.next();
    }

    private void matchStream(RoutingContext rc) {
        String matchId = rc.pathParam("matchId");
        long delay;
        FeedPosition from;
        try {
            delay = FeedParameters.delayMs(rc.queryParams().get("delayMs"));
            String header = rc.request().getHeader(LAST_EVENT_ID);
            from = header != null ? FeedParameters.matchPosition(LAST_EVENT_ID, header)
                    : FeedParameters.matchPosition("lastEventId", rc.queryParams().get("lastEventId"));
        } catch (Problem.Failure e) {
            problem(rc, e.problem());
            return;
        }
        SseClient client = open(rc, delay, false);
        hub.subscribe(matchId, from, client);
    }

    private void allMatchesStream(RoutingContext rc) {
        long delay;
        try {
            delay = FeedParameters.delayMs(rc.queryParams().get("delayMs"));
        } catch (Problem.Failure e) {
            problem(rc, e.problem());
            return;
        }
        String header = rc.request().getHeader(LAST_EVENT_ID);
        String last = header != null ? header : rc.queryParams().get("lastEventId");
        SseClient client = open(rc, delay, true);
        hub.subscribeAll(last == null || last.isBlank() ? null : last.trim(), client);
    }

    private SseClient open(RoutingContext rc, long delay, boolean allMatches) {
        HttpServerResponse res = rc.response();
        res.setChunked(true)
                .putHeader(HttpHeaders.CONTENT_TYPE, "text/event-stream; charset=utf-8")
                .putHeader("X-Accel-Buffering", "no");
        res.write("retry: 2000\n\n");
        SseClient client = new SseClient(Vertx.currentContext(), res, delay, allMatches, heartbeat.toMillis());
        res.closeHandler(v -> hub.unsubscribe(client));
        res.exceptionHandler(e -> hub.unsubscribe(client));
        return client;
    }

    static void problem(RoutingContext rc, Problem p) {
        rc.response().setStatusCode(p.status()).putHeader(HttpHeaders.CONTENT_TYPE, Problem.MEDIA_TYPE).end(p.json());
    }
}
