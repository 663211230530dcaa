package org.matchledger.scoreboard;

import io.quarkus.websockets.next.WebSocketConnection;
import io.vertx.core.Context;

import java.util.List;

/** A WebSocket client: each message as a text frame {@code {"id":…,"event":…,"data":…}}. */
final class SocketClient extends FeedClient {
    private final WebSocketConnection connection;
    private final Runnable onFailure;

    SocketClient(Context context, WebSocketConnection connection, long delayMs, Runnable onFailure) {
        super(context, delayMs, false);
        this.connection = connection;
        this.onFailure = onFailure;
    }

    static String frame(FeedMessage m) {
        return "{\"id\":\"" + m.matchFeedId() + "\",\"event\":\"" + m.kind().event + "\",\"data\":" + m.json() + "}";
    }

    @Override
    protected void write(List<FeedMessage> messages) {
        for (FeedMessage m : messages) {
            connection.sendText(frame(m)).subscribe().with(ok -> { }, failure -> onFailure.run());
        }
    }
}
