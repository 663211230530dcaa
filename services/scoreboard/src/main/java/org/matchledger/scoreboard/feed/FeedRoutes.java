package org.matchledger.scoreboard.feed;

import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.matchledger.http.Problem;
import org.matchledger.http.MatchIds;
import org.matchledger.scoreboard.readmodel.ClientBudget;
import org.matchledger.scoreboard.readmodel.FeedHub;
import org.matchledger.scoreboard.readmodel.FeedPosition;

import java.util.function.Consumer;

/**
 * The live feeds as Server-Sent Events, written as raw {@code text/event-stream} chunks on Vert.x, the admission of
 * WebSocket upgrades, and the headers of every answer of the service: CORS for GET, {@code Cache-Control: no-store},
 * the Content-Security-Policy of the pages and {@code X-Content-Type-Options: nosniff}.
 * <ul>
 *   <li>{@code GET /matches/{matchId}/stream}: ids {@code S} / {@code L.k};</li>
 *   <li>{@code GET /stream}: every match, ids {@code matchId:S} / {@code matchId:L.k};</li>
 *   <li>{@code GET /tiles/stream} and {@code GET /overlay/{matchId}/stream}: the same messages with the same ids,
 *   rendered as HTML for the pages ({@link SseForm}).</li>
 * </ul>
 * Resume from the {@code Last-Event-ID} header, or {@code ?lastEventId=} (first connection of a page);
 * {@code ?delayMs=} holds each message back (≤ 60 s). A bad {@code matchId} is a 400 problem, an unknown one a 404
 * (nothing is created for it), and beyond the connection caps a 503 problem with {@code Retry-After}.
 * Who gets the feeds live and who gets them delayed: {@link FeedAccessPolicy} (a token that is not valid: 401).
 */
@ApplicationScoped
public class FeedRoutes {
    public static final String LAST_EVENT_ID = "Last-Event-ID";
    /**
     * Scripts, styles and connections only from this origin, no plugins, no {@code <base>}; any page may frame the
     * overlays (OBS and vMix browser sources embed them).
     */
    public static final String CONTENT_SECURITY_POLICY = "default-src 'self'; script-src 'self'; style-src 'self'; "
            + "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors *";

    private final FeedHub hub;
    private final ConnectionSlots slots;
    private final ClientBudget budget;
    private final FeedAccessPolicy policy;

    public FeedRoutes(FeedHub hub, ConnectionSlots slots, ClientBudget budget, FeedAccessPolicy policy) {
        this.hub = hub;
        this.slots = slots;
        this.budget = budget;
        this.policy = policy;
    }

    void routes(@Observes Router router) {
        router.route().order(-100).handler(FeedRoutes::commonHeaders);
        router.get("/matches/:matchId/stream").handler(rc -> matchStream(rc, SseForm.JSON_OF_MATCH));
        router.get("/stream").handler(rc -> allMatchesStream(rc, SseForm.JSON_OF_ALL));
        router.get("/overlay/:matchId/stream").handler(rc -> matchStream(rc, SseForm.OVERLAY_OF_MATCH));
        router.get("/tiles/stream").handler(rc -> allMatchesStream(rc, SseForm.TILES_OF_ALL));
        // Before the WebSocket endpoint takes the upgrade: refused upgrades get a status and a problem body.
        router.get("/matches/:matchId/socket").order(-90).handler(this::admitSocket);
    }

    static void commonHeaders(RoutingContext rc) {
        HttpServerResponse res = rc.response();
        res.putHeader("Access-Control-Allow-Origin", "*");
        res.putHeader(HttpHeaders.CACHE_CONTROL, "no-store");
        res.putHeader("Content-Security-Policy", CONTENT_SECURITY_POLICY);
        res.putHeader("X-Content-Type-Options", "nosniff");
        if (rc.request().method() == HttpMethod.OPTIONS) {
            res.putHeader("Access-Control-Allow-Methods", "GET, OPTIONS")
                    .putHeader("Access-Control-Allow-Headers", "Last-Event-ID, Cache-Control, Accept, Authorization")
                    .putHeader("Access-Control-Max-Age", "86400")
                    .setStatusCode(204).end();
            return;
        }
        rc.next();
    }

    private void matchStream(RoutingContext rc, SseForm form) {
        String matchId = rc.pathParam("matchId");
        long requested;
        FeedPosition from;
        try {
            MatchIds.checked(matchId);
            requested = FeedParameters.delayMs(rc.queryParams().get("delayMs"));
            String header = rc.request().getHeader(LAST_EVENT_ID);
            from = header != null ? FeedParameters.matchPosition(LAST_EVENT_ID, header)
                    : FeedParameters.matchPosition("lastEventId", rc.queryParams().get("lastEventId"));
        } catch (Problem.Failure e) {
            problem(rc, e.problem());
            return;
        }
        if (!hub.known(matchId)) {
            problem(rc, MatchIds.unknown(matchId));
            return;
        }
        withAccess(rc, access -> {
            ConnectionSlots.Slot slot = admit(rc);
            if (slot == null) {
                return;
            }
            SseClient client = open(rc, FeedAccess.delayMs(access, requested), form, slot);
            if (!hub.subscribe(matchId, from, client)) {
                // Unreachable while matches are never forgotten; kept so that a refusal can never leak the slot.
                client.markClosed();
                slot.release();
                rc.response().reset();
            }
        });
    }

