package org.matchledger.simulator;

import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

/** Counters of all tables, read by the periodic summary. */
public final class Stats {
    /** Events the gateway accepted (2xx). */
    final AtomicLong posted = new AtomicLong();
    final AtomicLong matchesStarted = new AtomicLong();
    final AtomicLong matchesFinished = new AtomicLong();
    /** Matches given up: refused by the gateway (4xx) or the simulator could not go on. */
    final AtomicLong matchesAbandoned = new AtomicLong();
    /** New matches whose id the ledger already had (its opening event was not judged MATCH_OPENED). */
    final AtomicLong matchesSkipped = new AtomicLong();
    /** 4xx answers (the event was refused). */
    final AtomicLong clientErrors = new AtomicLong();
    /** 5xx answers. */
    final AtomicLong serverErrors = new AtomicLong();
    /** Events sent again after a 5xx, a connection failure or a timeout. */
    final AtomicLong retries = new AtomicLong();

    public long posted() {
        return posted.get();
    }

    public long matchesFinished() {
        return matchesFinished.get();
    }

    public long clientErrors() {
        return clientErrors.get();
    }

    public long serverErrors() {
        return serverErrors.get();
    }

    public long matchesSkipped() {
        return matchesSkipped.get();
    }

    public long retries() {
        return retries.get();
    }

    /** A snapshot, to compute rates between two summaries. */
    record Snapshot(long nanos, long posted) {
        Snapshot withPosted(long p) {
            return new Snapshot(nanos, p);
        }
    }

    Snapshot snapshot(long nanos) {
        return new Snapshot(nanos, posted.get());
    }

    /** One summary line: totals since the start and the event rate since {@code previous}. */
    String line(String label, Snapshot previous, Snapshot now, long startNanos) {
        double seconds = Math.max(1e-9, (now.nanos() - previous.nanos()) / 1e9);
        double rate = (now.posted() - previous.posted()) / seconds;
        return String.format(Locale.ROOT,
                "simulator: %-7s %5ds  posted %d (%.1f/s)  matches finished %d  started %d  abandoned %d  skipped %d  4xx %d  5xx %d  retries %d",
                label, Math.round((now.nanos() - startNanos) / 1e9), now.posted(), rate, matchesFinished.get(),
                matchesStarted.get(), matchesAbandoned.get(), matchesSkipped.get(), clientErrors.get(), serverErrors.get(),
                retries.get());
    }
}
