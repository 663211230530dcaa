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
import org.matchledger.core.event.Poster;
import org.matchledger.core.json.Json;
import org.matchledger.core.ledger.Replay;
import org.matchledger.kafka.PosterHeaders;
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
import static org.junit.jupiter.api.Assertions.assertTrue;

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

    private static String envelope(String id, String matchId, String type, long seq, String data) {
        return """
                {"specversion":"1.0","id":"%s","source":"/tables/T01/scorer","type":"%s","subject":"%s","seq":%d,"data":%s}"""
                .formatted(id, type, matchId, seq, data);
    }

    private static String lag(String player, double distance) {
        return """
                {"player":"%s","footRailContacts":1,"crossedLongString":false,"touchedSideRail":false,"pocketedOrOffTable":false,\
                "stoppedInCornerPocketPastHeadRail":false,"otherFoul":false,"distanceFromHeadRail":%s}""".formatted(player, distance);
    }

    private static ProducerRecord<String, String> posted(String matchId, String value, Poster poster) {
        return new ProducerRecord<>(Topics.TABLE_EVENTS, null, matchId, value, PosterHeaders.of(poster));
    }

    private static String header(ConsumerRecord<String, String> r, String name) {
        var h = r.headers().lastHeader(name);
        return h == null ? null : new String(h.value(), java.nio.charset.StandardCharsets.UTF_8);
    }

    /**
     * The posting rule over a real broker: the poster headers of a table-events record reach the core; a table's
     * event on another table's match is EVENT_REJECTED naming tableId, kept on table-events-rejected with the
     * poster's headers; the own table's and a referee's events are applied.
     */
    @Test
    void posterHeaders_aTablesEventOnAnotherTablesMatch_isRejectedNamingTableId_withThePosterOnTheRejection() {
        String matchId = "proc-poster-" + System.nanoTime();
        String lagData = "{\"results\":[" + lag("p1", 5) + "," + lag("p2", 30) + "]}";
        Poster t01 = new Poster("table-t01", "table", "T01");
        Poster t02 = new Poster("table-t02", "table", "T02");
        Properties p = new Properties();
        p.putAll(KafkaBroker.producerProperties());
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(p, new StringSerializer(), new StringSerializer())) {
            producer.send(posted(matchId, envelope(matchId + "-1", matchId, "pool.match.opened", 1, """
                    {"discipline":"NINE_BALL","players":[{"id":"p1","name":"A"},{"id":"p2","name":"B"}],"raceTo":3,"tableId":"T01"}"""),
                    t01));
            producer.send(posted(matchId, envelope(matchId + "-2x", matchId, "pool.lag.taken", 2, lagData), t02));
            producer.send(posted(matchId, envelope(matchId + "-2", matchId, "pool.lag.taken", 2, lagData), t01));
            producer.send(posted(matchId, envelope(matchId + "-3", matchId, "pool.option.chosen", 3,
                    "{\"player\":\"p1\",\"option\":\"BREAK\"}"), new Poster("referee", "referee", null)));
            producer.flush();
        }
        Properties c = new Properties();
        c.putAll(KafkaBroker.consumerProperties("test-" + matchId));
        List<ConsumerRecord<String, String>> rulings = new ArrayList<>();
        List<ConsumerRecord<String, String>> rejected = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(c, new StringDeserializer(), new StringDeserializer())) {
            consumer.subscribe(List.of(Topics.MATCH_RULINGS, Topics.TABLE_EVENTS_REJECTED));
            await().atMost(Duration.ofSeconds(60)).until(() -> {
                for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(200))) {
                    if (matchId.equals(r.key())) {
                        (r.topic().equals(Topics.MATCH_RULINGS) ? rulings : rejected).add(r);
                    }
                }
                return rejected.size() >= 1 && rulings.stream().anyMatch(r -> r.value().contains("\"seq\":3"));
            });
        }
        ConsumerRecord<String, String> refusal = rulings.stream()
                .filter(r -> r.value().contains("\"kind\":\"EVENT_REJECTED\"")).findFirst().orElseThrow();
        assertTrue(refusal.value().contains("\"reason\":\"tableId: "), refusal.value());
        assertTrue(refusal.value().contains(matchId + "-2x"), refusal.value());
        assertEquals(1, rulings.stream().filter(r -> r.value().contains("EVENT_REJECTED")).count(), "only the other table's event");
        assertTrue(rulings.stream().anyMatch(r -> r.value().contains("\"kind\":\"LAG_WON\"")), "the own table's lag applied");
        assertEquals(1, rejected.size());
        ConsumerRecord<String, String> kept = rejected.get(0);
        assertTrue(kept.value().contains("tableId: "), kept.value());
        assertEquals("table-t02", header(kept, PosterHeaders.SUBJECT));
        assertEquals("table", header(kept, PosterHeaders.ROLE));
        assertEquals("T02", header(kept, PosterHeaders.TABLE));
    }
}
