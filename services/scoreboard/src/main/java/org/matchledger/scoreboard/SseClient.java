package org.matchledger.scoreboard;

import io.vertx.core.Context;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerResponse;

import java.util.List;

/**
 * A Server-Sent Events client: each message as {@code id:}, {@code event:} and one {@code data:} line; the due
 * messages of one delivery go out in a single write (a group of one seq is never split), and a {@code : heartbeat}
 * comment every {@code heartbeatMs} keeps proxies and overlays from going stale.
 */
final class SseClient extends FeedClient {
    private static final Buffer HEARTBEAT = Buffer.buffer(": heartbeat\n\n");

    private final HttpServerResponse response;
    private final long heartbeatTimer;

    SseClient(Context context, HttpServerResponse response, long delayMs, boolean allMatches, long heartbeatMs) {
        super(context, delayMs, allMatches);
        this.response = response;
        this.heartbeatTimer = context.owner().setPeriodic(heartbeatMs, id -> {
            if (!closed()) {
                response.write(HEARTBEAT);
            }
        });
    }

    @Override
    protected void write(List<FeedMessage> messages) {
        Buffer b = Buffer.buffer(messages.size() * 1024);
        for (FeedMessage m : messages) {
            m.appendSse(b, allMatches());
        }
        response.write(b);
        if (response.writeQueueFull()) {
            // A client that does not read (its socket buffer and Vert.x's write queue are full) is cut off rather
            // than buffered without bound; it reconnects with Last-Event-ID and gets exactly what it missed.
            markClosed();
            response.reset();
        }
    }

    @Override
    public void markClosed() {
        super.markClosed();
        context().owner().cancelTimer(heartbeatTimer);
    }
}
