package org.matchledger.kafka;

import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;

import java.nio.charset.StandardCharsets;

/**
 * The header {@value #NAME} that the rules processor puts on every {@code match-rulings} record: how many rulings the
 * event (or correction) it belongs to produced, so a reader knows when it has all of them (the gateway's {@code ?wait},
 * the scoreboard's feed groups, the audit trail's record).
 */
public final class RulingsHeader {
    public static final String NAME = "ledger-rulings-of-event";

    private RulingsHeader() {
    }

    /** The header's value for {@code count} rulings. */
    public static byte[] value(int count) {
        return Integer.toString(count).getBytes(StandardCharsets.UTF_8);
    }

    /** The count in {@code headers}, or null when the header is absent or not a number. */
    public static Integer read(Headers headers) {
        Header h = headers.lastHeader(NAME);
        if (h == null || h.value() == null) {
            return null;
        }
        try {
            return Integer.valueOf(new String(h.value(), StandardCharsets.UTF_8).trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
