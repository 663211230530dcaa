package org.matchledger.processor;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.matchledger.core.event.Discipline;
import org.matchledger.core.json.Json;
import org.matchledger.core.ledger.Replay;
import org.matchledger.kafka.Topics;
import org.matchledger.sim.MatchPlayer;
import org.matchledger.sim.SimProfile;
import org.matchledger.testsupport.KafkaBroker;
import org.matchledger.testsupport.KafkaTestResource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The processor wired to a real broker: events produced to table-events come out as the replay tool's rulings (each
 * once) and its final view, through the transactional producer and read_committed consumers.
 */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
class RulesProcessorTest {

    @Test
    void aSimulatedMatch_isJudgedLikeTheReplayTool() throws Exception {
        String matchId = "proc-test-" + System.nanoTime();
        MatchPlayer player = new MatchPlayer(matchId, Discipline.EIGHT_BALL, 2, "T1", 11, SimProfile.REALISTIC);
        Replay replay = new Replay();
        List<String> events = new ArrayList<>();
        ObjectNode e;
        while ((e = player.next()) != null) {
            events.add(Json.write(e));
            replay.accept(e);
        }
        Properties p = new Properties();
        p.putAll(KafkaBroker.producerProperties());
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(p, new StringSerializer(), new StringSerializer())) {
            for (String event : events) {
                producer.send(new ProducerRecord<>(Topics.TABLE_EVENTS, matchId, event));
            }
            producer.flush();
        }

        Properties c = new Properties();
        c.putAll(KafkaBroker.consumerProperties("test-" + matchId));
        c.put("isolation.level", "read_committed");
        c.put("auto.offset.reset", "earliest");
        List<String> rulings = new ArrayList<>();
        Map<String, String> views = new HashMap<>();
        String expectedView = Json.write(replay.view());
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(c, new StringDeserializer(), new StringDeserializer())) {
            consumer.subscribe(List.of(Topics.MATCH_RULINGS, Topics.MATCH_VIEWS));
            await().atMost(Duration.ofSeconds(60)).until(() -> {
                for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(200))) {
                    if (!matchId.equals(r.key())) {
                        continue;
                    }
                    if (r.topic().equals(Topics.MATCH_RULINGS)) {
                        rulings.add(r.value());
                    } else {
                        views.put(r.key(), r.value());
                    }
                }
                return expectedView.equals(views.get(matchId)) && rulings.size() >= replay.rulings().size();
            });
        }
        assertEquals(replay.rulings().stream().map(Json::write).toList(), rulings);
    }
}
