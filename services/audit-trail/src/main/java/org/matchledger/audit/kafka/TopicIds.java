package org.matchledger.audit.kafka;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.clients.admin.TopicDescription;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The id (Kafka's Uuid, as text) of each topic the audit trail reads. A deleted and re-created topic keeps its name
 * but gets a new id and starts its offsets at 0 again: rows keyed by Kafka coordinates carry the id so that its
 * records are not taken for redeliveries. Looked up when a topic is not known yet and again after every partition
 * assignment (a re-created topic is assigned anew).
 */
@ApplicationScoped
public class TopicIds {
    private final KafkaAdmin admin;
    private final Map<String, String> ids = new ConcurrentHashMap<>();
    private final AtomicLong generation = new AtomicLong();

    public TopicIds(KafkaAdmin admin) {
        this.admin = admin;
    }

    /** The ids of {@code topics}, looking up those not known (fails when the broker does not answer). */
    public Uni<Map<String, String>> of(Set<String> topics) {
        Set<String> missing = new HashSet<>();
        for (String t : topics) {
            if (!ids.containsKey(t)) {
                missing.add(t);
            }
        }
        if (missing.isEmpty()) {
            return Uni.createFrom().item(copy(topics));
        }
        long asked = generation.get();
        return Uni.createFrom().completionStage(() -> admin.get().describeTopics(missing).allTopicNames().toCompletionStage())
                .map(found -> {
                    Map<String, String> now = new HashMap<>();
                    for (TopicDescription d : found.values()) {
                        now.put(d.name(), d.topicId().toString());
                    }
                    // Kept only if no assignment came in meanwhile (it may be of a re-created topic).
                    if (generation.get() == asked) {
                        ids.putAll(now);
                    }
                    Map<String, String> answer = copy(topics);
                    answer.putAll(now);
                    return answer;
                });
    }

    /** Partitions were assigned: a topic may have been re-created, look every id up again. */
    public void forget() {
        generation.incrementAndGet();
        ids.clear();
    }

    private Map<String, String> copy(Set<String> topics) {
        Map<String, String> m = new HashMap<>();
        for (String t : topics) {
            String id = ids.get(t);
            if (id != null) {
                m.put(t, id);
            }
        }
        return m;
    }
}
