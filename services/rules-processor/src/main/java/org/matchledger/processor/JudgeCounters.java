package org.matchledger.processor;

import io.micrometer.core.instrument.Counter;

/** The processor's counters ({@code /q/metrics}); null counters (tests of the bare topology) count nothing. */
public record JudgeCounters(Counter applied, Counter rejected, Counter closed) {
    public static final JudgeCounters NONE = new JudgeCounters(null, null, null);

    static void increment(Counter c) {
        if (c != null) {
            c.increment();
        }
    }
}
