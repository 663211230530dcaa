package org.matchledger.scoreboard;

import io.vertx.core.buffer.Buffer;

import java.nio.charset.StandardCharsets;

/**
 * One message of a feed: a ruling or a view of {@code matchId}, its JSON as the processor wrote it, its position in
 * the match's feed and when this instance received it (epoch millis; {@code ?delayMs=} counts from there).
 *
 * <p>Its Server-Sent Events form is encoded once per feed kind and shared by every client that receives it: with
 * thousands of clients on a match, formatting and UTF-8 encoding per client would be the fan-out's main cost.
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
    // Encoded on first use; a race only encodes the same bytes twice.
    private volatile byte[] matchFeedSse;
    private volatile byte[] allFeedSse;
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

    /** The SSE text of this message: {@code id:}, {@code event:}, one {@code data:} line and the blank line. */
    public String sse(boolean allMatches) {
        return "id: " + id(allMatches) + "\nevent: " + kind.event + "\ndata: " + json + "\n\n";
    }

    /** {@link #sse} as UTF-8, encoded once and shared by every client of that feed kind. */
    public void appendSse(Buffer to, boolean allMatches) {
        to.appendBytes(sseBytes(allMatches));
    }

    /** How many bytes {@link #appendSse} appends. */
    public int sseLength(boolean allMatches) {
        return sseBytes(allMatches).length;
    }

    private byte[] sseBytes(boolean allMatches) {
        byte[] bytes = allMatches ? allFeedSse : matchFeedSse;
        if (bytes == null) {
            bytes = sse(allMatches).getBytes(StandardCharsets.UTF_8);
            if (allMatches) {
                allFeedSse = bytes;
            } else {
                matchFeedSse = bytes;
            }
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
