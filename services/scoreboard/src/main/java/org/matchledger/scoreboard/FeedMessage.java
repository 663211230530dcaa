package org.matchledger.scoreboard;

/**
 * One message of a feed: a ruling or a view of {@code matchId}, its JSON as the processor wrote it, its position in
 * the match's feed and when this instance received it (epoch millis; {@code ?delayMs=} counts from there).
 */
public record FeedMessage(String matchId, FeedPosition position, Kind kind, String json, long receivedAtMillis) {

    public enum Kind {
        VIEW("view"), RULING("ruling");

        public final String event;

        Kind(String event) {
            this.event = event;
        }
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
}
