package org.matchledger.audit.kafka;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.clients.admin.TopicDescription;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The id (Kafka's Uuid, as text) of each topic the audit trail reads, asked of the broker for every batch. A deleted and
 * re-created topic keeps its name but gets a new id and starts its offsets at 0 again: rows keyed by Kafka coordinates
 * carry the id, so that its records are not taken for redeliveries.
 *
 * <p>A topic re-created before the consumer's next metadata refresh brings no new partition assignment: the consumer
 * goes on from the old topic's positions and would skip the new topic's first records. So each lookup also says which
 * topics have an id other than the one last seen ({@link Lookup#recreated}); the recorder reads those again from
 * their beginning.
 */
@ApplicationScoped
public class TopicIds {
    private final KafkaAdmin admin;
    private final Map<String, String> lastSeen = new ConcurrentHashMap<>();

    public TopicIds(KafkaAdmin admin) {
        this.admin = admin;
    }

    /** The ids of a batch's topics, and those of them whose id changed since they were last looked up (sorted). */
    public record Lookup(Map<String, String> ids, Set<String> recreated) {
    }

    /** Looks the ids of {@code topics} up (fails when the broker does not answer). */
    public Uni<Lookup> lookUp(Set<String> topics) {
        return Uni.createFrom().completionStage(() -> admin.get().describeTopics(topics).allTopicNames().toCompletionStage())
                .map(found -> {
                    Map<String, String> ids = new HashMap<>();
                    Set<String> recreated = new TreeSet<>();
                    for (TopicDescription d : found.values()) {
                        String id = d.topicId().toString();
                        ids.put(d.name(), id);
                        String before = lastSeen.put(d.name(), id);
                        if (before != null && !before.equals(id)) {
                            recreated.add(d.name());
                        }
                    }
                    return new Lookup(Map.copyOf(ids), Set.copyOf(recreated));
                });
    }
}
