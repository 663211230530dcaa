package org.matchledger.processor;

import org.matchledger.core.ledger.Match;

import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The matches this processor instance currently judges, as folded from {@code table-events}: nothing here is the
 * source of truth, all of it is rebuilt from the log when a partition is assigned (see {@link PartitionRecovery}).
 * Changes of a batch are staged and only committed once the batch's Kafka transaction has committed.
 */
public final class MatchBook {
    private final Map<String, Match> matches = new HashMap<>();
    private final Map<Integer, Set<String>> matchesByPartition = new HashMap<>();

    /** The match as last committed, or {@link Match#EMPTY}. */
    public synchronized Match get(String matchId) {
        return matches.getOrDefault(matchId, Match.EMPTY);
    }

    /** Takes the staged matches of a committed batch. */
    public synchronized void commit(Map<String, Match> staged, Map<String, Integer> partitions) {
        for (Map.Entry<String, Match> e : staged.entrySet()) {
            Integer partition = partitions.get(e.getKey());
            if (partition != null && !matchesByPartition.containsKey(partition)) {
                continue; // the partition was revoked while the batch was in flight
            }
            matches.put(e.getKey(), e.getValue());
            if (partition != null) {
                matchesByPartition.get(partition).add(e.getKey());
            }
        }
    }

    /** A partition is ours again: its matches as rebuilt from the log. */
    public synchronized void assign(int partition, Map<String, Match> rebuilt) {
        drop(partition);
        matchesByPartition.put(partition, new HashSet<>(rebuilt.keySet()));
        matches.putAll(rebuilt);
    }

    public synchronized void revoke(Collection<Integer> partitions) {
        for (int p : partitions) {
            drop(p);
        }
    }

    private void drop(int partition) {
        Set<String> ids = matchesByPartition.remove(partition);
        if (ids != null) {
            ids.forEach(matches::remove);
        }
    }

    /**
     * Whether the partition's matches have been rebuilt from the log and are kept here. A record of any other
     * partition must not be judged: against a missing match it would be judged as "not opened".
     */
    public synchronized boolean isRebuilt(int partition) {
        return matchesByPartition.containsKey(partition);
    }

    public synchronized int size() {
        return matches.size();
    }
}
