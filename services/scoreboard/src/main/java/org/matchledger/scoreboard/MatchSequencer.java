package org.matchledger.scoreboard;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeMap;

/**
 * Puts one match's rulings and views, which arrive on two topics in no fixed order relative to each other, into the
 * feed's order: for each applied seq S its rulings (in {@code n} order) then the view S when the processor wrote one
 * (it writes the latest view of a batch only). A group is released once all its rulings have arrived (header
 * {@code ledger-rulings-of-event}) and a view with {@code lastSeq ≥ S} has too (the processor writes both in one
 * transaction, so the view proves that seq S is committed). Notices ({@code EVENT_REJECTED}, {@code DUPLICATE} not
 * given by a re-judgement) do not advance the match: the k-th one after applied seq L gets position {@code L.k}.
 * The order of {@code match-rulings} (one partition per match) decides everything, so the positions are the same on
 * every instance and after every restart.
 */
public final class MatchSequencer {
    /** An incoming ruling, as much of it as the sequencing needs. */
    public record Ruling(Long seq, int n, String kind, boolean rejudgement, Integer rulingsOfEvent, String json) {
        boolean isNotice() {
            return !rejudgement && ("EVENT_REJECTED".equals(kind) || "DUPLICATE".equals(kind));
        }
    }

    private sealed interface Pending permits Group, Notice {
    }

    private static final class Group implements Pending {
        final long seq;
        Integer expected;
        final List<Ruling> rulings = new ArrayList<>();

        Group(long seq) {
            this.seq = seq;
        }
    }

    private record Notice(Ruling ruling) implements Pending {
    }

    private final String matchId;
    private final ArrayDeque<Pending> queue = new ArrayDeque<>();
    private final TreeMap<Long, String> views = new TreeMap<>();
    private long latestViewSeq = -1;
    private long lastApplied;
    private int noticesSinceLastApplied;

    public MatchSequencer(String matchId) {
        this.matchId = matchId;
    }

    /** A ruling read from {@code match-rulings}; returns the messages this releases, in feed order. */
    public List<FeedMessage> onRuling(Ruling r, long now) {
        if (r.isNotice() || r.seq() == null) {
            queue.add(new Notice(r));
        } else {
            Group g = queue.peekLast() instanceof Group last && last.seq == r.seq() && !complete(last) ? last : null;
            if (g == null) {
                g = new Group(r.seq());
                queue.add(g);
            }
            g.rulings.add(r);
            if (r.rulingsOfEvent() != null) {
                g.expected = r.rulingsOfEvent();
            }
        }
        return release(now);
    }

    /** A view read from {@code match-views}; returns the messages this releases, in feed order. */
    public List<FeedMessage> onView(long lastSeq, String json, long now) {
        if (lastSeq <= lastApplied && lastApplied > 0) {
            return List.of(); // already released (or superseded)
        }
        views.put(lastSeq, json);
        latestViewSeq = Math.max(latestViewSeq, lastSeq);
        return release(now);
    }

    private boolean complete(Group g) {
        return g.expected != null ? g.rulings.size() >= g.expected : latestViewSeq >= g.seq;
    }

    private List<FeedMessage> release(long now) {
        List<FeedMessage> out = new ArrayList<>();
        while (!queue.isEmpty()) {
            Pending head = queue.peek();
            if (head instanceof Notice notice) {
                queue.poll();
                noticesSinceLastApplied++;
                out.add(new FeedMessage(matchId, new FeedPosition(lastApplied, noticesSinceLastApplied),
                        FeedMessage.Kind.RULING, notice.ruling().json(), now));
                continue;
            }
            Group g = (Group) head;
            if (!complete(g) || latestViewSeq < g.seq) {
                break;
            }
            queue.poll();
            if (g.seq <= lastApplied) {
                continue; // the same seq applied twice cannot happen in one ledger: a replayed record
            }
            FeedPosition at = new FeedPosition(g.seq, 0);
            g.rulings.sort(Comparator.comparingInt(Ruling::n));
            for (Ruling r : g.rulings) {
                out.add(new FeedMessage(matchId, at, FeedMessage.Kind.RULING, r.json(), now));
            }
            lastApplied = g.seq;
            noticesSinceLastApplied = 0;
            String view = views.get(g.seq);
            views.headMap(g.seq, true).clear();
            if (view != null) {
                out.add(new FeedMessage(matchId, at, FeedMessage.Kind.VIEW, view, now));
            }
        }
        return out;
    }

    /** Applied seq of the last released group (0 before the first). */
    public long lastApplied() {
        return lastApplied;
    }

    /** Rulings received but not released yet (waiting for the rest of their group or for a view). */
    public int pending() {
        return queue.size();
    }
}
