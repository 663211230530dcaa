package org.matchledger.scoreboard;

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
        throw new BadParameter(Problem.badParameter("delayMs", "must be a whole number of milliseconds from 0 to "
                + MAX_DELAY_MS + ", got " + value));
    }

    /** A match feed's resume position ({@code S} or {@code L.k}); null when absent. */
    public static FeedPosition matchPosition(String name, String value) {
        if (value == null || value.isEmpty()) {
            return null;
        }
        FeedPosition p = FeedPosition.parse(value);
        if (p == null) {
            throw new BadParameter(Problem.badParameter(name, "must be a seq S or a notice id S.k, got " + value));
        }
        return p;
    }

    /** A bad parameter, answered 400 with its problem. */
    public static final class BadParameter extends RuntimeException {
        public final transient Problem problem;

        public BadParameter(Problem problem) {
            super(problem.detail(), null, false, false);
            this.problem = problem;
        }
    }
}
