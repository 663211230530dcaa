package org.matchledger.scoreboard.feed;

import io.quarkus.websockets.next.CloseReason;
import io.quarkus.websockets.next.WebSocketConnection;
import io.vertx.core.Context;
import io.vertx.core.buffer.Buffer;
import org.matchledger.scoreboard.readmodel.ClientBudget;
import org.matchledger.scoreboard.readmodel.FeedClient;
import org.matchledger.scoreboard.readmodel.FeedMessage;

import java.util.List;

/** A WebSocket client: each message as a text frame {@code {"id":…,"event":…,"data":…}}. */
final class SocketClient extends FeedClient {

    private static final Buffer PING = Buffer.buffer("heartbeat");

    private final WebSocketConnection connection;
    private final Runnable onFailure;

    SocketClient(Context context, WebSocketConnection connection, long delayMs, ClientBudget budget, Runnable onFailure) {
        super(context, delayMs, false, budget);
        this.connection = connection;
        this.onFailure = onFailure;
    }

    @Override
    protected long size(FeedMessage m) {
        return m.socketFrameLength();
    }

    @Override
    protected void write(List<FeedMessage> messages, long bytes) {
        for (FeedMessage m : messages) {
            long n = m.socketFrameLength();
            connection.sendText(m.socketFrame()).subscribe().with(ok -> flushed(n), failure -> {
                flushed(n);
                onFailure.run();
            });
        }
    }

    /** A ping while idle: keeps the connection within the HTTP idle timeout and shows whether the client is there. */
    @Override
    protected void heartbeat() {
        sending(PING.length());
        connection.sendPing(PING).subscribe().with(ok -> flushed(PING.length()), failure -> flushed(PING.length()));
    }

    /** Closes with 1008 (policy violation) and the reason: the client may reconnect with {@code ?lastEventId=}. */
    @Override
    protected void abort(String reason) {
        connection.close(new CloseReason(1008, reason)).subscribe().with(ok -> { }, failure -> { });
        onFailure.run(); // forgets the client and frees its slot now, not when the peer answers the close
    }
}
