package org.matchledger.systemtests;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.GroupListing;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.TopicPartition;
import org.matchledger.testsupport.KafkaBroker;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/** Looks at the broker from outside: end offsets of a topic, consumer groups and who has which partitions. */
public final class KafkaState {
    private KafkaState() {
    }

    /** The end offset (high watermark) of every partition of {@code topic}, by partition number. */
    public static Map<Integer, Long> endOffsets(String topic) {
        try (Admin admin = Admin.create(KafkaBroker.clientProperties())) {
            TopicDescription d = admin.describeTopics(List.of(topic)).allTopicNames().get(10, TimeUnit.SECONDS).get(topic);
            Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
            d.partitions().forEach(p -> latest.put(new TopicPartition(topic, p.partition()), OffsetSpec.latest()));
            Map<Integer, Long> end = new TreeMap<>();
            admin.listOffsets(latest).all().get(10, TimeUnit.SECONDS).forEach((tp, o) -> end.put(tp.partition(), o.offset()));
            return end;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (Exception e) {
            throw new IllegalStateException("cannot read the end offsets of " + topic + ": " + e.getMessage(), e);
        }
    }

    /** The members of the consumer groups whose id starts with {@code prefix}, with their assigned partitions of {@code topic}. */
    public static List<Set<Integer>> assignments(String groupPrefix, String topic) {
        try (Admin admin = Admin.create(KafkaBroker.clientProperties())) {
            List<String> groups = admin.listGroups().all().get(10, TimeUnit.SECONDS).stream()
                    .map(GroupListing::groupId).filter(g -> g.startsWith(groupPrefix)).toList();
            List<Set<Integer>> members = new ArrayList<>();
            if (groups.isEmpty()) {
                return members;
            }
            for (ConsumerGroupDescription d : admin.describeConsumerGroups(groups).all().get(10, TimeUnit.SECONDS).values()) {
                for (MemberDescription m : d.members()) {
                    members.add(Set.copyOf(m.assignment().topicPartitions().stream()
                            .filter(tp -> tp.topic().equals(topic)).map(TopicPartition::partition).toList()));
                }
            }
            return members;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (Exception e) {
            throw new IllegalStateException("cannot describe the consumer groups " + groupPrefix + "*: " + e.getMessage(), e);
        }
    }
}
