package org.matchledger.scoreboard;

import io.vertx.core.Context;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * One connected feed client (SSE or WebSocket). The hub {@link #offer offers} it messages in feed order from any
 * thread (cheap: a queue append); they are written on the client's own Vert.x context, each once its receipt time
 * plus the client's {@code delayMs} has passed, in order. No thread per client: one timer at most, for the head of
 * the queue.
 */
public abstract class FeedClient {
    private final Context context;
    private final long delayMs;
    private final boolean allMatches;
    private final ArrayDeque<FeedMessage> queue = new ArrayDeque<>();
    private boolean drainScheduled;
    private long timerId = -1;
    private volatile boolean closed;

    protected FeedClient(Context context, long delayMs, boolean allMatches) {
        this.context = context;
        this.delayMs = delayMs;
        this.allMatches = allMatches;
    }

    /** Messages for this client, in feed order. */
    public final void offer(List<FeedMessage> messages) {
        if (messages.isEmpty() || closed) {
            return;
        }
        synchronized (this) {
            queue.addAll(messages);
            if (drainScheduled || timerId >= 0) {
                return;
            }
            drainScheduled = true;
        }
        context.runOnContext(v -> drain());
    }

    private void drain() {
        List<FeedMessage> due = new ArrayList<>();
        synchronized (this) {
            drainScheduled = false;
            timerId = -1;
            long now = System.currentTimeMillis();
            while (!queue.isEmpty() && queue.peek().receivedAtMillis() + delayMs <= now) {
                due.add(queue.poll());
            }
            if (!queue.isEmpty() && !closed) {
                long wait = Math.max(1, queue.peek().receivedAtMillis() + delayMs - now);
                timerId = context.owner().setTimer(wait, id -> drain());
            }
        }
        if (!due.isEmpty() && !closed) {
            write(due);
        }
    }

    /** Writes {@code messages} (due, in order); called on the client's context. */
    protected abstract void write(List<FeedMessage> messages);

    /** Whether this client follows every match ({@code matchId:seq} ids) or one. */
    public final boolean allMatches() {
        return allMatches;
    }

    public final Context context() {
        return context;
    }

    public final boolean closed() {
        return closed;
    }

    /** Stops writing; the hub forgets the client on its next delivery or at {@link FeedHub#unsubscribe}. */
    public void markClosed() {
        closed = true;
        synchronized (this) {
            queue.clear();
            if (timerId >= 0) {
                context.owner().cancelTimer(timerId);
                timerId = -1;
            }
        }
    }

    /** Messages queued but not written yet (delayed). */
    public synchronized int queued() {
        return queue.size();
    }
}
