package org.matchledger.scoreboard;

import io.vertx.core.buffer.Buffer;

import java.lang.ref.SoftReference;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * One message of a feed: a ruling or a view of {@code matchId}, its JSON as the processor wrote it, its position in
 * the match's feed and when this instance received it (epoch millis; {@code ?delayMs=} counts from there).
 *
 * <p>Its Server-Sent Events form is encoded once per {@link SseForm} and shared by every client that receives it: with
 * thousands of clients on a match, formatting (or rendering) and UTF-8 encoding per client would be the fan-out's main
 * cost. A form no client asks for is never encoded. The rendered HTML forms (a tile is about three times its JSON) are held
 * softly: the log of every match ({@link AllMatchesLog}) keeps up to {@code scoreboard.stream.log-capacity} messages
 * for resume, and their HTML may be dropped under memory pressure and rendered again if a resume asks for it.
 */
public final class FeedMessage {

    public enum Kind {
        VIEW("view"), RULING("ruling");

        public final String event;

        Kind(String event) {
            this.event = event;
        }
    }

    private final String matchId;
    private final FeedPosition position;
    private final Kind kind;
    private final String json;
    private final long receivedAtMillis;
    // Encoded on first use, by SseForm ordinal; a race only encodes the same bytes twice.
    private final AtomicReferenceArray<byte[]> sseBytes = new AtomicReferenceArray<>(SseForm.values().length);
    private final AtomicReferenceArray<SoftReference<byte[]>> htmlSseBytes = new AtomicReferenceArray<>(SseForm.values().length);
    private volatile String socketFrame;
    private volatile int socketFrameLength = -1;

    public FeedMessage(String matchId, FeedPosition position, Kind kind, String json, long receivedAtMillis) {
        this.matchId = matchId;
        this.position = position;
        this.kind = kind;
        this.json = json;
        this.receivedAtMillis = receivedAtMillis;
    }

    public String matchId() {
        return matchId;
    }

    public FeedPosition position() {
        return position;
    }

    public Kind kind() {
        return kind;
    }

    public String json() {
        return json;
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

    /** The SSE text of this message on a JSON feed: {@code id:}, {@code event:}, one {@code data:} line, a blank line. */
    public String sse(boolean allMatches) {
        return sse(SseForm.json(allMatches));
    }

    /**
     * The SSE text of this message in {@code form}: on the HTML feeds a view is its rendered tile or lower third
     * (event {@code tile} / {@code lowerThird}) and a ruling its rendered line (event {@code ruling}), one
     * {@code data:} line per line of HTML.
     */
    public String sse(SseForm form) {
        String head = "id: " + id(form.allMatches) + "\nevent: ";
        if (!form.html) {
            return head + kind.event + "\ndata: " + json + "\n\n";
        }
        String event = kind == Kind.RULING ? kind.event : form == SseForm.TILES_OF_ALL ? "tile" : "lowerThird";
        String html = html(form);
        StringBuilder b = new StringBuilder(head.length() + html.length() + 64).append(head).append(event).append('\n');
        for (String line : html.split("\r?\n|\r", -1)) {
            b.append("data: ").append(line).append('\n');
        }
        return b.append('\n').toString();
    }

    /** The rendered HTML of this message; empty (the page ignores it) when its JSON cannot be read. */
    private String html(SseForm form) {
        try {
            if (kind == Kind.RULING) {
                return Tiles.ruling(matchId, Tiles.read(json));
            }
            TileView view = TileView.of(Tiles.read(json));
            return form == SseForm.TILES_OF_ALL ? Tiles.tile(view) : Tiles.lowerThird(view);
        } catch (RuntimeException e) {
            return "";
        }
    }

    /** {@link #sse} as UTF-8, encoded once and shared by every client of that feed kind. */
    public void appendSse(Buffer to, boolean allMatches) {
        appendSse(to, SseForm.json(allMatches));
    }

    /** {@link #sse(SseForm)} as UTF-8, encoded once and shared by every client of that form. */
    public void appendSse(Buffer to, SseForm form) {
        to.appendBytes(sseBytes(form));
    }

    /** How many bytes {@link #appendSse} appends. */
    public int sseLength(boolean allMatches) {
        return sseLength(SseForm.json(allMatches));
    }

    public int sseLength(SseForm form) {
        return sseBytes(form).length;
    }

    private byte[] sseBytes(SseForm form) {
        if (form.html) {
            SoftReference<byte[]> held = htmlSseBytes.get(form.ordinal());
            byte[] bytes = held == null ? null : held.get();
            if (bytes == null) {
                bytes = sse(form).getBytes(StandardCharsets.UTF_8);
                htmlSseBytes.set(form.ordinal(), new SoftReference<>(bytes));
            }
            return bytes;
        }
        byte[] bytes = sseBytes.get(form.ordinal());
        if (bytes == null) {
            bytes = sse(form).getBytes(StandardCharsets.UTF_8);
            sseBytes.set(form.ordinal(), bytes);
        }
        return bytes;
    }

    /** The WebSocket text frame of this message, {@code {"id":…,"event":…,"data":…}}, built once and shared. */
    public String socketFrame() {
        String f = socketFrame;
        if (f == null) {
            f = "{\"id\":\"" + matchFeedId() + "\",\"event\":\"" + kind.event + "\",\"data\":" + json + "}";
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
        return kind.event + " " + allFeedId();
    }
}
