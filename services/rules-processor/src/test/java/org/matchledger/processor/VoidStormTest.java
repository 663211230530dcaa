package org.matchledger.processor;

import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.matchledger.core.json.Json;
import org.matchledger.kafka.Topics;
import org.matchledger.testsupport.KafkaBroker;
import org.matchledger.testsupport.KafkaTestResource;

import java.net.URL;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.*;

/**
 * A burst of 500 referee voids against a 200-shot match, produced together so that one poll carries them: every
 * void re-judges the shots after its target, tens of thousands of rulings within a few Kafka Streams transactions
 * (exactly_once_v2). They must go through exactly once and leave the replay tool's rulings, view and rejections on
 * the output topics.
 */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
class VoidStormTest {
    /** Health is on the management interface (its own port; paths are relative to its root, /q). */
    @TestHTTPResource(value = "/health/ready", management = true)
    URL ready;

    @Inject
    MeterRegistry registry;

    private double counter(String name) {
        return registry.counter(name).count();
    }

    @Test
    void aVoidStorm_completesInSeveralTransactions_andEveryTopicEqualsTheReplay() throws Exception {
        String matchId = "void-storm-" + System.nanoTime();
        VoidStorm storm = new VoidStorm(matchId, 200, 500, 42);
        int voidRulings = storm.replay.rulings().size();
        assertTrue(voidRulings - storm.matchRulings > 30_000,
                "the voids alone give tens of thousands of rulings: " + (voidRulings - storm.matchRulings));

        Properties p = new Properties();
        p.putAll(KafkaBroker.producerProperties());
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(p, new StringSerializer(), new StringSerializer())) {
            for (String event : storm.match) {
                producer.send(new ProducerRecord<>(Topics.TABLE_EVENTS, matchId, event));
            }
            producer.flush();
        }
        Properties burst = new Properties();
        burst.putAll(KafkaBroker.producerProperties());
        burst.put("linger.ms", 1_000); // the 500 voids leave in one produce request, so one poll returns them
        burst.put("batch.size", 1_048_576);
        // Wait until the match itself is judged, so the transactions counted below are the voids' ones.
        String matchView;
        try (KafkaConsumer<String, String> views = consumer("storm-pre-" + matchId)) {
            views.subscribe(List.of(Topics.MATCH_VIEWS));
            long lastSeq = storm.match.size();
            String[] last = new String[1];
            await().atMost(Duration.ofSeconds(60)).until(() -> {
                for (ConsumerRecord<String, String> r : views.poll(Duration.ofMillis(200))) {
                    if (matchId.equals(r.key())) {
                        last[0] = r.value();
                    }
                }
                return last[0] != null && Json.read(last[0]).get("lastSeq").asLong() >= lastSeq - storm.rejected;
            });
            matchView = last[0];
        }
        assertNotNull(matchView);
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(burst, new StringSerializer(), new StringSerializer())) {
            for (String event : storm.voids) {
                producer.send(new ProducerRecord<>(Topics.TABLE_EVENTS, matchId, event));
            }
            producer.flush();
        }

        List<String> rulings = new ArrayList<>();
        List<String> rejected = new ArrayList<>();
        String[] view = new String[1];
        String expectedView = Json.write(storm.replay.view());
        try (KafkaConsumer<String, String> consumer = consumer("storm-" + matchId)) {
            consumer.subscribe(List.of(Topics.MATCH_RULINGS, Topics.MATCH_VIEWS, Topics.TABLE_EVENTS_REJECTED));
            await().atMost(Duration.ofSeconds(180)).until(() -> {
                for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(500))) {
                    if (!matchId.equals(r.key())) {
                        continue;
                    }
                    switch (r.topic()) {
                        case Topics.MATCH_RULINGS -> rulings.add(r.value());
                        case Topics.MATCH_VIEWS -> view[0] = r.value();
                        default -> rejected.add(r.value());
                    }
                }
                return expectedView.equals(view[0]) && rulings.size() >= voidRulings;
            });
            // Anything produced twice would arrive now.
            for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofSeconds(2))) {
                if (matchId.equals(r.key()) && r.topic().equals(Topics.MATCH_RULINGS)) {
                    rulings.add(r.value());
                }
            }
        }
        assertEquals(storm.replay.rulings().stream().map(Json::write).toList(), rulings, "each ruling once, in order");
        assertEquals(storm.rejected, rejected.size());
        assertEquals(expectedView, view[0]);
        assertTrue(counter("ledger.events.applied") >= storm.match.size() - storm.rejected, "applied events counted");

        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> given().get(ready).then()
                .statusCode(200)
                .body("checks.find { it.name == 'streams-running' }.data.state", equalTo("RUNNING")));
    }

    private static KafkaConsumer<String, String> consumer(String group) {
        Properties c = new Properties();
        c.putAll(KafkaBroker.consumerProperties(group));
        c.put("isolation.level", "read_committed");
        c.put("auto.offset.reset", "earliest");
        c.put("max.poll.records", 5_000);
        return new KafkaConsumer<>(c, new StringDeserializer(), new StringDeserializer());
    }
}
