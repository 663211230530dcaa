package org.matchledger.simulator;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which account of the ledger's identity provider posts an event, as at a venue: the table's own account
 * ({@code table-T03} for match {@code T03-n}) posts the opening, lag, shots, options and concessions; the referee
 * rulings, voids, corrections and appeals; the director appeal decisions.
 */
final class Accounts {
    private static final Pattern TYPE = Pattern.compile("\"type\"\\s*:\\s*\"([^\"]+)\"");

    private Accounts() {
    }

    static String of(String matchId, String eventJson) {
        Matcher m = TYPE.matcher(eventJson);
        String type = m.find() ? m.group(1) : "";
        return switch (type) {
            case "pool.ruling.made", "pool.event.voided", "pool.event.corrected", "pool.appeal.filed" -> "referee";
            case "pool.appeal.decided" -> "director";
            default -> "table-" + tableOf(matchId);
        };
    }

    /** Match {@code T03-7} is played on table {@code T03}. */
    static String tableOf(String matchId) {
        int dash = matchId.indexOf('-');
        return dash > 0 ? matchId.substring(0, dash) : matchId;
    }
}
