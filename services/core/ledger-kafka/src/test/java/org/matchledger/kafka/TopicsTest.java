package org.matchledger.kafka;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The topic settings of topics.properties, and how replication follows the brokers a cluster has. */
class TopicsTest {

    @Test
    void aClusterOfThreeGetsThreeReplicasAndMinIsrTwo_soAnAcknowledgedEventSurvivesOneBroker() {
        assertEquals(3, Topics.replicationFor(3));
        assertEquals(2, Topics.minInsyncReplicasFor(Topics.replicationFor(3)));
        assertEquals(3, Topics.replicationFor(5));
    }

    @Test
    void fewerBrokersLowerReplicationAndMinIsr_soOneBrokerDownStillTakesWrites() {
        assertEquals(1, Topics.replicationFor(1));
        assertEquals(1, Topics.minInsyncReplicasFor((short) 1));
        assertEquals(2, Topics.replicationFor(2));
        assertEquals(1, Topics.minInsyncReplicasFor((short) 2));
    }

    @Test
    void theDesignSettingsOfEachTopic() {
        // docs/events.md: table-events kept for ever, rulings 7 days (the audit trail keeps them all), views compacted,
        // rejections 30 days.
        assertEquals(Map.of("retention.ms", "-1", "retention.bytes", "-1"), Topics.settings(Topics.TABLE_EVENTS));
        assertEquals(Map.of("retention.ms", Long.toString(Duration.ofDays(7).toMillis())), Topics.settings(Topics.MATCH_RULINGS));
        assertEquals(Map.of("retention.ms", Long.toString(Duration.ofDays(2).toMillis())),
                Topics.settings(Topics.MATCH_RULINGS, Topics.DEFAULT_REJECTED_RETENTION, Duration.ofDays(2)));
        // match-views: one view per match once compacted; segments roll every minute so that compaction reaches them.
        assertEquals(Map.of("cleanup.policy", "compact", "segment.ms", "60000", "max.compaction.lag.ms", "120000"),
                Topics.settings(Topics.MATCH_VIEWS));
        assertEquals(Map.of("retention.ms", Long.toString(Duration.ofDays(30).toMillis())),
                Topics.settings(Topics.TABLE_EVENTS_REJECTED));
        assertEquals(Map.of("retention.ms", Long.toString(Duration.ofDays(7).toMillis())),
                Topics.settings(Topics.TABLE_EVENTS_REJECTED, Duration.ofDays(7)));
    }

    @Test
    void minIsrGoesWithTheTopicsReplicaCount() {
        assertEquals("2", TopicSetup.settings(Topics.TABLE_EVENTS, (short) 3, Topics.DEFAULT_REJECTED_RETENTION,
                Topics.DEFAULT_RULINGS_RETENTION).get("min.insync.replicas"));
        assertEquals("1", TopicSetup.settings(Topics.MATCH_VIEWS, (short) 1, Topics.DEFAULT_REJECTED_RETENTION,
                Topics.DEFAULT_RULINGS_RETENTION).get("min.insync.replicas"));
    }
}
