package org.matchledger.audit;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.matchledger.audit.intake.LedgerRecorder;
import org.matchledger.core.event.Discipline;
import org.matchledger.kafka.Topics;
import org.matchledger.testsupport.KafkaTestResource;
import org.matchledger.testsupport.TestTokensResource;

import java.net.URL;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Redelivery and PostgreSQL restarts, on a PostgreSQL of this test's own: the same Kafka records handed to the
 * consumer twice store one row each; records arriving while PostgreSQL is down are all stored, once, when it is back.
 */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
@WithTestResource(RestartablePostgres.class)
@WithTestResource(TestTokensResource.class)
class ConsumerRedeliveryTest {
    /** Health is on the management interface (its own port; paths are relative to its root, /q). */
    @TestHTTPResource(value = "/health/ready", management = true)
    URL ready;

    @Inject
    LedgerRecorder consumer;

    @Test
    void theSameRecordsTwice_storeOneRowEach() {
        String m = "redeliver-" + System.nanoTime();
        long base = System.nanoTime() % 1_000_000_000L; // offsets of our own making, far from the broker's
        List<ConsumerRecord<String, String>> records = List.of(
                new ConsumerRecord<>(Topics.TABLE_EVENTS, 9, base, m, "{\"id\":\"e1\",\"subject\":\"" + m + "\",\"seq\":1,\"type\":\"pool.match.opened\"}"),
                new ConsumerRecord<>(Topics.TABLE_EVENTS, 9, base + 1, m, "not json at all"),
                new ConsumerRecord<>(Topics.MATCH_RULINGS, 9, base, m, "{\"matchId\":\"" + m + "\",\"seq\":1,\"eventId\":\"e1\",\"n\":0,\"kind\":\"MATCH_OPENED\"}"),
                new ConsumerRecord<>(Topics.MATCH_RULINGS, 9, base + 1, m, "{\"matchId\":\"" + m + "\",\"seq\":2,\"eventId\":\"e2\",\"n\":0,\"kind\":\"EVENT_REJECTED\",\"reason\":\"seq: gap\"}"),
                new ConsumerRecord<>(Topics.MATCH_VIEWS, 9, base, m, "{\"matchId\":\"" + m + "\",\"lastSeq\":1}"),
                new ConsumerRecord<>(Topics.TABLE_EVENTS_REJECTED, 9, base, m, "{\"matchId\":\"" + m + "\",\"reason\":\"event: not JSON\",\"partition\":9,\"offset\":" + (base + 1) + ",\"eventText\":\"not json at all\"}"),
                new ConsumerRecord<>(Topics.TABLE_EVENTS_REJECTED, 9, base + 1, m, "{\"matchId\":\"" + m + "\",\"reason\":\"data.x: bad\",\"source\":\"table-gateway\",\"eventText\":\"{}\"}"),
                // PostgreSQL refuses it (a NUL in the event id): quarantined, once.
                new ConsumerRecord<>(Topics.TABLE_EVENTS, 9, base + 2, m, "{\"id\":\"e\\u0000\",\"subject\":\"" + m + "\",\"seq\":2,\"type\":\"pool.shot.taken\"}"),
                // Not a view: quarantined, once.
                new ConsumerRecord<>(Topics.MATCH_VIEWS, 9, base + 1, m, "{\"matchId\":\"" + m + "\"}"));
        for (int delivery = 0; delivery < 2; delivery++) {
            consumer.consume(batch(records)).await().atMost(Duration.ofSeconds(30));
            var db = RestartablePostgres.database;
            assertEquals(2, Db.count(db, "SELECT count(*) FROM recorded_event WHERE match_id = ?", m));
            assertEquals(1, Db.count(db, "SELECT count(*) FROM ruling WHERE match_id = ?", m));
            assertEquals(1, Db.count(db, "SELECT count(*) FROM published_view WHERE match_id = ?", m));
            assertEquals(1, Db.count(db, "SELECT count(*) FROM rejected_event WHERE match_id = ? AND source = 'processor'", m));
            assertEquals(1, Db.count(db, "SELECT count(*) FROM rejected_event WHERE match_id = ? AND source = 'gateway'", m));
            assertEquals(1, Db.count(db, "SELECT count(*) FROM rejected_event WHERE match_id = ? AND source = 'notice'", m));
            assertEquals(1, Db.count(db, "SELECT count(*) FROM quarantined_record WHERE match_id = ? AND sql_state = '22021'", m));
            assertEquals(1, Db.count(db, "SELECT count(*) FROM quarantined_record WHERE match_id = ? AND sql_state IS NULL", m));
        }
    }

