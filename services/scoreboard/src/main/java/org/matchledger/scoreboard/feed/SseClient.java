package org.matchledger.scoreboard.feed;

import io.vertx.core.Context;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerResponse;
import org.matchledger.scoreboard.readmodel.ClientBudget;
import org.matchledger.scoreboard.readmodel.FeedClient;
import org.matchledger.scoreboard.readmodel.FeedMessage;

import java.util.List;

/**
 * A Server-Sent Events client: each message as {@code id:}, {@code event:} and its {@code data:} in its {@link SseForm}; the messages
 * of one write go out as one chunk (a group of one seq is never split), and a {@code : heartbeat} comment every
 * tick while idle keeps proxies and overlays from going stale.
 */
final class SseClient extends FeedClient {
    private static final Buffer HEARTBEAT = Buffer.buffer(": heartbeat\n\n");

    private final HttpServerResponse response;
    private final SseForm form;
    private final Runnable onEnd;

    /** {@code onEnd}: forgets the client and frees its slot (idempotent), also when the service ends the connection. */
    SseClient(Context context, HttpServerResponse response, long delayMs, SseForm form, ClientBudget budget, Runnable onEnd) {
        super(context, delayMs, form.allMatches, budget);
        this.response = response;
        this.form = form;
        this.onEnd = onEnd;
    }

    @Override
    protected long size(FeedMessage m) {
        return m.encoded(form).length;
    }

    @Override
    protected void write(List<FeedMessage> messages, long bytes) {
        Buffer b = Buffer.buffer((int) Math.min(Integer.MAX_VALUE, bytes));
        for (FeedMessage m : messages) {
            b.appendBytes(m.encoded(form));
        }
        response.write(b).onComplete(done -> flushed(bytes));
    }

    @Override
    protected void heartbeat() {
        long n = HEARTBEAT.length();
        sending(n);
        response.write(HEARTBEAT).onComplete(done -> flushed(n));
    }

    @Override
    protected void abort(String reason) {
        // Closes the connection: a client that does not read cannot take a graceful end either.
        response.reset();
        onEnd.run();
    }
}
