package org.matchledger.scoreboard.readmodel;

import java.lang.ref.SoftReference;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * One message of a feed: a ruling or a view of {@code matchId} ({@link LedgerJson}: typed, with its JSON as the
 * processor wrote it), its position in the match's feed and when this instance received it (epoch millis;
 * {@code ?delayMs=} counts from there).
 *
 * <p>Its encoded forms (the feeds' Server-Sent Events texts, {@link Encoding}) are made once and shared by every client
 * that receives it: with thousands of clients on a match, formatting (or rendering) and UTF-8 encoding per client
 * would be the fan-out's main cost. A form no client asks for is never encoded. Large forms (rendered HTML, about three
 * times the JSON) are held softly: the log of every match ({@link AllMatchesLog}) keeps up to
 * {@code scoreboard.stream.log-capacity} messages for resume, and their HTML may be dropped under memory pressure and
 * rendered again if a resume asks for it.
 */
public final class FeedMessage {

    public enum Kind {
        VIEW("view"), RULING("ruling");

        public final String event;

        Kind(String event) {
            this.event = event;
        }
    }

    /** A form a message is sent in, encoded once per message and shared by every client of that form. */
    public interface Encoding {
        /** Where the form is kept on a message: 0 to {@link #FORMS} − 1, one per form. */
        int slot();

        /** Held softly (large, made again when needed) rather than for the message's life. */
        boolean soft();

        byte[] encode(FeedMessage m);
    }

    /** How many encoded forms a message can hold (the feeds' four SSE forms). */
    public static final int FORMS = 4;

    private final String matchId;
    private final FeedPosition position;
    private final LedgerJson payload;
    private final long receivedAtMillis;
    // Encoded on first use, by Encoding#slot: byte[] or SoftReference<byte[]>; a race only encodes the same bytes twice.
    private final AtomicReferenceArray<Object> encoded = new AtomicReferenceArray<>(FORMS);
    private volatile String socketFrame;
    private volatile int socketFrameLength = -1;

    public FeedMessage(String matchId, FeedPosition position, LedgerJson payload, long receivedAtMillis) {
        this.matchId = matchId;
        this.position = position;
        this.payload = payload;
        this.receivedAtMillis = receivedAtMillis;
    }

    public String matchId() {
        return matchId;
    }

    public FeedPosition position() {
        return position;
    }

    public Kind kind() {
        return payload instanceof LedgerView ? Kind.VIEW : Kind.RULING;
    }

    /** The view or the ruling. */
    public LedgerJson payload() {
        return payload;
    }

    /** The JSON as the processor wrote it. */
    public String json() {
        return payload.json();
    }

    public long receivedAtMillis() {
        return receivedAtMillis;
    }

    /** The id on a match's own feed: {@code S} or {@code L.k}. */
    public String matchFeedId() {
        return position.toString();
    }

    /** The id on the feed of every match: {@code matchId:S} or {@code matchId:L.k}. */
    public String allFeedId() {
        return matchId + ":" + position;
    }

    public String id(boolean allMatches) {
        return allMatches ? allFeedId() : matchFeedId();
    }

    /** This message in {@code form}, encoded on first use and shared. */
    public byte[] encoded(Encoding form) {
        Object held = encoded.get(form.slot());
        byte[] bytes = held instanceof SoftReference<?> soft ? (byte[]) soft.get() : (byte[]) held;
        if (bytes == null) {
            bytes = form.encode(this);
            encoded.set(form.slot(), form.soft() ? new SoftReference<>(bytes) : bytes);
        }
        return bytes;
    }

    /** The WebSocket text frame of this message, {@code {"id":…,"event":…,"data":…}}, built once and shared. */
    public String socketFrame() {
        String f = socketFrame;
        if (f == null) {
            f = "{\"id\":\"" + matchFeedId() + "\",\"event\":\"" + kind().event + "\",\"data\":" + json() + "}";
            socketFrame = f;
        }
        return f;
    }

    /** The UTF-8 length of {@link #socketFrame}. */
    public int socketFrameLength() {
        int n = socketFrameLength;
        if (n < 0) {
            n = socketFrame().getBytes(StandardCharsets.UTF_8).length;
            socketFrameLength = n;
        }
        return n;
    }

    @Override
    public String toString() {
        return kind().event + " " + allFeedId();
    }
}
