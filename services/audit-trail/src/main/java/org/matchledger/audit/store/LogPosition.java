package org.matchledger.audit.store;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;

import java.io.Serializable;

/**
 * Where a record stands in its topic: the topic's Kafka id ('' for rows stored before topic ids were kept: a topic
 * deleted and created again starts at offset 0 with a new id), the partition and the offset. The key of a recorded
 * event, part of a rejection's key, and kept with a quarantined record — the same columns in every table.
 */
@Embeddable
public record LogPosition(
        @Column(name = "topic_id") String topicId,
        @Column(name = "kafka_partition") int kafkaPartition,
        @Column(name = "kafka_offset") long kafkaOffset) implements Serializable {
}
