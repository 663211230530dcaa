package org.matchledger.loadtest;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.clients.admin.LogDirDescription;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.ReplicaInfo;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.TopicPartition;
import org.matchledger.kafka.Topics;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * The rules processor's progress, for {@code deploy/bin/bench-recovery}:
 * <ul>
 *   <li>{@code catch-up}: waits until group {@code rules-processor} has committed {@code table-events} up to its
 *       current end; prints the time it took and the events per second while it moved;</li>
 *   <li>{@code changelogs}: the size on disk of each store's changelog topic (what a restore reads at most);</li>
 *   <li>{@code members}: which member of the group (instance) holds which {@code table-events} partitions.</li>
 * </ul>
 * <pre>ProcessorLag catch-up|changelogs|members --bootstrap HOST:PORT [--group rules-processor] [--timeout-s 1800] [--label L]</pre>
 */
public final class ProcessorLag {
    private ProcessorLag() {
    }

    public static void main(String[] args) throws Exception {
        String mode = args.length > 0 ? args[0] : "catch-up";
        Args o = Args.parse(args, 1);
        String bootstrap = o.bootstrap();
        String group = o.text("group", "rules-processor");
        String label = o.text("label", "");
        try (Admin admin = Admin.create(GroupOffsets.adminSettings(bootstrap))) {
            switch (mode) {
                case "catch-up" -> catchUp(admin, group, label, o.integer("timeout-s", 1800));
                case "changelogs" -> changelogs(admin, group, label);
                case "members" -> members(admin, group);
                default -> throw new IllegalArgumentException("mode: catch-up or changelogs, not " + mode);
            }
        }
    }

    private static void catchUp(Admin admin, String group, String label, int timeoutSeconds) throws Exception {
        Map<TopicPartition, Long> ends = GroupOffsets.ends(admin, Topics.TABLE_EVENTS);
        long target = GroupOffsets.total(ends);
        long t0 = System.nanoTime();
        long deadline = t0 + TimeUnit.SECONDS.toNanos(timeoutSeconds);
        long startCommitted = -1;
        while (System.nanoTime() < deadline) {
            long sum = GroupOffsets.committed(admin, group, ends);
            if (startCommitted < 0) {
                startCommitted = sum;
            }
            if (sum >= target) {
                double s = (System.nanoTime() - t0) / 1e9;
                System.out.printf("RESULT processor-catch-up-%s %.1f s (%d events, %.0f events/s)%n", label, s,
                        target - startCommitted, (target - startCommitted) / Math.max(s, 0.001));
                return;
            }
            Thread.sleep(500);
        }
        throw new IllegalStateException("group " + group + " did not catch up in " + timeoutSeconds + " s");
    }

    private static void changelogs(Admin admin, String group, String label) throws Exception {
        List<String> topics = admin.listTopics().names().get().stream()
                .filter(t -> t.startsWith(group + "-") && t.endsWith("-changelog")).sorted().toList();
        Map<String, TopicDescription> described = admin.describeTopics(topics).allTopicNames().get();
        Map<String, Long> bytes = new TreeMap<>();
        Map<Integer, Map<String, LogDirDescription>> dirs = admin.describeLogDirs(
                admin.describeCluster().nodes().get().stream().map(n -> n.id()).toList()).allDescriptions().get();
        for (Map<String, LogDirDescription> byDir : dirs.values()) {
            for (LogDirDescription d : byDir.values()) {
                for (Map.Entry<TopicPartition, ReplicaInfo> r : d.replicaInfos().entrySet()) {
                    if (described.containsKey(r.getKey().topic())) {
                        bytes.merge(r.getKey().topic(), r.getValue().size(), Long::sum);
                    }
                }
            }
        }
        for (String t : topics) {
            Map<TopicPartition, OffsetSpec> earliest = new HashMap<>();
            Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
            for (int p = 0; p < described.get(t).partitions().size(); p++) {
                earliest.put(new TopicPartition(t, p), OffsetSpec.earliest());
                latest.put(new TopicPartition(t, p), OffsetSpec.latest());
            }
            long first = admin.listOffsets(earliest).all().get().values().stream().mapToLong(i -> i.offset()).sum();
            long last = admin.listOffsets(latest).all().get().values().stream().mapToLong(i -> i.offset()).sum();
            System.out.printf("RESULT changelog-%s-%s %.1f MB on disk (offsets %d written)%n", t.substring(group.length() + 1)
                    .replace("-changelog", ""), label, bytes.getOrDefault(t, 0L) / 1e6, last - first);
        }
    }

    private static void members(Admin admin, String group) throws Exception {
        ConsumerGroupDescription g = admin.describeConsumerGroups(List.of(group)).all().get().get(group);
        for (MemberDescription m : g.members()) {
            List<Integer> parts = m.assignment().topicPartitions().stream()
                    .filter(tp -> tp.topic().equals(Topics.TABLE_EVENTS)).map(TopicPartition::partition).sorted().toList();
            System.out.printf("RESULT member %s holds %d table-events partitions %s%n",
                    m.groupInstanceId().orElse(m.consumerId()), parts.size(), parts);
        }
    }
}
