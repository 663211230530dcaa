package org.matchledger.scoreboard;

import io.quarkus.websockets.next.CloseReason;
import io.quarkus.websockets.next.OnClose;
import io.quarkus.websockets.next.OnOpen;
import io.quarkus.websockets.next.WebSocket;
import io.quarkus.websockets.next.WebSocketConnection;
import io.smallrye.common.annotation.NonBlocking;
import io.vertx.core.Vertx;
import jakarta.inject.Inject;
import org.matchledger.http.Problem;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code GET /matches/{matchId}/socket}: the match's feed over a WebSocket, the same messages as the SSE feed.
 * Resume with {@code ?lastEventId=S} (or {@code L.k}); {@code ?delayMs=} as on the SSE feed. A bad parameter closes
 * the socket with code 1008 (policy violation) and the problem's detail as the reason.
 */
@WebSocket(path = "/matches/{matchId}/socket")
public class MatchSocket {
    @Inject
    FeedHub hub;
    @Inject
    Vertx vertx;

    private final Map<String, SocketClient> clients = new ConcurrentHashMap<>();

    @OnOpen
    @NonBlocking
    public void open(WebSocketConnection connection) {
        String matchId = connection.pathParam("matchId");
        String query = connection.handshakeRequest().query();
        long delay;
        FeedPosition from;
        try {
            delay = FeedParameters.delayMs(queryParam(query, "delayMs"));
            from = FeedParameters.matchPosition("lastEventId", queryParam(query, "lastEventId"));
        } catch (Problem.Failure e) {
            connection.close(new CloseReason(1008, e.problem().detail())).subscribe().with(ok -> { }, f -> { });
            return;
        }
        SocketClient client = new SocketClient(vertx.getOrCreateContext(), connection, delay, () -> close(connection));
        clients.put(connection.id(), client);
        hub.subscribe(matchId, from, client);
    }

    @OnClose
    public void close(WebSocketConnection connection) {
        SocketClient client = clients.remove(connection.id());
        if (client != null) {
            hub.unsubscribe(client);
        }
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
