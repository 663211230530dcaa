package org.matchledger.audit.api;

import org.matchledger.http.Problem;

import java.util.regex.Pattern;

/** The {@code {matchId}} path parameter: the gateway's match id syntax, else a 400 problem naming {@code matchId}. */
final class MatchIds {
    static final Pattern MATCH_ID = Pattern.compile("[A-Za-z0-9._-]{1,64}");

    private MatchIds() {
    }

    static String valid(String matchId) {
        if (matchId == null || !MATCH_ID.matcher(matchId).matches()) {
            throw new Problem.Failure(Problem.badParameter("matchId",
                    "must be 1 to 64 characters of A-Z a-z 0-9 . _ -"));
        }
        return matchId;
    }
}
