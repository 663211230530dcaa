package org.matchledger.processor;

import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * Whether the processor makes progress: it is stalled when events wait (lag &gt; 0) and nothing has been committed
 * for the stall timeout. The wait is counted from the later of the last commit and the moment this stretch of lag was
 * first seen, so an instance that was idle (no lag) for hours is not "stalled" the moment a new event arrives.
 */
public final class StallWatch {
    /** What one look found: lag, milliseconds since the last commit (-1: none yet), stalled or not. */
    public record Assessment(long lag, long lastCommitAgeMillis, boolean stalled) {
    }

    private static final long NONE = Long.MIN_VALUE;

    private final long timeoutNanos;
    private final LongSupplier nanoClock;
    private long lastCommit = NONE;
    private long lagSeenAt = NONE;

    public StallWatch(Duration timeout, LongSupplier nanoClock) {
        this.timeoutNanos = timeout.toNanos();
        this.nanoClock = nanoClock;
    }

    /** A transaction with consumed offsets has committed. */
    public synchronized void committed() {
        lastCommit = nanoClock.getAsLong();
    }

    /** Looks at the lag now (records of the assigned partitions not yet committed). */
    public synchronized Assessment assess(long lag) {
        long now = nanoClock.getAsLong();
        long age = lastCommit == NONE ? -1 : (now - lastCommit) / 1_000_000;
        if (lag <= 0) {
            lagSeenAt = NONE;
            return new Assessment(lag, age, false);
        }
        if (lagSeenAt == NONE) {
            lagSeenAt = now;
        }
        long waitingSince = lastCommit == NONE ? lagSeenAt : Math.max(lastCommit, lagSeenAt);
        return new Assessment(lag, age, now - waitingSince >= timeoutNanos);
    }
}
