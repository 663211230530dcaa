package org.matchledger.scoreboard.feed;

import org.matchledger.scoreboard.pages.TileView;
import org.matchledger.scoreboard.pages.Tiles;
import org.matchledger.scoreboard.readmodel.FeedMessage;
import org.matchledger.scoreboard.readmodel.LedgerRuling;
import org.matchledger.scoreboard.readmodel.LedgerView;

import java.nio.charset.StandardCharsets;

/**
 * The forms a feed message takes on the Server-Sent Events feeds. The JSON feeds are the contract's (docs/feeds.md):
 * {@code view} and {@code ruling} events carrying the ledger's JSON as is. The HTML feeds carry the same messages
 * with the same ids, rendered by {@link Tiles}: a view as a {@code tile} (dashboard) or {@code lowerThird} (overlay)
 * event, a ruling as a {@code ruling} event holding its line on the tile. Each form of a message is encoded once
 * and shared by every client of that form ({@link FeedMessage#encoded}); the HTML forms are held softly.
 */
public enum SseForm implements FeedMessage.Encoding {
    /** {@code /matches/{matchId}/stream}: ids {@code S} / {@code L.k}. */
    JSON_OF_MATCH(false, false),
    /** {@code /stream}: ids {@code matchId:S} / {@code matchId:L.k}. */
    JSON_OF_ALL(true, false),
    /** {@code /tiles/stream}: as {@code /stream}, views rendered as tiles. */
    TILES_OF_ALL(true, true),
    /** {@code /overlay/{matchId}/stream}: as {@code /matches/{matchId}/stream}, views rendered as lower thirds. */
    OVERLAY_OF_MATCH(false, true);

    public final boolean allMatches;
    public final boolean html;

    SseForm(boolean allMatches, boolean html) {
        this.allMatches = allMatches;
        this.html = html;
    }

    public static SseForm json(boolean allMatches) {
        return allMatches ? JSON_OF_ALL : JSON_OF_MATCH;
    }

    @Override
    public int slot() {
        return ordinal();
    }

    @Override
    public boolean soft() {
        return html;
    }

    @Override
    public byte[] encode(FeedMessage m) {
        return sse(m).getBytes(StandardCharsets.UTF_8);
    }

    /**
     * The SSE text of {@code m} in this form: {@code id:}, {@code event:}, its {@code data:} and a blank line. On the
     * HTML feeds a view is its rendered tile or lower third (event {@code tile} / {@code lowerThird}) and a ruling its
     * rendered line (event {@code ruling}), one {@code data:} line per line of HTML.
     */
    public String sse(FeedMessage m) {
        String head = "id: " + m.id(allMatches) + "\nevent: ";
        if (!html) {
            return head + m.kind().event + "\ndata: " + m.json() + "\n\n";
        }
        String event = m.kind() == FeedMessage.Kind.RULING ? m.kind().event : this == TILES_OF_ALL ? "tile" : "lowerThird";
        String rendered = html(m);
        StringBuilder b = new StringBuilder(head.length() + rendered.length() + 64).append(head).append(event).append('\n');
        for (String line : rendered.split("\r?\n|\r", -1)) {
            b.append("data: ").append(line).append('\n');
        }
        return b.append('\n').toString();
    }

    /** The rendered HTML of {@code m}; empty (the page ignores it) when it cannot be rendered. */
    private String html(FeedMessage m) {
        try {
            if (m.payload() instanceof LedgerRuling ruling) {
                return Tiles.ruling(m.matchId(), ruling);
            }
            TileView view = TileView.of((LedgerView) m.payload());
            return this == TILES_OF_ALL ? Tiles.tile(view) : Tiles.lowerThird(view);
        } catch (RuntimeException e) {
            return "";
        }
    }
}
