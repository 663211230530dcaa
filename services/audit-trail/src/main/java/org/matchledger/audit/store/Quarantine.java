package org.matchledger.audit.store;

import org.matchledger.audit.intake.Rows;

/**
 * A record to quarantine: what it was read from, the match it names (if any), and why it is not in the ledger tables
 * ({@code sqlState} null when it could not be read at all).
 */
public record Quarantine(Rows.Origin origin, String matchId, String sqlState, String error) {
    /** PostgreSQL text cannot hold NUL: it is written as the six characters {@code \u0000}, as JSON escapes it. */
    public static String escapeNul(String s) {
        return s == null || s.indexOf('\0') < 0 ? s : s.replace("\0", "\\u0000");
    }
}