    @Test
    void postgresRestart_nothingSkippedNothingTwice() throws Exception {
        PublishedMatch match = PublishedMatch.simulate("restart-" + System.nanoTime(), Discipline.EIGHT_BALL, 3, 21);
        var db = RestartablePostgres.database;
        RestartablePostgres.server.stop();
        try {
            match.publish(2); // arrives while PostgreSQL is down: the consumer retries
            Thread.sleep(3_000);
        } finally {
            RestartablePostgres.server.start();
        }
        await().atMost(Duration.ofSeconds(90)).until(() ->
                Db.count(db, "SELECT count(*) FROM recorded_event WHERE match_id = ?", match.matchId) == match.events.size()
                        && Db.count(db, "SELECT count(*) FROM ruling WHERE match_id = ?", match.matchId) == match.appliedRulings()
                        && Db.count(db, "SELECT count(*) FROM published_view WHERE match_id = ?", match.matchId) == match.viewAt.size());
        Thread.sleep(2_000);
        assertEquals(match.events.size(), Db.count(db, "SELECT count(*) FROM recorded_event WHERE match_id = ?", match.matchId));
        assertEquals(match.appliedRulings(), Db.count(db, "SELECT count(*) FROM ruling WHERE match_id = ?", match.matchId));
        assertEquals(match.rejected, Db.count(db, "SELECT count(*) FROM rejected_event WHERE match_id = ? AND source = 'processor'", match.matchId));
    }

    /**
     * PostgreSQL away for longer than SmallRye's default 60 s limit on an unprocessed record: readiness shows the lag
     * per topic and is DOWN above audit.health.max-lag (50 in tests); the channel does not fail, so once PostgreSQL
     * is back everything is stored and readiness is UP again.
     */
    @Test
    void aLongOutage_readinessShowsTheLag_andEverythingIsStoredAfterwards() throws Exception {
        PublishedMatch match = PublishedMatch.simulate("outage-" + System.nanoTime(), Discipline.NINE_BALL, 3, 33);
        var db = RestartablePostgres.database;
        long stopped = System.nanoTime();
        RestartablePostgres.server.stop();
        try {
            match.publish(2);
            await().atMost(Duration.ofSeconds(30)).until(() -> {
                JsonNode c = lagCheck();
                // Which topic is behind depends on how far the consumer got before PostgreSQL went away (its first
                // batch may hold only table-events); the processor's output alone is well over the threshold.
                return c != null && "DOWN".equals(c.path("status").asText()) && maxLag(c) > 50;
            });
            long left = Duration.ofSeconds(65).toNanos() - (System.nanoTime() - stopped);
            Thread.sleep(Math.max(0, left / 1_000_000));
        } finally {
            RestartablePostgres.server.start();
        }
        await().atMost(Duration.ofSeconds(90)).until(() ->
                Db.count(db, "SELECT count(*) FROM recorded_event WHERE match_id = ?", match.matchId) == match.events.size()
                        && Db.count(db, "SELECT count(*) FROM ruling WHERE match_id = ?", match.matchId) == match.appliedRulings()
                        && Db.count(db, "SELECT count(*) FROM published_view WHERE match_id = ?", match.matchId) == match.viewAt.size());
        await().atMost(Duration.ofSeconds(30)).until(() -> {
            JsonNode c = lagCheck();
            return c != null && "UP".equals(c.path("status").asText());
        });
        JsonNode c = lagCheck();
        assertTrue(maxLag(c) <= 50, c.toString());
        assertTrue(c.path("data").path("quarantined").asText().matches("\\d+"), c.toString());
    }

    /** The largest per-topic lag the check reports. */
    static long maxLag(JsonNode check) {
        long max = 0;
        for (var it = check.path("data").fields(); it.hasNext(); ) {
            var e = it.next();
            if (e.getKey().startsWith("lag ")) {
                max = Math.max(max, e.getValue().asLong());
            }
        }
        return max;
    }

    /** The lag check's entry in /q/health/ready. */
    JsonNode lagCheck() {
        String body = given().get(ready).then().extract().asString();
        for (JsonNode check : PublishedMatch.read(body).path("checks")) {
            if (check.path("name").asText().equals("audit-trail lag")) {
                return check;
            }
        }
        return null;
    }

    static ConsumerRecords<String, String> batch(List<ConsumerRecord<String, String>> records) {
        Map<TopicPartition, List<ConsumerRecord<String, String>>> byPartition = new LinkedHashMap<>();
        for (ConsumerRecord<String, String> r : records) {
            byPartition.computeIfAbsent(new TopicPartition(r.topic(), r.partition()), k -> new ArrayList<>()).add(r);
        }
        return new ConsumerRecords<>(byPartition, Map.of());
    }
}
