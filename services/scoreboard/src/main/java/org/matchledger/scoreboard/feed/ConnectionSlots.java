package org.matchledger.scoreboard.feed;

import jakarta.enterprise.context.ApplicationScoped;
import org.matchledger.http.Problem;
import org.matchledger.scoreboard.ScoreboardConfig;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The live connections (SSE and WebSocket together) this instance admits: at most {@code max-total}, and at most
 * {@code max-per-address} from one client address, so that one host cannot take every slot. A connection holds a
 * {@link Slot} from admission until it is gone; releasing is idempotent, so the several ways a connection can end
 * (client closes, cut off as too slow, write failure) free its slot exactly once.
 */
@ApplicationScoped
public class ConnectionSlots {
    private final int maxTotal;
    private final int maxPerAddress;
    private final Duration retryAfter;
    /** Only addresses with at least one connection: an address whose last connection ends is removed. */
    private final Map<String, Integer> perAddress = new HashMap<>();
    private int total;

    public ConnectionSlots(ScoreboardConfig config) {
        this.maxTotal = config.connections().maxTotal();
        this.maxPerAddress = config.connections().maxPerAddress();
        this.retryAfter = config.connections().retryAfter();
    }

    /** One admitted connection. */
    public final class Slot {
        private final String address;
        private final AtomicBoolean released = new AtomicBoolean();

        private Slot(String address) {
            this.address = address;
        }

        public void release() {
            if (released.compareAndSet(false, true)) {
                free(address);
            }
        }
    }

    /** A slot for a connection from {@code address}, or empty when a cap is reached. */
    public synchronized Optional<Slot> tryAcquire(String address) {
        if (refusal(address) != null) {
            return Optional.empty();
        }
        total++;
        perAddress.merge(address, 1, Integer::sum);
        return Optional.of(new Slot(address));
    }

    /** Why a connection from {@code address} would be refused now (503 problem), or null when it would be admitted. */
    public synchronized Problem refusal(String address) {
        if (total >= maxTotal) {
            return Problem.of(503, "Too many connections",
                    "this scoreboard serves at most " + maxTotal + " live connections; try again later");
        }
        if (perAddress.getOrDefault(address, 0) >= maxPerAddress) {
            return Problem.of(503, "Too many connections",
                    "at most " + maxPerAddress + " live connections from one address; try again later");
        }
        return null;
    }

    private synchronized void free(String address) {
        total--;
        perAddress.computeIfPresent(address, (a, n) -> n <= 1 ? null : n - 1);
    }

    /** {@code Retry-After} of a refusal, in whole seconds (at least 1). */
    public long retryAfterSeconds() {
        return Math.max(1, retryAfter.toSeconds());
    }

    public synchronized int inUse() {
        return total;
    }

    public synchronized int inUse(String address) {
        return perAddress.getOrDefault(address, 0);
    }
}
