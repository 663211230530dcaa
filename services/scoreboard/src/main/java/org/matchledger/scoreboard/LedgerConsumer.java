package org.matchledger.scoreboard;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.matchledger.core.json.Json;
import org.matchledger.kafka.KafkaSecurityConfig;
import org.matchledger.kafka.RulingsHeader;
import org.matchledger.kafka.Topics;
import org.matchledger.kafka.TopicsAtStartup;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * Reads {@code match-views} and {@code match-rulings} from the beginning into the {@link FeedHub}, then follows them.
 * One consumer on its own thread, assigned every partition of both topics (each instance serves everything), in a
 * group of its own that never commits offsets: the read model is rebuilt from the log at every start. The consumer
 * settings are {@code scoreboard.consumer.*} in application.properties. {@link #caughtUp()} turns true once the
 * consumer's position has reached, on every partition, the end offset it saw at start ({@code read_committed}: the
 * last stable offset), i.e. the history is complete.
 */
@ApplicationScoped
public class LedgerConsumer {
    static final String PREFIX = "scoreboard.consumer.";
    private static final Logger LOG = LoggerFactory.getLogger(LedgerConsumer.class);
    private static final List<String> TOPICS = List.of(Topics.MATCH_VIEWS, Topics.MATCH_RULINGS);

    @Inject
    FeedHub hub;
    @Inject
    Config config;
    @Inject
    TopicsAtStartup topics; // created before the consumer looks for their partitions
    @ConfigProperty(name = "kafka.bootstrap.servers")
    String bootstrapServers;

    private volatile boolean stopping;
    private volatile boolean caughtUp;
    private volatile KafkaConsumer<String, String> consumer;
    private Thread thread;
    /** Per partition, the offset after the last record handed to the hub (the consumer thread's only). */
    private final Map<TopicPartition, Long> dispatchedUpTo = new HashMap<>();

    void start(@Observes StartupEvent event) {
        thread = new Thread(this::run, "scoreboard-ledger-consumer");
        thread.setDaemon(true);
        thread.start();
    }

    void stop(@Observes ShutdownEvent event) {
        stopping = true;
        KafkaConsumer<String, String> c = consumer;
        if (c != null) {
            c.wakeup();
        }
    }

    public boolean caughtUp() {
        return caughtUp;
    }

    Properties consumerProperties() {
        Properties p = new Properties();
        p.putAll(KafkaSecurityConfig.of(config)); // the scoreboard's Kafka user, when one is configured
        for (String name : config.getPropertyNames()) {
            if (name.startsWith(PREFIX)) {
                config.getOptionalValue(name, String.class).ifPresent(v -> p.put(name.substring(PREFIX.length()), v));
            }
        }
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        return p;
    }

    private void run() {
        Map<TopicPartition, Long> positions = new HashMap<>();
        while (!stopping) {
            try (KafkaConsumer<String, String> c = new KafkaConsumer<>(consumerProperties())) {
                consumer = c;
                if (stopping) {
                    return;
                }
                follow(c, positions);
            } catch (WakeupException e) {
                return;
            } catch (RuntimeException e) {
                if (stopping) {
                    return;
                }
                LOG.warn("reading the ledger failed ({}); starting again from where it was", e.toString());
                sleep(2000);
            }
        }
    }

    private void follow(KafkaConsumer<String, String> c, Map<TopicPartition, Long> positions) {
        List<TopicPartition> partitions = partitions(c);
        c.assign(partitions);
        for (TopicPartition tp : partitions) {
            Long at = positions.get(tp);
            if (at == null) {
                c.seekToBeginning(List.of(tp));
            } else {
                c.seek(tp, at);
            }
        }
        Map<TopicPartition, Long> endAtStart = caughtUp ? Map.of() : c.endOffsets(partitions);
        LOG.info("reading {} partitions of {} (end offsets at start: {} records)", partitions.size(), TOPICS,
                endAtStart.values().stream().mapToLong(Long::longValue).sum());
        while (!stopping) {
            for (ConsumerRecord<String, String> r : c.poll(Duration.ofMillis(200))) {
                dispatch(r);
            }
            for (TopicPartition tp : partitions) {
                positions.put(tp, c.position(tp));
            }
            if (!caughtUp && endAtStart.entrySet().stream().allMatch(e -> positions.get(e.getKey()) >= e.getValue())) {
                hub.openResumeLog();
                caughtUp = true;
                LOG.info("caught up with the ledger: ready");
            }
        }
    }

    private List<TopicPartition> partitions(KafkaConsumer<String, String> c) {
        List<TopicPartition> all = new ArrayList<>();
        for (String topic : TOPICS) {
            List<PartitionInfo> infos = c.partitionsFor(topic, Duration.ofSeconds(30));
            if (infos == null || infos.isEmpty()) {
                throw new IllegalStateException("topic " + topic + " has no partitions yet");
            }
            infos.forEach(i -> all.add(new TopicPartition(topic, i.partition())));
        }
        return all;
    }

    /**
     * Hands one record to the hub, once: a record delivered again (a consumer re-created after an error re-reads from
     * its last position, which may be behind what was already handed over) is a no-op, like every projection's.
     */
    void dispatch(ConsumerRecord<String, String> r) {
        TopicPartition tp = new TopicPartition(r.topic(), r.partition());
        if (r.offset() < dispatchedUpTo.getOrDefault(tp, 0L)) {
            return;
        }
        dispatchedUpTo.put(tp, r.offset() + 1);
        if (r.key() == null || r.value() == null) {
            return;
        }
        JsonNode json;
        try {
            json = Json.read(r.value());
        } catch (Exception e) {
            LOG.warn("{}-{}@{} is not JSON: skipped", r.topic(), r.partition(), r.offset());
            return;
        }
        if (Topics.MATCH_VIEWS.equals(r.topic())) {
            hub.acceptView(r.key(), json.path("lastSeq").asLong(0), r.value());
        } else {
            JsonNode seq = json.path("seq");
            hub.acceptRuling(r.key(), new MatchSequencer.Ruling(
                    seq.isIntegralNumber() ? seq.longValue() : null,
                    json.path("n").asInt(0),
                    json.path("kind").asText(""),
                    json.hasNonNull("rejudges"),
                    RulingsHeader.read(r.headers()),
                    r.value()));
        }
    }


    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
