package org.matchledger.scoreboard.readmodel;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.matchledger.scoreboard.ScoreboardConfig;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The read model and the one fan-out of every feed: the consumer hands it rulings and views; it orders them per
 * match ({@link MatchSequencer}), appends them to the match's log and to the log of every match, and offers them to
 * the clients following. Subscribing takes the backlog and joins the live clients under the same lock, so a client
 * gets every message once, in order: no gap, no repeat.
 */
@ApplicationScoped
public class FeedHub {
    private final Map<String, MatchFeed> matches = new HashMap<>();
    /** Clients by identity (FeedClient keeps Object's equals): adding and removing one is O(1). */
    private final Set<FeedClient> allMatchesClients = new LinkedHashSet<>();
    private final AllMatchesLog allMatches;
    /**
     * Whether released messages go into {@link #allMatches}: only once the read model has caught up. While it is
     * rebuilt after a start, the messages come in this instance's own interleaving of the partitions, not in the order
     * another (or the previous) instance released them; a {@code matchId:seq} id given out there must not be looked
     * up in it (messages of other matches released there later could sit before it here and be skipped). Such an id
     * is then unknown here, and the client gets the snapshot.
     */
    private boolean resumeLogOpen;

    @Inject // the bean's constructor; the other one takes the capacity (tests)
    public FeedHub(ScoreboardConfig config) {
        this(config.stream().logCapacity());
    }

    /** A hub whose {@code /stream} resume log keeps {@code capacity} messages. */
    public FeedHub(int capacity) {
        this.allMatches = new AllMatchesLog(capacity);
    }

    /**
     * A ruling with its log time; {@code fromCut}: it was read at start from a cut of the log
     * ({@code scoreboard.rulings-window}), so a match it is the first record of starts unanchored.
     */
    public synchronized void acceptRuling(String matchId, LedgerRuling ruling, long recordMillis, boolean fromCut) {
        MatchFeed feed = feed(matchId, !fromCut);
        feed.lastRecordMillis = Math.max(feed.lastRecordMillis, recordMillis);
        publish(feed, feed.sequencer.onRuling(ruling, System.currentTimeMillis()));
    }

    /** A view with its log time and how it was read ({@link MatchSequencer.ViewRead}). */
    public synchronized void acceptView(String matchId, LedgerView view, long recordMillis, MatchSequencer.ViewRead read) {
        MatchFeed feed = feed(matchId, read == MatchSequencer.ViewRead.LIVE);
        feed.lastRecordMillis = Math.max(feed.lastRecordMillis, recordMillis);
        publish(feed, feed.sequencer.onView(view, System.currentTimeMillis(), read));
    }

    private MatchFeed feed(String matchId, boolean fromItsStart) {
        MatchFeed f = matches.get(matchId);
        if (f == null) {
            f = new MatchFeed(matchId, fromItsStart);
            matches.put(matchId, f);
        }
        return f;
    }

    /**
     * Everything written before the start has been read: matches read from a cut that are still unanchored take
     * their latest view written before the start ({@link MatchSequencer#settle}).
     */
    public synchronized void settle() {
        long now = System.currentTimeMillis();
        for (MatchFeed f : matches.values()) {
            publish(f, f.sequencer.settle(now));
        }
    }

    /**
     * Drops from the read model every match whose last record is older than {@code cutoffMillis} (log time) and that
     * is finished (or closed) or has nothing to show, unless a client follows it: the live read model holds live
     * matches and those finished within the window; the audit trail serves the others. Returns how many were dropped.
     */
    public synchronized int dropFinishedBefore(long cutoffMillis) {
        int before = matches.size();
        matches.values().removeIf(f -> f.lastRecordMillis < cutoffMillis && (f.finished() || f.log.isEmpty())
                && f.clients.stream().allMatch(FeedClient::closed));
        return before - matches.size();
    }

    /** How many matches the read model holds. */
    public synchronized int size() {
        return matches.size();
    }

    private void publish(MatchFeed feed, List<FeedMessage> released) {
        if (released.isEmpty()) {
            return;
        }
        feed.append(released);
        if (resumeLogOpen) {
            allMatches.append(released);
        }
        offer(feed.clients, released);
        offer(allMatchesClients, released);
    }

    private static void offer(Set<FeedClient> clients, List<FeedMessage> messages) {
        clients.removeIf(FeedClient::closed);
        for (FeedClient c : clients) {
            c.offer(messages);
        }
    }

    /** The read model has caught up: from now on {@code /stream} ids are this instance's and can be resumed from. */
    public synchronized void openResumeLog() {
        resumeLogOpen = true;
    }

