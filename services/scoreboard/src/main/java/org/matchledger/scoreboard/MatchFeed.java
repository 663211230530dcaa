package org.matchledger.scoreboard;

import com.fasterxml.jackson.databind.JsonNode;
import org.matchledger.core.json.Json;

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
    JsonNode latestViewJson;
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
        return latestViewJson != null && (latestViewJson.path("closed").asBoolean(false)
                || "FINISHED".equals(latestViewJson.path("status").asText(null)));
    }

    void append(List<FeedMessage> released) {
        for (FeedMessage m : released) {
            log.add(m);
            if (m.kind() == FeedMessage.Kind.VIEW) {
                latestView = m;
                latestViewJson = readQuietly(m.json());
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

    List<String> rulingsAfter(long afterSeq) {
        List<String> out = new ArrayList<>();
        for (FeedMessage m : log) {
            if (m.kind() == FeedMessage.Kind.RULING) {
                JsonNode seq = readQuietly(m.json()).path("seq");
                if (seq.isIntegralNumber() ? seq.longValue() > afterSeq : afterSeq < 0) {
                    out.add(m.json());
                }
            }
        }
        return out;
    }

    private static JsonNode readQuietly(String json) {
        try {
            return Json.read(json);
        } catch (Exception e) {
            return Json.MAPPER.missingNode();
        }
    }
}
