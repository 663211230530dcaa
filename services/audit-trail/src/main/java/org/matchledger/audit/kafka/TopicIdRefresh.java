package org.matchledger.audit.kafka;

import io.smallrye.common.annotation.Identifier;
import io.smallrye.reactive.messaging.kafka.KafkaConsumerRebalanceListener;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.common.TopicPartition;

import java.util.Collection;

/** Looks the topic ids up again whenever partitions are assigned (a re-created topic is assigned anew). */
@ApplicationScoped
@Identifier(TopicIdRefresh.NAME)
public class TopicIdRefresh implements KafkaConsumerRebalanceListener {
    public static final String NAME = "audit-in-topic-ids";
    private final TopicIds topicIds;

    public TopicIdRefresh(TopicIds topicIds) {
        this.topicIds = topicIds;
    }

    @Override
    public void onPartitionsAssigned(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
        topicIds.forget();
    }
}
