package org.matchledger.processor;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.junit.jupiter.api.Test;
import org.matchledger.kafka.Topics;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.*;

/**
 * A rebuild that cannot finish (here: the broker does not answer) fails closed: the partition is not judged and
 * readiness is DOWN, naming it.
 */
class PartitionRecoveryTest {

    @Test
    void aFailedRebuild_leavesThePartitionUnjudged_andReadinessDown() {
        MatchBook book = new MatchBook();
        book.assign(3, Map.of()); // held before the rebalance
        PartitionRecovery recovery = new PartitionRecovery(book, "127.0.0.1:1", Duration.ofSeconds(2));
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, "127.0.0.1:1"); // nothing listens there
        p.put(ConsumerConfig.GROUP_ID_CONFIG, "recovery-test");
        p.put(ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 500);
        p.put(ConsumerConfig.REQUEST_TIMEOUT_MS_CONFIG, 500);
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(p, new StringDeserializer(), new StringDeserializer())) {
            recovery.onPartitionsAssigned(consumer, List.of(new TopicPartition(Topics.TABLE_EVENTS, 3)));
        }
        assertFalse(book.isRebuilt(3));
        assertEquals(java.util.Set.of(3), recovery.failedPartitions());
        assertThrows(PartitionNotRebuiltException.class,
                () -> BatchJudgement.parts(book, BatchJudgementTest.records(BatchJudgementTest.opened("e1", 1)), 10_000));

        RecoveryReadiness readiness = new RecoveryReadiness();
        readiness.recovery = recovery;
        HealthCheckResponse r = readiness.call();
        assertEquals(HealthCheckResponse.Status.DOWN, r.getStatus());
        assertEquals("[3]", r.getData().orElseThrow().get("failedPartitions"));

        recovery.onPartitionsRevoked(null, List.of(new TopicPartition(Topics.TABLE_EVENTS, 3)));
        assertNull(recovery.failure(), "a partition no longer ours is no longer a failure of this instance");
    }
}
