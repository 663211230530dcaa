package org.matchledger.processor;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.streams.processor.StateRestoreListener;
import org.jboss.logging.Logger;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Logs each store partition's restore from its changelog: how many records and how long. A restore reads only what
 * compaction left of the changelog (live matches' events, closed markers, recent tombstones), so these lines show
 * whether the time to be ready grows with the history (deploy/bin/bench-recovery reads them).
 */
@ApplicationScoped
public class StoreRestoreLog {
    private static final Logger LOG = Logger.getLogger(StoreRestoreLog.class);

    private final Map<TopicPartition, Long> started = new ConcurrentHashMap<>();

    @Produces
    @Singleton
    StateRestoreListener restoreListener() {
        return new StateRestoreListener() {
            @Override
            public void onRestoreStart(TopicPartition partition, String store, long startingOffset, long endingOffset) {
                started.put(partition, System.nanoTime());
                LOG.debugf("restoring %s from %s offsets %d–%d", store, partition, startingOffset, endingOffset);
            }

            @Override
            public void onBatchRestored(TopicPartition partition, String store, long batchEndOffset, long numRestored) {
            }

            @Override
            public void onRestoreEnd(TopicPartition partition, String store, long totalRestored) {
                Long t0 = started.remove(partition);
                long ms = t0 == null ? -1 : (System.nanoTime() - t0) / 1_000_000;
                LOG.infof("restored store %s partition %d: %d records in %d ms", store, partition.partition(), totalRestored, ms);
            }
        };
    }
}
