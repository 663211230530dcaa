package org.matchledger.scoreboard.readmodel;

import jakarta.enterprise.context.ApplicationScoped;
import org.matchledger.scoreboard.ScoreboardConfig;

/**
 * What one live client may cost the scoreboard while it does not keep up: at most {@code max-pending-bytes} of due
 * messages not yet taken by its socket (beyond the catch-up it asked for), and bytes may wait at most
 * {@code stall-timeout} without any of them draining, and at most {@code max-delayed-messages} may wait for their
 * delay (the public delay, {@code ?delayMs=}). {@code tick} is how often each client checks the stall and (SSE) writes
 * a heartbeat comment.
 */
@ApplicationScoped
public class ClientBudget {
    private final long maxPendingBytes;
    private final long stallTimeoutMs;
    private final long tickMs;
    private final int maxDelayedMessages;

    public ClientBudget(ScoreboardConfig config) {
        this.maxPendingBytes = Math.max(1024, config.client().maxPendingBytes());
        this.stallTimeoutMs = Math.max(1, config.client().stallTimeout().toMillis());
        this.tickMs = Math.max(10, config.stream().heartbeat().toMillis());
        this.maxDelayedMessages = Math.max(1, config.client().maxDelayedMessages());
    }

    /** Messages one client may hold while they wait for their delay; beyond, the client is cut off (it resumes). */
    public int maxDelayedMessages() {
        return maxDelayedMessages;
    }

    public long maxPendingBytes() {
        return maxPendingBytes;
    }

    public long stallTimeoutMs() {
        return stallTimeoutMs;
    }

    public long tickMs() {
        return tickMs;
    }
}