    private void allMatchesStream(RoutingContext rc, SseForm form) {
        long requested;
        try {
            requested = FeedParameters.delayMs(rc.queryParams().get("delayMs"));
        } catch (Problem.Failure e) {
            problem(rc, e.problem());
            return;
        }
        withAccess(rc, access -> {
            ConnectionSlots.Slot slot = admit(rc);
            if (slot == null) {
                return;
            }
            String header = rc.request().getHeader(LAST_EVENT_ID);
            String last = header != null ? header : rc.queryParams().get("lastEventId");
            SseClient client = open(rc, FeedAccess.delayMs(access, requested), form, slot);
            hub.subscribeAll(last == null || last.isBlank() ? null : last.trim(), client);
        });
    }

    /**
     * Decides the request's {@link FeedAccess} from its token, then, on the request's context: a refusal is answered
     * 401 with a {@code WWW-Authenticate} challenge; live or public access goes on to {@code granted}.
     */
    private void withAccess(RoutingContext rc, Consumer<FeedAccess> granted) {
        Context context = Vertx.currentContext();
        policy.decide(rc.request().getHeader(HttpHeaders.AUTHORIZATION), rc.queryParams().get(FeedAccessPolicy.ACCESS_TOKEN))
                .subscribe().with(access -> context.runOnContext(v -> {
                    if (rc.response().ended() || rc.response().closed()) {
                        return; // the client left while its token was checked
                    }
                    if (access instanceof FeedAccess.Refused refused) {
                        if (refused.problem().status() == 401) {
                            rc.response().putHeader("WWW-Authenticate", FeedAccessPolicy.INVALID_TOKEN_CHALLENGE);
                        } else {
                            rc.response().putHeader(HttpHeaders.RETRY_AFTER, Long.toString(slots.retryAfterSeconds()));
                        }
                        problem(rc, refused.problem());
                    } else {
                        granted.accept(access);
                    }
                }), failure -> context.runOnContext(v -> rc.fail(failure)));
    }

    /**
     * A WebSocket upgrade is admitted here (valid, known match, a token that is valid or none, a free slot) before the
     * endpoint takes it; the endpoint then decides live or public and takes the slot itself ({@link MatchSocket}).
     * Query parameters are the endpoint's (close 1008).
     */
    private void admitSocket(RoutingContext rc) {
        String matchId = rc.pathParam("matchId");
        if (!MatchIds.valid(matchId)) {
            problem(rc, MatchIds.invalid());
        } else if (!hub.known(matchId)) {
            problem(rc, MatchIds.unknown(matchId));
        } else {
            withAccess(rc, access -> {
                Problem full = slots.refusal(address(rc));
                if (full != null) {
                    refuse(rc, full);
                } else {
                    rc.next();
                }
            });
        }
    }

    /** A slot for this connection, or null after answering 503. */
    private ConnectionSlots.Slot admit(RoutingContext rc) {
        String address = address(rc);
        return slots.tryAcquire(address).orElseGet(() -> {
            refuse(rc, slots.refusal(address));
            return null;
        });
    }

    private void refuse(RoutingContext rc, Problem p) {
        if (p == null) { // a slot freed in between: still a refusal, the client retries
            p = Problem.of(503, "Too many connections", "try again later");
        }
        rc.response().putHeader(HttpHeaders.RETRY_AFTER, Long.toString(slots.retryAfterSeconds()));
        problem(rc, p);
    }

    static String address(RoutingContext rc) {
        return rc.request().remoteAddress() == null ? "unknown" : rc.request().remoteAddress().hostAddress();
    }

    private SseClient open(RoutingContext rc, long delay, SseForm form, ConnectionSlots.Slot slot) {
        HttpServerResponse res = rc.response();
        res.setChunked(true)
                .putHeader(HttpHeaders.CONTENT_TYPE, "text/event-stream; charset=utf-8")
                .putHeader("X-Accel-Buffering", "no");
        res.write("retry: 2000\n\n");
        SseClient[] client = new SseClient[1];
        Runnable end = () -> {
            hub.unsubscribe(client[0]);
            slot.release();
        };
        client[0] = new SseClient(Vertx.currentContext(), res, delay, form, budget, end);
        res.closeHandler(v -> end.run());
        res.exceptionHandler(e -> end.run());
        return client[0];
    }

    static void problem(RoutingContext rc, Problem p) {
        rc.response().setStatusCode(p.status()).putHeader(HttpHeaders.CONTENT_TYPE, Problem.MEDIA_TYPE).end(p.json());
    }
}
