package org.matchledger.kafka;

import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.matchledger.core.event.Poster;

import java.nio.charset.StandardCharsets;

/**
 * The headers with which the gateway records who posted, on every record it writes to {@code table-events} and
 * {@code table-events-rejected}: {@value #SUBJECT} (the token's subject), {@value #ROLE} (the highest role used) and
 * {@value #TABLE} (the {@code tableId} claim; absent for other roles). UTF-8 values.
 */
public final class PosterHeaders {
    public static final String SUBJECT = "ledger-poster-subject";
    public static final String ROLE = "ledger-poster-role";
    public static final String TABLE = "ledger-poster-table";

    private PosterHeaders() {
    }

    /** The poster recorded in {@code headers}, or null when there is none (records written before posters were kept). */
    public static Poster read(Headers headers) {
        String subject = value(headers, SUBJECT);
        String role = value(headers, ROLE);
        String table = value(headers, TABLE);
        if (subject == null && role == null && table == null) {
            return null;
        }
        return new Poster(subject, role, table);
    }

    /** Replaces any poster headers with {@code poster}'s (nothing for a null poster; no table header without a table). */
    public static void write(Headers headers, Poster poster) {
        headers.remove(SUBJECT);
        headers.remove(ROLE);
        headers.remove(TABLE);
        if (poster == null) {
            return;
        }
        put(headers, SUBJECT, poster.subject());
        put(headers, ROLE, poster.role());
        put(headers, TABLE, poster.tableId());
    }

    private static void put(Headers headers, String name, String value) {
        if (value != null) {
            headers.add(name, value.getBytes(StandardCharsets.UTF_8));
        }
    }

    private static String value(Headers headers, String name) {
        Header h = headers.lastHeader(name);
        return h == null || h.value() == null ? null : new String(h.value(), StandardCharsets.UTF_8);
    }
}
