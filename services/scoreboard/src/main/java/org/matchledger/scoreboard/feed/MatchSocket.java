package org.matchledger.scoreboard.feed;

import io.quarkus.websockets.next.CloseReason;
import io.quarkus.websockets.next.HandshakeRequest;
import io.quarkus.websockets.next.OnClose;
import io.quarkus.websockets.next.OnOpen;
import io.quarkus.websockets.next.WebSocket;
import io.quarkus.websockets.next.WebSocketConnection;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import org.matchledger.http.Problem;
import org.matchledger.scoreboard.readmodel.ClientBudget;
import org.matchledger.scoreboard.readmodel.FeedHub;
import org.matchledger.scoreboard.readmodel.FeedPosition;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code GET /matches/{matchId}/socket}: the match's feed over a WebSocket, the same messages as the SSE feed.
 * Resume with {@code ?lastEventId=S} (or {@code L.k}); {@code ?delayMs=} as on the SSE feed; live or public (delayed)
 * by the bearer token, {@code Authorization} header or {@code ?access_token=} ({@link FeedAccessPolicy}). A bad query
 * parameter closes the socket with code 1008 (policy violation) and the problem's detail as the reason. The upgrade
 * itself is refused before it reaches here for a bad (400) or unknown (404) match id, a token that is not valid (401)
 * and beyond the connection caps (503, {@link FeedRoutes}); a connection that loses the race for the last slot is
 * closed with 1013 (try again later).
 */
@WebSocket(path = "/matches/{matchId}/socket")
public class MatchSocket {
    private final FeedHub hub;
    private final Vertx vertx;
    private final ConnectionSlots slots;
    private final ClientBudget budget;
    private final FeedAccessPolicy policy;

    private final Map<String, Admitted> clients = new ConcurrentHashMap<>();

    private record Admitted(SocketClient client, ConnectionSlots.Slot slot) {
    }

    public MatchSocket(FeedHub hub, Vertx vertx, ConnectionSlots slots, ClientBudget budget, FeedAccessPolicy policy) {
        this.hub = hub;
        this.vertx = vertx;
        this.slots = slots;
        this.budget = budget;
        this.policy = policy;
    }

    @OnOpen
    public Uni<Void> open(WebSocketConnection connection) {
        String matchId = connection.pathParam("matchId");
        HandshakeRequest handshake = connection.handshakeRequest();
        String query = handshake.query();
        long requested;
        FeedPosition from;
        try {
            requested = FeedParameters.delayMs(queryParam(query, "delayMs"));
            from = FeedParameters.matchPosition("lastEventId", queryParam(query, "lastEventId"));
        } catch (Problem.Failure e) {
            return connection.close(new CloseReason(1008, e.problem().detail())).onFailure().recoverWithNull();
        }
        Context context = vertx.getOrCreateContext();
        // Checked again here (the upgrade was refused with 401 for a token that was not valid then): live or public.
        return policy.decide(handshake.header("Authorization"), queryParam(query, FeedAccessPolicy.ACCESS_TOKEN))
                .chain(access -> {
                    if (access instanceof FeedAccess.Refused refused) {
                        CloseReason why = refused.problem().status() == 401 ? new CloseReason(1008, "token not valid")
                                : new CloseReason(1013, "tokens cannot be verified now; try again later");
                        return connection.close(why).onFailure().recoverWithNull();
                    }
                    context.runOnContext(v -> follow(connection, context, matchId, from, FeedAccess.delayMs(access, requested)));
                    return Uni.createFrom().voidItem();
                });
    }

    private void follow(WebSocketConnection connection, Context context, String matchId, FeedPosition from, long delay) {
        if (connection.isClosed()) {
            return;
        }
        ConnectionSlots.Slot slot = slots.tryAcquire(host(connection.handshakeRequest().remoteAddress())).orElse(null);
        if (slot == null) {
            connection.close(new CloseReason(1013, "too many connections; try again later")).subscribe().with(ok -> { }, f -> { });
            return;
        }
        SocketClient client = new SocketClient(context, connection, delay, budget, () -> close(connection));
        clients.put(connection.id(), new Admitted(client, slot));
        if (!hub.subscribe(matchId, from, client)) {
            close(connection);
            connection.close(new CloseReason(1008, "no match " + matchId + " in the ledger")).subscribe().with(ok -> { }, f -> { });
        }
    }

    @OnClose
    public void close(WebSocketConnection connection) {
        Admitted a = clients.remove(connection.id());
        if (a != null) {
            hub.unsubscribe(a.client());
            a.slot().release();
        }
    }

    /** The host of the handshake's {@code host:port} remote address, as the SSE routes count it. */
    static String host(String remoteAddress) {
        if (remoteAddress == null) {
            return "unknown";
        }
        int colon = remoteAddress.lastIndexOf(':');
        String host = colon > 0 ? remoteAddress.substring(0, colon) : remoteAddress;
        return host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    }

    static String queryParam(String query, String name) {
        if (query == null || query.isEmpty()) {
            return null;
        }
        for (String pair : query.split("&")) {
            int eq = pair.indexOf('=');
            String key = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            if (key.equals(name)) {
                return eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            }
        }
        return null;
    }
}
