package org.matchledger.scoreboard;

/**
 * The forms a feed message takes on the Server-Sent Events feeds. The JSON feeds are the contract's (docs/feeds.md):
 * {@code view} and {@code ruling} events carrying the ledger's JSON as is. The HTML feeds carry the same messages
 * with the same ids, rendered by {@link Tiles}: a view as a {@code tile} (dashboard) or {@code lowerThird} (overlay)
 * event, a ruling as a {@code ruling} event holding its line on the tile.
 */
public enum SseForm {
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
}
