package org.matchledger.processor;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.test.TestRecord;
import org.matchledger.core.event.Poster;
import org.matchledger.core.json.Json;
import org.matchledger.kafka.PosterHeaders;
import org.matchledger.kafka.Topics;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/** The processor's topology in a {@link TopologyTestDriver}: table-events in, the three output topics out. */
final class LedgerDriver implements AutoCloseable {
    final TopologyTestDriver driver;
    final TestInputTopic<String, String> events;
    final TestOutputTopic<String, String> rulings;
    final TestOutputTopic<String, String> views;
    final TestOutputTopic<String, String> rejected;

    LedgerDriver(LedgerTopology.Settings settings, Path stateDir) {
        Properties p = new Properties();
        p.put(StreamsConfig.APPLICATION_ID_CONFIG, "rules-processor");
        p.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "127.0.0.1:1");
        p.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
        p.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);
        driver = new TopologyTestDriver(LedgerTopology.build(settings, JudgeCounters.NONE), p, Instant.parse("2026-04-18T19:00:00Z"));
        events = driver.createInputTopic(Topics.TABLE_EVENTS, new StringSerializer(), new StringSerializer());
        String prefix = settings.topicPrefix();
        rulings = driver.createOutputTopic(prefix + Topics.MATCH_RULINGS, new StringDeserializer(), new StringDeserializer());
        views = driver.createOutputTopic(prefix + Topics.MATCH_VIEWS, new StringDeserializer(), new StringDeserializer());
        rejected = driver.createOutputTopic(prefix + Topics.TABLE_EVENTS_REJECTED, new StringDeserializer(), new StringDeserializer());
    }

    static LedgerTopology.Settings settings(Duration window, int cachedMatches) {
        return new LedgerTopology.Settings("", window, Duration.ofMinutes(1), cachedMatches);
    }

    void post(String key, String value, Instant at) {
        events.pipeInput(new TestRecord<>(key, value, new RecordHeaders(), at));
    }

    void post(String key, String value, Instant at, Poster poster) {
        RecordHeaders h = new RecordHeaders();
        PosterHeaders.write(h, poster);
        events.pipeInput(new TestRecord<>(key, value, h, at));
    }

    KeyValueStore<String, String> store(String name) {
        return driver.getKeyValueStore(name);
    }

    /** Keys of a store, in order. */
    List<String> keys(String store) {
        List<String> keys = new ArrayList<>();
        try (KeyValueIterator<String, String> it = store(store).all()) {
            while (it.hasNext()) {
                KeyValue<String, String> kv = it.next();
                keys.add(kv.key);
            }
        }
        return keys;
    }

    static List<String> lines(Path file) throws Exception {
        return Files.readAllLines(file).stream().filter(l -> !l.isBlank()).toList();
    }

    static JsonNode tree(String json) {
        try {
            return Json.read(json);
        } catch (Exception e) {
            throw new IllegalArgumentException(json, e);
        }
    }

    @Override
    public void close() {
        driver.close();
    }
}
