package org.matchledger.scoreboard.readmodel;

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
 *
 * <p><b>A match read from the middle of its log.</b> At start the scoreboard reads rulings only from a recent point
 * of {@code match-rulings} ({@code scoreboard.rulings-window}; the topic's retention also cuts it). Such a sequencer
 * starts <i>unanchored</i>: it does not know what was applied before the first record it reads, so it releases
 * nothing whose position it cannot be sure of. It anchors on the first group it reads (a group whose first rulings
 * lie before the cut is released with the rest): everything from there on has exact positions. Notices read before
 * the anchor are dropped (their {@code L.k} depends on notices before the cut), except notices before seq 1, which
 * are {@code 0.k}. A match with no group in what is read (its rulings are all older) anchors on
 * its latest view instead ({@link #anchorOnView}): the feed then starts with that view, at its {@code lastSeq}.
 * {@link #firstPosition()} says where the held part starts, so a resume from before it gets a snapshot.
 *
 * <p><b>Closing</b> (events.md, view.md): a finished match closes with a {@code MATCH_CLOSED} ruling at its last seq L
 * and a last view, also at {@code lastSeq} L, with {@code "closed": true}. They advance nothing, so they take the next
 * notice position {@code L.k}, the ruling then the view (released together once both are in); after that the match
 * takes nothing but notices.
 */
public final class MatchSequencer {
    private sealed interface Pending permits Group, Notice, Closing {
    }

    /** The {@code MATCH_CLOSED} ruling, waiting for the closed view. */
    private record Closing(LedgerRuling ruling) implements Pending {
    }

    private static final class Group implements Pending {
        final long seq;
        Integer expected;
        int missingAtStart;
        final List<LedgerRuling> rulings = new ArrayList<>();

        Group(long seq) {
            this.seq = seq;
        }
    }

    private record Notice(LedgerRuling ruling) implements Pending {
    }

    private final String matchId;
    private final ArrayDeque<Pending> queue = new ArrayDeque<>();
    private final TreeMap<Long, LedgerView> views = new TreeMap<>();
    private long latestViewSeq = -1;
    private long lastApplied;
    private int noticesSinceLastApplied;
    /** False while this match is read from the middle of its log and no group has been seen from its start. */
    private boolean anchored;
    /** Notices read before the anchor: released as 0.k only if the anchor is seq 1. */
    private final List<LedgerRuling> noticesBeforeAnchor = new ArrayList<>();
    private final boolean fromItsStart;
    /** The view with {@code "closed": true}, until it is released with its ruling (or anchored on). */
    private LedgerView closedView;
    private long closedViewSeq = -1;
    /** A MATCH_CLOSED ruling read before the anchor. */
    private LedgerRuling closingBeforeAnchor;
    /** Closed: released its closing (or anchored on its closed view). */
    private boolean closed;
    /** The latest view written before the start, while unanchored (-1: none). */
    private long startViewSeq = -1;
    /** Position of the first message released when read from a cut (null before any, or when read from the start). */
    private FeedPosition firstPosition;

    /** A match read from its beginning (anchored from the start). */
    public MatchSequencer(String matchId) {
        this(matchId, true);
    }

    /** {@code fromItsStart} false: the log of this match is read from a cut, see the class comment. */
    public MatchSequencer(String matchId, boolean fromItsStart) {
        this.matchId = matchId;
        this.anchored = fromItsStart;
        this.fromItsStart = fromItsStart;
    }

    /** A ruling read from {@code match-rulings}; returns the messages this releases, in feed order. */
    public List<FeedMessage> onRuling(LedgerRuling r, long now) {
        if (!anchored) {
            return onRulingBeforeAnchor(r, now);
        }
        if (r.isClosing()) {
            if (closed) {
                return List.of(); // anchored on the closed view already
            }
            queue.add(new Closing(r));
        } else if (r.isNotice() || r.seq() == null) {
            queue.add(new Notice(r));
        } else if (!fromItsStart && r.seq() <= lastApplied) {
            return List.of(); // the rest of a group this match was anchored after (read from a cut)
        } else {
            Group g = queue.peekLast() instanceof Group last && last.seq == r.seq() && !complete(last) ? last : null;
            if (g == null) {
                g = new Group(r.seq());
                if (!fromItsStart) {
                    g.missingAtStart = r.n(); // read from a cut inside the group: its first rulings are before it
                }
                queue.add(g);
            }
            g.rulings.add(r);
            if (r.rulingsOfEvent() != null) {
                g.expected = r.rulingsOfEvent();
            }
        }
        return release(now);
    }

    private List<FeedMessage> onRulingBeforeAnchor(LedgerRuling r, long now) {
        if (r.isClosing()) {
            closingBeforeAnchor = r; // no group follows a closing: the match anchors on a view, then this is released
            return List.of();
        }
        if (r.isNotice() || r.seq() == null) {
            noticesBeforeAnchor.add(r);
            return List.of();
        }
        anchored = true; // the first group seen: its position is exact, and so is everything after it
        if (r.seq() == 1 && r.n() == 0) {
            noticesBeforeAnchor.forEach(notice -> queue.add(new Notice(notice))); // nothing applied before seq 1: 0.k
        }
        noticesBeforeAnchor.clear();
        views.headMap(r.seq(), false).clear();
        return onRuling(r, now);
    }

    /**
     * Anchors an unanchored match on its view {@code lastSeq}: the view is released at position {@code lastSeq};
     * what comes after it follows with exact positions. Used when no group of the match is read from its start.
     */
    private List<FeedMessage> anchorOnView(long lastSeq, long now) {
        LedgerView anchor = views.get(lastSeq);
        anchored = true;
        noticesBeforeAnchor.clear();
        lastApplied = lastSeq;
        noticesSinceLastApplied = 0;
        views.headMap(lastSeq, true).clear();
        FeedMessage view = new FeedMessage(matchId, new FeedPosition(lastSeq, 0), anchor, now);
        if (firstPosition == null) {
            firstPosition = view.position();
        }
        if (closingBeforeAnchor != null && !closed) {
            queue.add(new Closing(closingBeforeAnchor)); // its closed view may still come
        }
        closingBeforeAnchor = null;
        List<FeedMessage> out = new ArrayList<>(List.of(view));
        out.addAll(release(now));
        return out;
    }

    /** How a view was read, for a match read from a cut. */
    public enum ViewRead {
        /** Written after the start (or the match is read from its start). */
        LIVE,
        /** Written before the start, and after the cut: its rulings are read too (before readiness). */
        AT_START,
        /** Written before the cut: its rulings are not read. */
        BEFORE_CUT
    }

    /** A view read from {@code match-views}; returns the messages this releases, in feed order. */
    public List<FeedMessage> onView(LedgerView view, long now) {
        return onView(view, now, ViewRead.LIVE);
    }

    /**
     * A view and how it was read: an unanchored match anchors on a view {@link ViewRead#BEFORE_CUT} at once; a view
     * with {@code "closed": true} closes the match.
     */
    public List<FeedMessage> onView(LedgerView view, long now, ViewRead read) {
        long lastSeq = view.lastSeq();
        if (view.closed()) {
            return onClosedView(lastSeq, view, now, read);
        }
        if (lastSeq <= lastApplied && lastApplied > 0) {
            return List.of(); // already released (or superseded)
        }
        views.put(lastSeq, view);
        latestViewSeq = Math.max(latestViewSeq, lastSeq);
        if (!anchored) {
            if (read == ViewRead.AT_START) {
                startViewSeq = Math.max(startViewSeq, lastSeq);
            }
            return read == ViewRead.BEFORE_CUT ? anchorOnView(lastSeq, now) : List.of();
        }
        if (read == ViewRead.BEFORE_CUT && !fromItsStart && queue.stream().noneMatch(p -> p instanceof Group)) {
            return anchorOnView(lastSeq, now); // a later view of a match read from a cut: its rulings are before it too
        }
        return release(now);
    }

    private List<FeedMessage> onClosedView(long lastSeq, LedgerView view, long now, ViewRead read) {
        if (closed) {
            return List.of();
        }
        closedView = view;
        closedViewSeq = lastSeq;
        if (!anchored) {
            if (read == ViewRead.AT_START) {
                startViewSeq = Math.max(startViewSeq, lastSeq);
            }
            return read == ViewRead.BEFORE_CUT ? anchorOnClosedView(now) : List.of();
        }
        return release(now);
    }

    /** Anchors an unanchored match on its closed view: the feed starts there, and the match is closed. */
    private List<FeedMessage> anchorOnClosedView(long now) {
        views.put(closedViewSeq, closedView);
        closed = true;
        List<FeedMessage> out = anchorOnView(closedViewSeq, now);
        closedView = null;
        return out;
    }

    /**
     * Everything written before the start has been read: a match still unanchored then got no group for its views
     * written before the start (their rulings were before the cut), so it anchors on the latest of them.
     */
    public List<FeedMessage> settle(long now) {
        if (anchored || startViewSeq < 0) {
            return List.of();
        }
        if (closedView != null && closedViewSeq >= startViewSeq) {
            return anchorOnClosedView(now);
        }
        return views.containsKey(startViewSeq) ? anchorOnView(startViewSeq, now) : List.of();
    }

    /** Whether the match has closed (its closing released, or anchored on its closed view). */
    public boolean closed() {
        return closed;
    }

    public boolean anchored() {
        return anchored;
    }

    /** Where the held part of the feed starts; null when nothing was released or the match was read from its start. */
    public FeedPosition firstPosition() {
        return firstPosition;
    }

    private boolean complete(Group g) {
        return g.expected != null ? g.rulings.size() + g.missingAtStart >= g.expected : latestViewSeq >= g.seq;
    }

    private List<FeedMessage> release(long now) {
        List<FeedMessage> out = new ArrayList<>();
        releaseInto(out, now);
        if (firstPosition == null && !out.isEmpty() && !fromItsStart) {
            firstPosition = out.get(0).position();
        }
        return out;
    }

    private void releaseInto(List<FeedMessage> out, long now) {
        while (!queue.isEmpty()) {
            Pending head = queue.peek();
            if (head instanceof Closing closing) {
                if (closedView == null || lastApplied < closedViewSeq) {
                    break;
                }
                queue.poll();
                noticesSinceLastApplied++;
                FeedPosition at = new FeedPosition(lastApplied, noticesSinceLastApplied);
                out.add(new FeedMessage(matchId, at, closing.ruling(), now));
                out.add(new FeedMessage(matchId, at, closedView, now));
                closedView = null;
                closed = true;
                continue;
            }
            if (head instanceof Notice notice) {
                queue.poll();
                noticesSinceLastApplied++;
                out.add(new FeedMessage(matchId, new FeedPosition(lastApplied, noticesSinceLastApplied),
                        notice.ruling(), now));
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
            g.rulings.sort(Comparator.comparingInt(LedgerRuling::n));
            for (LedgerRuling r : g.rulings) {
                out.add(new FeedMessage(matchId, at, r, now));
            }
            lastApplied = g.seq;
            noticesSinceLastApplied = 0;
            LedgerView view = views.get(g.seq);
            views.headMap(g.seq, true).clear();
            if (view != null) {
                out.add(new FeedMessage(matchId, at, view, now));
            }
        }
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
