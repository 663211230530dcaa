package org.matchledger.scoreboard.feed;

import org.matchledger.http.Problem;
import org.matchledger.scoreboard.readmodel.FeedPosition;

/** The query parameters every feed takes, checked: a bad one is a 400 problem naming it. */
public final class FeedParameters {
    public static final long MAX_DELAY_MS = 60_000;

    private FeedParameters() {
    }

    /** {@code ?delayMs=}: 0 when absent; 0..{@value #MAX_DELAY_MS}. */
    public static long delayMs(String value) {
        if (value == null || value.isEmpty()) {
            return 0;
        }
        try {
            long d = Long.parseLong(value.trim());
            if (d >= 0 && d <= MAX_DELAY_MS) {
                return d;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new Problem.Failure(Problem.badParameter("delayMs", "must be a whole number of milliseconds from 0 to "
                + MAX_DELAY_MS + ", got " + value));
    }

    /** A match feed's resume position ({@code S} or {@code L.k}); null when absent. */
    public static FeedPosition matchPosition(String name, String value) {
        if (value == null || value.isEmpty()) {
            return null;
        }
        FeedPosition p = FeedPosition.parse(value);
        if (p == null) {
            throw new Problem.Failure(Problem.badParameter(name, "must be a seq S or a notice id S.k, got " + value));
        }
        return p;
    }
}
