package org.matchledger.kafka;

import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.matchledger.core.event.Poster;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Who posted an event ({@link Poster}), as the gateway writes it on every record of {@code table-events} and
 * {@code table-events-rejected}: {@value #SUBJECT} (the token's {@code preferred_username}, else its {@code sub}),
 * {@value #ROLE} (director &gt; referee &gt; table) and {@value #TABLE} (the {@code tableId} claim of a table account;
 * absent otherwise). UTF-8 values. The processor reads them back into the event it judges and copies them onto its
 * rejections; the audit trail stores them.
 */
public final class PosterHeaders {
    public static final String SUBJECT = "ledger-poster-subject";
    public static final String ROLE = "ledger-poster-role";
    public static final String TABLE = "ledger-poster-table";

    private PosterHeaders() {
    }

    /** The headers for {@code poster} (none for null), in the order subject, role, table. */
    public static List<Header> of(Poster poster) {
        List<Header> headers = new ArrayList<>(3);
        if (poster == null) {
            return headers;
        }
        add(headers, SUBJECT, poster.subject());
        add(headers, ROLE, poster.role());
        add(headers, TABLE, poster.tableId());
        return headers;
    }

    /** Replaces any poster headers with {@code poster}'s (nothing for a null poster; no table header without a table). */
    public static void write(Headers headers, Poster poster) {
        headers.remove(SUBJECT);
        headers.remove(ROLE);
        headers.remove(TABLE);
        for (Header h : of(poster)) {
            headers.add(h);
        }
    }

    /** The poster the headers name, or null when they name none (records written before posters were kept). */
    public static Poster read(Headers headers) {
        String subject = text(headers, SUBJECT);
        String role = text(headers, ROLE);
        String table = text(headers, TABLE);
        if (subject == null && role == null && table == null) {
            return null;
        }
        return new Poster(subject, role, table);
    }

    private static void add(List<Header> headers, String name, String value) {
        if (value != null) {
            headers.add(new RecordHeader(name, value.getBytes(StandardCharsets.UTF_8)));
        }
    }

    private static String text(Headers headers, String name) {
        Header h = headers == null ? null : headers.lastHeader(name);
        return h == null || h.value() == null ? null : new String(h.value(), StandardCharsets.UTF_8);
    }
}
