package org.matchledger.sim;

/**
 * How often a simulated table does the unusual things, per event: referee rulings, corrections, re-sent events
 * (duplicates). Shot-level behaviour (fouls, misses, safeties) is each discipline's realistic default.
 */
public record SimProfile(double refereeRate, double correctionRate, double duplicateRate) {
    /** Play only: no rulings, corrections or duplicates. */
    public static final SimProfile CLEAN = new SimProfile(0, 0, 0);
    /** A real tournament table: now and then a ruling, a correction, a re-sent event. */
    public static final SimProfile REALISTIC = new SimProfile(0.004, 0.003, 0.003);
}
