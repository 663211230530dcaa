package org.matchledger.scoreboard.readmodel;

/**
 * Where a message stands in its match's feed: {@code seq} of the applied event it belongs to, and {@code notice} = 0
 * for that event's rulings and view, k = 1, 2, … for the k-th notice ({@code EVENT_REJECTED} / {@code DUPLICATE})
 * given after it. As an SSE id: {@code "57"} or {@code "57.2"}. Positions are totally ordered like the feed.
 */
public record FeedPosition(long seq, int notice) implements Comparable<FeedPosition> {

    public static final FeedPosition START = new FeedPosition(0, 0);

    /** Parses {@code "S"} or {@code "S.k"}; null when it is neither. */
    public static FeedPosition parse(String id) {
        if (id == null || id.isBlank()) {
            return null;
        }
        String s = id.trim();
        int dot = s.indexOf('.');
        try {
            long seq = Long.parseLong(dot < 0 ? s : s.substring(0, dot));
            int notice = dot < 0 ? 0 : Integer.parseInt(s.substring(dot + 1));
            return seq < 0 || notice < 0 ? null : new FeedPosition(seq, notice);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    @Override
    public int compareTo(FeedPosition o) {
        int c = Long.compare(seq, o.seq);
        return c != 0 ? c : Integer.compare(notice, o.notice);
    }

    public boolean isAfter(FeedPosition o) {
        return compareTo(o) > 0;
    }

    @Override
    public String toString() {
        return notice == 0 ? Long.toString(seq) : seq + "." + notice;
    }
}
