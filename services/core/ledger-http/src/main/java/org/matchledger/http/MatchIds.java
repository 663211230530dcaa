package org.matchledger.http;

import java.util.regex.Pattern;

/**
 * A match id as the ledger takes it (the gateway refuses a post under any other) and as the read services check their
 * {@code {matchId}} path parameter: a bad one is a 400 naming it.
 */
public final class MatchIds {
    public static final Pattern VALID = Pattern.compile("[A-Za-z0-9._-]{1,64}");

    private MatchIds() {
    }

    public static boolean valid(String matchId) {
        return matchId != null && VALID.matcher(matchId).matches();
    }

    /** The id itself, or a {@link Problem.Failure} (400 naming {@code matchId}). */
    public static String checked(String matchId) {
        if (!valid(matchId)) {
            throw new Problem.Failure(invalid());
        }
        return matchId;
    }

    public static Problem invalid() {
        return Problem.badParameter("matchId", "must be 1 to 64 characters from A-Z a-z 0-9 . _ -");
    }

    public static Problem unknown(String matchId) {
        return Problem.of(404, "Unknown match", "no match " + matchId + " in the ledger");
    }
}
