package org.matchledger.scoreboard.readmodel;

import io.vertx.core.Context;
import org.jboss.logging.Logger;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * One connected feed client (SSE or WebSocket). The hub {@link #offer offers} it messages in feed order from any
 * thread (cheap: a queue append); they are written on the client's own Vert.x context, each once its receipt time
 * plus the client's {@code delayMs} has passed, in order. No thread per client: one timer at most for the head of
 * the queue, and one periodic tick.
 *
 * <p>A client that does not keep up costs bounded memory. Due messages are handed to the socket only while less
 * than {@link ClientBudget#maxPendingBytes} are in flight (the rest wait here as references to the shared, already
 * encoded messages). The client is cut off when its due but unflushed bytes exceed that budget plus what is left of
 * the catch-up it asked for (a resume may legitimately be larger than the budget), or when bytes have been in flight
 * for {@link ClientBudget#stallTimeoutMs} without any draining. Messages waiting for their delay (the public
 * delay, {@code ?delayMs=}) are references too, at most {@link ClientBudget#maxDelayedMessages} of them: beyond, the
 * client is cut off. SSE clients come back with {@code Last-Event-ID} and get exactly what they missed.
 */
public abstract class FeedClient {
    private static final Logger LOG = Logger.getLogger(FeedClient.class);
    /** Why a client was cut off (a WebSocket's close reason): it may reconnect and resume where it was. */
    static final String TOO_SLOW = "too slow: reconnect with lastEventId";
    static final String TOO_MANY_DELAYED = "too many delayed messages: reconnect with lastEventId";

    private final Context context;
    private final long delayMs;
    private final boolean allMatches;
    private final ClientBudget budget;
    private final long tickTimer;
    /** Offered, not due yet (guarded by this). */
    private final ArrayDeque<FeedMessage> queue = new ArrayDeque<>();
    private boolean drainScheduled;
    private long timerId = -1;
    private boolean overflowing;
    private volatile boolean closed;

    // Written only on the client's context.
    /** Due, not handed to the socket yet (flow control). */
    private final ArrayDeque<FeedMessage> ready = new ArrayDeque<>();
    private long readyBytes;
    private long inFlightBytes;
    private long catchUpBytes;
    private long lastProgressMillis;

    /** The match this client follows, set by the hub under its lock; null for the feed of every match. */
    MatchFeed following;

    protected FeedClient(Context context, long delayMs, boolean allMatches, ClientBudget budget) {
        this.context = context;
        this.delayMs = delayMs;
        this.allMatches = allMatches;
        this.budget = budget;
        this.lastProgressMillis = System.currentTimeMillis();
        this.tickTimer = context.owner().setPeriodic(budget.tickMs(), id -> context.runOnContext(v -> tick()));
    }

    /** Messages for this client, in feed order. */
    public final void offer(List<FeedMessage> messages) {
        offer(messages, false);
    }

    /**
     * The catch-up a client asked for when it subscribed (a resume, the latest view): its bytes are allowed on top of
     * the budget until they have drained.
     */
    public final void offerCatchUp(List<FeedMessage> messages) {
        offer(messages, true);
    }

    private void offer(List<FeedMessage> messages, boolean catchUp) {
        if (messages.isEmpty() || closed) {
            return;
        }
        if (catchUp) {
            long bytes = 0;
            for (FeedMessage m : messages) {
                bytes += size(m);
            }
            long allowance = bytes;
            context.runOnContext(v -> catchUpBytes += allowance);
        }
        synchronized (this) {
            queue.addAll(messages);
            if (timerId >= 0 && queue.size() > budget.maxDelayedMessages()) {
                // The head is not due yet (a timer waits for it), so nothing behind it is: all of these wait.
                if (!overflowing) {
                    overflowing = true;
                    int n = queue.size();
                    context.runOnContext(v -> cutOff(n + " messages waiting for their delay (at most "
                            + budget.maxDelayedMessages() + ")", TOO_MANY_DELAYED));
                }
                return;
            }
            if (drainScheduled || timerId >= 0) {
                return;
            }
            drainScheduled = true;
        }
        context.runOnContext(v -> drain());
    }

    private void drain() {
        int waiting;
        synchronized (this) {
            drainScheduled = false;
            timerId = -1;
            long now = System.currentTimeMillis();
            while (!queue.isEmpty() && queue.peek().receivedAtMillis() + delayMs <= now) {
                FeedMessage m = queue.poll();
                ready.add(m);
                readyBytes += size(m);
            }
            if (!queue.isEmpty() && !closed) {
                long wait = Math.max(1, queue.peek().receivedAtMillis() + delayMs - now);
                timerId = context.owner().setTimer(wait, id -> drain());
            }
            waiting = queue.size();
        }
        if (waiting > budget.maxDelayedMessages()) {
            cutOff(waiting + " messages waiting for their delay (at most " + budget.maxDelayedMessages() + ")",
                    TOO_MANY_DELAYED);
            return;
        }
        writeReady();
    }

    /** Hands due messages to the socket while the bytes in flight are under budget; then checks the budget. */
    private void writeReady() {
        if (closed) {
            return;
        }
        while (!ready.isEmpty() && inFlightBytes < budget.maxPendingBytes()) {
            List<FeedMessage> batch = new ArrayList<>();
            long bytes = 0;
            // A group of one seq is never split: messages of one position go out together.
            while (!ready.isEmpty() && (inFlightBytes + bytes < budget.maxPendingBytes()
                    || (!batch.isEmpty() && ready.peek().position().equals(batch.get(batch.size() - 1).position())))) {
                FeedMessage m = ready.poll();
                long n = size(m);
                readyBytes -= n;
                bytes += n;
                batch.add(m);
            }
            sending(bytes);
            write(batch, bytes);
        }
        long behind = readyBytes + inFlightBytes;
        if (behind > budget.maxPendingBytes() + catchUpBytes) {
            cutOff(behind + " bytes not taken (budget " + budget.maxPendingBytes() + ")", TOO_SLOW);
        }
    }

    /** Bytes are about to be handed to the socket (on the client's context). */
    protected final void sending(long bytes) {
        if (inFlightBytes == 0) {
            lastProgressMillis = System.currentTimeMillis();
        }
        inFlightBytes += bytes;
    }

    /** The socket has taken (or failed) {@code bytes} handed to it: called on the client's context. */
    protected final void flushed(long bytes) {
        inFlightBytes = Math.max(0, inFlightBytes - bytes);
        catchUpBytes = Math.max(0, catchUpBytes - bytes);
        lastProgressMillis = System.currentTimeMillis();
        if (!ready.isEmpty()) {
            writeReady();
        }
    }

    private void tick() {
        if (closed) {
            return;
        }
        if (inFlightBytes > 0 && System.currentTimeMillis() - lastProgressMillis >= budget.stallTimeoutMs()) {
            cutOff(inFlightBytes + " bytes in flight, none drained for " + budget.stallTimeoutMs() + " ms", TOO_SLOW);
        } else if (inFlightBytes == 0) {
            heartbeat();
        }
    }

    /** Ends the connection of a client that costs too much; on the client's context. */
    private void cutOff(String why, String reason) {
        if (closed) {
            return;
        }
        LOG.debugf("cutting off a feed client: %s", why);
        markClosed();
        abort(reason);
    }

    /** The bytes {@code m} takes on this client's connection. */
    protected abstract long size(FeedMessage m);

    /**
     * Writes {@code messages} ({@code bytes} in all, due, in order) and calls {@link #flushed} once the connection
     * has taken them (or failed); called on the client's context.
     */
    protected abstract void write(List<FeedMessage> messages, long bytes);

    /** Keeps an idle connection alive (called on the client's context when nothing is in flight). */
    protected void heartbeat() {
    }

    /** Drops the connection of a client that does not keep up ({@code reason}: {@link #TOO_SLOW}, …). */
    protected abstract void abort(String reason);

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
        context.owner().cancelTimer(tickTimer);
        synchronized (this) {
            queue.clear();
            if (timerId >= 0) {
                context.owner().cancelTimer(timerId);
                timerId = -1;
            }
        }
        context.runOnContext(v -> {
            ready.clear();
            readyBytes = 0;
        });
    }

    /** The delay this client's messages are held back by (ms after receipt). */
    public final long delayMs() {
        return delayMs;
    }

    /** Messages queued but not written yet (delayed). */
    public synchronized int queued() {
        return queue.size();
    }
}
