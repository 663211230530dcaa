package org.matchledger.scoreboard.readmodel;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The feed of every match, in the order this instance released the messages, for exact {@code /stream} resume
 * within one instance. Bounded: beyond {@code capacity} messages the oldest half is dropped (a client resuming from
 * there gets a snapshot instead). Not thread-safe: {@link FeedHub} guards it.
 */
final class AllMatchesLog {
    private final int capacity;
    private final List<FeedMessage> log = new ArrayList<>();
    /** {@code matchId:position} → absolute index of the last message with that id. */
    private final Map<String, Long> lastIndexOfId = new HashMap<>();
    private long base;

    AllMatchesLog(int capacity) {
        this.capacity = Math.max(2, capacity);
    }

    void append(List<FeedMessage> released) {
        for (FeedMessage m : released) {
            lastIndexOfId.put(m.allFeedId(), base + log.size());
            log.add(m);
        }
        if (log.size() > capacity) {
            int drop = log.size() / 2;
            for (FeedMessage m : log.subList(0, drop)) {
                Long at = lastIndexOfId.get(m.allFeedId());
                if (at != null && at < base + drop) {
                    lastIndexOfId.remove(m.allFeedId());
                }
            }
            log.subList(0, drop).clear();
            base += drop;
        }
    }

    /** Everything after the message with id {@code allFeedId}, or null when this instance does not know the id. */
    List<FeedMessage> after(String allFeedId) {
        Long at = lastIndexOfId.get(allFeedId);
        if (at == null) {
            return null;
        }
        int from = (int) (at - base + 1);
        return List.copyOf(log.subList(from, log.size()));
    }

    int size() {
        return log.size();
    }
}
