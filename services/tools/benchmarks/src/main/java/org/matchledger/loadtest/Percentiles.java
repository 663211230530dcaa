package org.matchledger.loadtest;

import java.util.Arrays;

/** Latency samples in microseconds and their percentiles. */
final class Percentiles {
    private long[] samples = new long[1 << 16];
    private int count;

    synchronized void add(long micros) {
        if (count == samples.length) {
            samples = Arrays.copyOf(samples, count * 2);
        }
        samples[count++] = micros;
    }

    synchronized int count() {
        return count;
    }

    /** The p-th percentile (0–100) in milliseconds. */
    synchronized double ms(double p) {
        if (count == 0) {
            return Double.NaN;
        }
        long[] sorted = Arrays.copyOf(samples, count);
        Arrays.sort(sorted);
        int i = (int) Math.min(count - 1, Math.max(0, Math.ceil(p / 100.0 * count) - 1));
        return sorted[i] / 1000.0;
    }
}
