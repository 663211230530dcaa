package org.matchledger.loadtest;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.matchledger.kafka.KafkaSecurity;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** How far a consumer group has come through a topic, read with the admin client (the catch-up measurements). */
final class GroupOffsets {
    private GroupOffsets() {
    }

    /** The bootstrap servers and the security settings of the environment (deploy/local/kafka/as admin). */
    static Map<String, Object> adminSettings(String bootstrap) {
        Map<String, Object> settings = new HashMap<>(KafkaSecurity.fromEnvironment());
        settings.put("bootstrap.servers", bootstrap);
        return settings;
    }

    /** The current end offset of each partition of {@code topic}. */
    static Map<TopicPartition, Long> ends(Admin admin, String topic) throws Exception {
        int partitions = admin.describeTopics(List.of(topic)).allTopicNames().get().get(topic).partitions().size();
        Map<TopicPartition, OffsetSpec> request = new HashMap<>();
        for (int p = 0; p < partitions; p++) {
            request.put(new TopicPartition(topic, p), OffsetSpec.latest());
        }
        Map<TopicPartition, Long> ends = new HashMap<>();
        admin.listOffsets(request).all().get().forEach((tp, info) -> ends.put(tp, info.offset()));
        return ends;
    }

    static long total(Map<TopicPartition, Long> offsets) {
        return offsets.values().stream().mapToLong(Long::longValue).sum();
    }

    /** The records of {@code ends}' partitions the group has committed, each partition counted up to its end. */
    static long committed(Admin admin, String group, Map<TopicPartition, Long> ends) throws Exception {
        Map<TopicPartition, OffsetAndMetadata> committed =
                admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata().get();
        long sum = 0;
        for (TopicPartition tp : ends.keySet()) {
            OffsetAndMetadata om = committed.get(tp);
            sum += om == null ? 0 : Math.min(om.offset(), ends.get(tp));
        }
        return sum;
    }
}
