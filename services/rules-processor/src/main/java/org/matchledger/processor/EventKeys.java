package org.matchledger.processor;

import org.matchledger.core.ledger.MatchLedger;

/**
 * Keys of the {@code match-events} store: {@code matchId + NUL + seq} with the seq zero-padded to five digits (a match
 * holds at most {@value MatchLedger#MAX_EVENTS} events), so that a range scan returns a match's events in seq order.
 * A match id may itself hold a NUL (the key is whatever a client sent): a scan keeps only keys exactly six characters
 * longer than the id, which no other match's key can be.
 */
final class EventKeys {
    static final int SEQ_DIGITS = 5;

    private EventKeys() {
    }

    static String of(String matchId, long seq) {
        if (seq < 0 || seq > 99_999) {
            throw new IllegalArgumentException("seq out of range: " + seq);
        }
        // zero-padded by hand: String.format took 7 % of the stream thread (JFR, catching up)
        String digits = Long.toString(seq);
        StringBuilder key = new StringBuilder(matchId.length() + 1 + SEQ_DIGITS).append(matchId).append('\u0000');
        for (int i = digits.length(); i < SEQ_DIGITS; i++) {
            key.append('0');
        }
        return key.append(digits).toString();
    }

    static String first(String matchId) {
        return of(matchId, 0);
    }

    static String last(String matchId) {
        return of(matchId, 99_999);
    }

    /** Whether {@code key}, found in the range of {@code matchId}, is one of that match's keys. */
    static boolean belongsTo(String key, String matchId) {
        return key.length() == matchId.length() + 1 + SEQ_DIGITS;
    }
}