    /**
     * Follows one match: with {@code from}, every message after that position, else the latest view and what
     * followed it (for a delayed client, the latest view it may already see, {@link MatchFeed#fromViewAsOf}); then
     * live messages. Only a match with something in its feed can be followed: for any other id
     * this returns false and holds nothing (a request for an unknown id must not create state).
     */
    public synchronized boolean subscribe(String matchId, FeedPosition from, FeedClient client) {
        MatchFeed feed = matches.get(matchId);
        if (feed == null || feed.log.isEmpty()) {
            return false;
        }
        client.offerCatchUp(from != null ? feed.after(from)
                : client.delayMs() == 0 ? feed.fromLatestView()
                : feed.fromViewAsOf(System.currentTimeMillis() - client.delayMs()));
        client.following = feed;
        feed.clients.add(client);
        return true;
    }

    /**
     * Follows every match: with a {@code matchId:position} id this instance knows, every message after it; otherwise
     * (none, or unknown here, e.g. after a restart) a snapshot, the latest view of every match by match id; then
     * live messages.
     */
    public synchronized void subscribeAll(String lastEventId, FeedClient client) {
        List<FeedMessage> missed = lastEventId == null ? null : allMatches.after(lastEventId);
        client.offerCatchUp(missed != null ? missed : snapshot());
        client.following = null;
        allMatchesClients.add(client);
    }

    private List<FeedMessage> snapshot() {
        List<FeedMessage> views = new ArrayList<>();
        for (MatchFeed f : matches.values()) {
            if (f.latestView != null) {
                views.add(f.latestView);
            }
        }
        views.sort(Comparator.comparing(FeedMessage::matchId));
        return views;
    }

    /** Forgets the client: O(1), from the one set it is in. */
    public synchronized void unsubscribe(FeedClient client) {
        client.markClosed();
        if (client.following != null) {
            client.following.clients.remove(client);
        } else {
            allMatchesClients.remove(client);
        }
    }

    /** The latest views, by match id, filtered (null: any). */
    public synchronized List<LedgerView> views(String status, String tableId) {
        return views(status, tableId, null, Integer.MAX_VALUE).stream().map(Listed::view).toList();
    }

    /** A match of a listing: its id (the record key) and its latest view. */
    public record Listed(String matchId, LedgerView view) {
    }

    /**
     * At most {@code limit} latest views by match id, filtered by {@code status} and {@code tableId} (null: any), of
     * matches whose id sorts after {@code after} (null: from the first).
     */
    public synchronized List<Listed> views(String status, String tableId, String after, int limit) {
        List<MatchFeed> feeds = new ArrayList<>(matches.size());
        for (MatchFeed f : matches.values()) {
            if (f.latestView != null && (after == null || f.matchId.compareTo(after) > 0)) {
                feeds.add(f);
            }
        }
        feeds.sort(Comparator.comparing(f -> f.matchId));
        List<Listed> out = new ArrayList<>();
        for (MatchFeed f : feeds) {
            if (out.size() >= limit) {
                break;
            }
            if ((status == null || status.equals(f.latest.status())) && (tableId == null || tableId.equals(f.latest.tableId()))) {
                out.add(new Listed(f.matchId, f.latest));
            }
        }
        return out;
    }

    public synchronized Optional<LedgerView> view(String matchId) {
        MatchFeed f = matches.get(matchId);
        return f == null ? Optional.empty() : Optional.ofNullable(f.latest);
    }

    /** Rulings of the match with {@code seq > afterSeq} (−1: all), in feed order; empty when the match is unknown. */
    public synchronized Optional<List<LedgerRuling>> rulingsAfter(String matchId, long afterSeq) {
        MatchFeed f = matches.get(matchId);
        return f == null || f.log.isEmpty() ? Optional.empty() : Optional.of(f.rulingsAfter(afterSeq));
    }

    /** Whether the read model holds any state for this id (a feed, even an empty one). */
    public synchronized boolean holds(String matchId) {
        return matches.containsKey(matchId);
    }

    /** Whether the match has anything in its feed. */
    public synchronized boolean known(String matchId) {
        MatchFeed f = matches.get(matchId);
        return f != null && !f.log.isEmpty();
    }

    public synchronized int clients() {
        Set<FeedClient> all = new LinkedHashSet<>(allMatchesClients);
        matches.values().forEach(f -> all.addAll(f.clients));
        all.removeIf(FeedClient::closed);
        return all.size();
    }
}
