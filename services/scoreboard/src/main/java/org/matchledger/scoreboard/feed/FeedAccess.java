package org.matchledger.scoreboard.feed;

import org.matchledger.http.Problem;

/**
 * What a feed request may get, decided from its bearer token ({@link FeedAccessPolicy}): the live feed, the public
 * (delayed) feed, or a refusal.
 */
public sealed interface FeedAccess {

    /** A valid token with a role that may follow the live feed ({@code broadcaster} or {@code director}). */
    record Live(String subject, String role) implements FeedAccess {
    }

    /**
     * No token, or a valid token of another role: each message no earlier than {@code delayMs} after this instance
     * received it ({@code scoreboard.public-delay}, against courtsiding).
     */
    record Public(long delayMs) implements FeedAccess {
    }

    /**
     * A token that is there but not valid (malformed, expired, tampered, not ours): 401, never silently delayed; 503
     * when tokens cannot be verified at the moment (the identity provider's keys cannot be fetched).
     */
    record Refused(Problem problem) implements FeedAccess {
    }

    /**
     * How long each message is held back for a client that asked for {@code requestedDelayMs} ({@code ?delayMs=}):
     * a live client gets what it asked for, a public one at least the public delay.
     */
    static long delayMs(FeedAccess access, long requestedDelayMs) {
        if (access instanceof Public p) {
            return Math.max(p.delayMs(), requestedDelayMs);
        }
        if (access instanceof Live) {
            return requestedDelayMs;
        }
        throw new IllegalArgumentException("a refused request gets no feed");
    }
}
