package org.matchledger.loadtest;

import java.util.Arrays;

/** Latency samples in microseconds and their percentiles. */
final class Percentiles {
    private long[] samples;
    private int count;

    Percentiles() {
        this(1 << 16);
    }

    Percentiles(int capacity) {
        samples = new long[Math.max(16, capacity)];
    }

    synchronized void add(long micros) {
        if (count == samples.length) {
            samples = Arrays.copyOf(samples, count * 2);
        }
        samples[count++] = micros;
    }

    /** Adds every sample of {@code other}. */
    void addAll(Percentiles other) {
        long[] theirs;
        synchronized (other) {
            theirs = Arrays.copyOf(other.samples, other.count);
        }
        for (long v : theirs) {
            add(v);
        }
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
