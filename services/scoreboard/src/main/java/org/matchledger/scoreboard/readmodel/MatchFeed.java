package org.matchledger.scoreboard.readmodel;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * One match in the read model: its sequencer, its feed log (every released message, in order), its latest view and
 * the clients following it. Not thread-safe: {@link FeedHub} guards it.
 */
final class MatchFeed {
    final String matchId;
    final MatchSequencer sequencer;
    final List<FeedMessage> log = new ArrayList<>();
    final Set<FeedClient> clients = new LinkedHashSet<>();
    FeedMessage latestView;
    /** The view of {@link #latestView}. */
    LedgerView latest;
    /** Log time (Kafka timestamp) of the newest record of this match read: when it was last active. */
    long lastRecordMillis;

    MatchFeed(String matchId) {
        this(matchId, true);
    }

    /** {@code fromItsStart} false: read from a cut of the log ({@link MatchSequencer}). */
    MatchFeed(String matchId, boolean fromItsStart) {
        this.matchId = matchId;
        this.sequencer = new MatchSequencer(matchId, fromItsStart);
    }

    /** Finished (or closed): its latest view says so (view.md, {@code status}, {@code closed}). */
    boolean finished() {
        return latest != null && latest.finished();
    }

    void append(List<FeedMessage> released) {
        for (FeedMessage m : released) {
            log.add(m);
            if (m.payload() instanceof LedgerView view) {
                latestView = m;
                latest = view;
            }
        }
    }

    /**
     * Every message after {@code position}, in order. When the match was read from a cut and {@code position} lies
     * before what is held (the messages right after it are not here), a snapshot instead: {@link #fromLatestView()}.
     */
    List<FeedMessage> after(FeedPosition position) {
        FeedPosition heldFrom = sequencer.firstPosition();
        if (heldFrom != null && position.compareTo(heldFrom) < 0) {
            return fromLatestView();
        }
        int lo = 0;
        int hi = log.size();
        while (lo < hi) { // first index whose position is after the given one (positions never decrease)
            int mid = (lo + hi) >>> 1;
            if (log.get(mid).position().isAfter(position)) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return List.copyOf(log.subList(lo, log.size()));
    }

    /** The latest view and everything after it (the whole log before the first view). */
    List<FeedMessage> fromLatestView() {
        if (latestView == null) {
            return List.copyOf(log);
        }
        int i = log.lastIndexOf(latestView);
        return List.copyOf(log.subList(i, log.size()));
    }

    /**
     * For a client whose messages are held back until {@code asOfMillis} + its delay: the latest view this instance
     * had received by {@code asOfMillis} and everything after it (due one by one), so that a delayed client starts
     * from the state it may see now instead of waiting for the newest view; {@link #fromLatestView} when no view is
     * that old.
     */
    List<FeedMessage> fromViewAsOf(long asOfMillis) {
        for (int i = log.size() - 1; i >= 0; i--) {
            FeedMessage m = log.get(i);
            if (m.kind() == FeedMessage.Kind.VIEW && m.receivedAtMillis() <= asOfMillis) {
                return List.copyOf(log.subList(i, log.size()));
            }
        }
        return fromLatestView();
    }

    /** The rulings with {@code seq > afterSeq} in feed order (all of them, those without a seq too, for −1). */
    List<LedgerRuling> rulingsAfter(long afterSeq) {
        List<LedgerRuling> out = new ArrayList<>();
        for (FeedMessage m : log) {
            if (m.payload() instanceof LedgerRuling ruling && ruling.after(afterSeq)) {
                out.add(ruling);
            }
        }
        return out;
    }
}
