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
 * Reads {@code match-views} from the beginning (compacted: about one view per match) and {@code match-rulings} from
 * {@code offsetsForTimes(now − scoreboard.rulings-window)} into the {@link FeedHub}, then follows both. The cost of a
 * start is therefore what happened within the window plus one view per match, not the whole history. One consumer on
 * its own thread, assigned every partition of both topics (each instance serves everything), in a group of its own
 * that never commits offsets: the read model is rebuilt from the log at every start. The consumer settings are
 * {@code scoreboard.consumer.*} in application.properties. {@link #caughtUp()} turns true once the consumer's
 * position has reached, on every partition, the end offset it saw at start ({@code read_committed}: the last stable
 * offset). Finished matches whose last record is older than the window leave the read model (at start they are not
 * taken in at all); the audit trail serves them.
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
    /** Rulings older than this are not read at start; finished matches idle this long leave the read model. */
    @ConfigProperty(name = "scoreboard.rulings-window", defaultValue = "24h")
    Duration window;
    /** How often finished matches older than the window are dropped. */
    @ConfigProperty(name = "scoreboard.drop-interval", defaultValue = "60s")
    Duration dropInterval;

    private volatile boolean stopping;
    private volatile boolean caughtUp;
    private volatile KafkaConsumer<String, String> consumer;
    private Thread thread;
    /** Per partition, the offset after the last record handed to the hub (the consumer thread's only). */
    private final Map<TopicPartition, Long> dispatchedUpTo = new HashMap<>();
    /** Per partition, the end offset at start: records before it were written before the start. */
    private Map<TopicPartition, Long> endAtStart = Map.of();
    /** Log time from which rulings are read at start (epoch millis). */
    private long cutMillis;
    /** Whether the rulings read at start begin after the start of some partition's log (retention or the window). */
    private boolean readFromCut;
    private long nextDropMillis;

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
        if (positions.isEmpty()) {
            startPositions(c, partitions, positions);
        }
        for (TopicPartition tp : partitions) {
            c.seek(tp, positions.getOrDefault(tp, 0L));
        }
        Map<TopicPartition, Long> end = caughtUp ? Map.of() : c.endOffsets(partitions);
        if (!caughtUp) {
            endAtStart = end;
            LOG.info("reading {} partitions of {}: {} records to read at start", partitions.size(), TOPICS,
                    end.entrySet().stream().mapToLong(e -> e.getValue() - positions.get(e.getKey())).sum());
        }
        while (!stopping) {
            for (ConsumerRecord<String, String> r : c.poll(Duration.ofMillis(200))) {
                dispatch(r);
            }
            for (TopicPartition tp : partitions) {
                positions.put(tp, c.position(tp));
            }
            if (!caughtUp && end.entrySet().stream().allMatch(e -> positions.get(e.getKey()) >= e.getValue())) {
                hub.settle();
                int dropped = hub.dropFinishedBefore(System.currentTimeMillis() - window.toMillis());
                hub.openResumeLog();
                caughtUp = true;
                LOG.info("caught up with the ledger: ready ({} matches held, {} finished before the window dropped)",
                        hub.size(), dropped);
            }
            long now = System.currentTimeMillis();
            if (caughtUp && now >= nextDropMillis) {
                nextDropMillis = now + dropInterval.toMillis();
                int dropped = hub.dropFinishedBefore(now - window.toMillis());
                if (dropped > 0) {
                    LOG.info("{} matches finished before the window left the read model", dropped);
                }
            }
        }
    }

    /**
     * Where the first read starts: {@code match-views} at the beginning, {@code match-rulings} at the first record of
     * the window ({@code offsetsForTimes}), or at its end where the window holds none.
     */
    private void startPositions(KafkaConsumer<String, String> c, List<TopicPartition> partitions,
                                Map<TopicPartition, Long> positions) {
        cutMillis = System.currentTimeMillis() - window.toMillis();
        Map<TopicPartition, Long> since = new HashMap<>();
        for (TopicPartition tp : partitions) {
            if (Topics.MATCH_RULINGS.equals(tp.topic())) {
                since.put(tp, cutMillis);
            }
        }
        Map<TopicPartition, Long> beginning = c.beginningOffsets(partitions);
        Map<TopicPartition, Long> ends = c.endOffsets(partitions);
        Map<TopicPartition, org.apache.kafka.clients.consumer.OffsetAndTimestamp> found = c.offsetsForTimes(since);
        Map<TopicPartition, Long> start = new HashMap<>();
        for (TopicPartition tp : partitions) {
            if (Topics.MATCH_RULINGS.equals(tp.topic())) {
                org.apache.kafka.clients.consumer.OffsetAndTimestamp at = found.get(tp);
                long offset = at != null ? at.offset() : ends.get(tp);
                start.put(tp, offset);
                readFromCut |= offset > 0;
            } else {
                start.put(tp, beginning.get(tp));
            }
        }
        positions.putAll(start);
        LOG.info("rulings read from {} (window {}){}", java.time.Instant.ofEpochMilli(cutMillis), window,
                readFromCut ? ": matches begun before it are read from their latest view" : "");
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
        boolean atStart = readFromCut && r.offset() < endAtStart.getOrDefault(tp, 0L);
        if (Topics.MATCH_VIEWS.equals(r.topic())) {
            boolean beforeCut = atStart && r.timestamp() < cutMillis;
            if (beforeCut && finished(json) && !hub.holds(r.key())) {
                return; // finished before the window: not part of the live read model (the audit trail has it)
            }
            hub.acceptView(r.key(), json.path("lastSeq").asLong(0), r.value(), r.timestamp(),
                    beforeCut ? MatchSequencer.ViewRead.BEFORE_CUT
                            : atStart ? MatchSequencer.ViewRead.AT_START : MatchSequencer.ViewRead.LIVE,
                    json.path("closed").asBoolean(false));
        } else {
            JsonNode seq = json.path("seq");
            hub.acceptRuling(r.key(), new MatchSequencer.Ruling(
                    seq.isIntegralNumber() ? seq.longValue() : null,
                    json.path("n").asInt(0),
                    json.path("kind").asText(""),
                    json.hasNonNull("rejudges"),
                    RulingsHeader.read(r.headers()),
                    r.value()), r.timestamp(), atStart);
        }
    }

    /** view.md: {@code status} FINISHED, or {@code closed}. */
    private static boolean finished(JsonNode view) {
        return view.path("closed").asBoolean(false) || "FINISHED".equals(view.path("status").asText(null));
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
