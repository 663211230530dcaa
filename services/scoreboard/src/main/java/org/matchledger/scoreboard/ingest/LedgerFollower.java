package org.matchledger.scoreboard.ingest;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.eclipse.microprofile.config.Config;
import org.jboss.logging.Logger;
import org.matchledger.kafka.KafkaSecurityConfig;
import org.matchledger.kafka.TopicSettings;
import org.matchledger.kafka.Topics;
import org.matchledger.scoreboard.ScoreboardConfig;
import org.matchledger.scoreboard.readmodel.FeedHub;

import java.time.Duration;
import java.time.Instant;
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
 *
 * <p>A plain {@link KafkaConsumer}, not a SmallRye {@code @Incoming} channel like the audit trail's: the start seeks
 * each partition of {@code match-rulings} by time and readiness compares exact positions with the end offsets seen at
 * start, which a channel does not expose. When reading fails, the consumer is made again and resumes from the
 * positions it had reached, after a pause of {@link #RETRY_FIRST} doubling up to {@link #RETRY_MAX}; the pause starts
 * again from {@link #RETRY_FIRST} once a consumer reads. (The Kafka topics are created at start-up by ledger-kafka's
 * {@code TopicsAtStartup}, before this starts; a topic not there yet is one more failure to retry.)
 */
@ApplicationScoped
public class LedgerFollower {
    /** The first pause before the consumer is made again after a failure. */
    static final Duration RETRY_FIRST = Duration.ofMillis(500);
    /** The longest pause between two attempts. */
    static final Duration RETRY_MAX = Duration.ofSeconds(8);
    private static final Logger LOG = Logger.getLogger(LedgerFollower.class);
    private static final List<String> TOPICS = List.of(Topics.MATCH_VIEWS, Topics.MATCH_RULINGS);

    private final FeedHub hub;
    /** The service's Kafka user: the {@code kafka.*} security settings, read as every service reads them. */
    private final Config config;
    private final String bootstrapServers;
    private final Map<String, String> consumerSettings;
    /** Rulings older than this are not read at start; finished matches idle this long leave the read model. */
    private final Duration window;
    private final Duration dropInterval;
    /** The consumer thread's only. */
    private final RecordDispatcher records;

    private volatile boolean stopping;
    private volatile boolean caughtUp;
    private volatile KafkaConsumer<String, String> consumer;
    private Thread thread;
    private long nextDropMillis;
    private Duration retryPause = RETRY_FIRST;

    public LedgerFollower(FeedHub hub, ScoreboardConfig settings, TopicSettings topics, Config config) {
        this.hub = hub;
        this.config = config;
        this.bootstrapServers = topics.bootstrapServers();
        this.consumerSettings = settings.consumer();
        this.window = settings.rulingsWindow();
        this.dropInterval = settings.dropInterval();
        this.records = new RecordDispatcher(hub);
    }

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

    /** {@code scoreboard.consumer.*} without the prefix, the service's Kafka user when one is configured, the broker. */
    Properties consumerProperties() {
        Properties p = new Properties();
        p.putAll(KafkaSecurityConfig.of(config));
        p.putAll(consumerSettings);
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
                LOG.warnf("reading the ledger failed (%s); again in %d ms from where it was", e, retryPause.toMillis());
                pause();
            }
        }
    }

    /** Waits {@link #retryPause}, then doubles it up to {@link #RETRY_MAX}. */
    private void pause() {
        try {
            Thread.sleep(retryPause.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stopping = true;
        }
        Duration doubled = retryPause.multipliedBy(2);
        retryPause = doubled.compareTo(RETRY_MAX) > 0 ? RETRY_MAX : doubled;
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
            records.endsAtStart(end);
            LOG.infof("reading %d partitions of %s: %d records to read at start", partitions.size(), TOPICS,
                    end.entrySet().stream().mapToLong(e -> e.getValue() - positions.get(e.getKey())).sum());
        }
        while (!stopping) {
            for (ConsumerRecord<String, String> r : c.poll(Duration.ofMillis(200))) {
                records.dispatch(r);
            }
            retryPause = RETRY_FIRST; // this consumer reads: a later failure starts the pauses again
            for (TopicPartition tp : partitions) {
                positions.put(tp, c.position(tp));
            }
            if (!caughtUp && end.entrySet().stream().allMatch(e -> positions.get(e.getKey()) >= e.getValue())) {
                hub.settle();
                int dropped = hub.dropFinishedBefore(System.currentTimeMillis() - window.toMillis());
                hub.openResumeLog();
                caughtUp = true;
                LOG.infof("caught up with the ledger: ready (%d matches held, %d finished before the window dropped)",
                        hub.size(), dropped);
            }
            long now = System.currentTimeMillis();
            if (caughtUp && now >= nextDropMillis) {
                nextDropMillis = now + dropInterval.toMillis();
                int dropped = hub.dropFinishedBefore(now - window.toMillis());
                if (dropped > 0) {
                    LOG.infof("%d matches finished before the window left the read model", dropped);
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
        long cutMillis = System.currentTimeMillis() - window.toMillis();
        Map<TopicPartition, Long> since = new HashMap<>();
        for (TopicPartition tp : partitions) {
            if (Topics.MATCH_RULINGS.equals(tp.topic())) {
                since.put(tp, cutMillis);
            }
        }
        Map<TopicPartition, Long> beginning = c.beginningOffsets(partitions);
        Map<TopicPartition, Long> ends = c.endOffsets(partitions);
        Map<TopicPartition, OffsetAndTimestamp> found = c.offsetsForTimes(since);
        boolean readFromCut = false;
        for (TopicPartition tp : partitions) {
            if (Topics.MATCH_RULINGS.equals(tp.topic())) {
                OffsetAndTimestamp at = found.get(tp);
                long offset = at != null ? at.offset() : ends.get(tp);
                positions.put(tp, offset);
                readFromCut |= offset > 0;
            } else {
                positions.put(tp, beginning.get(tp));
            }
        }
        records.startedAt(cutMillis, readFromCut);
        LOG.infof("rulings read from %s (window %s)%s", Instant.ofEpochMilli(cutMillis), window,
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
}
