package org.matchledger.audit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.utils.Utils;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.matchledger.core.event.Discipline;
import org.matchledger.core.json.Json;
import org.matchledger.core.ledger.Match;
import org.matchledger.core.ledger.MatchLedger;
import org.matchledger.core.ledger.Outcome;
import org.matchledger.core.ruling.Ruling;
import org.matchledger.kafka.Topics;
import org.matchledger.kafka.TopicSetup;
import org.matchledger.sim.MatchPlayer;
import org.matchledger.sim.SimProfile;
import org.matchledger.testsupport.Browser;
import org.matchledger.testsupport.BrowserTab;
import org.matchledger.testsupport.KafkaBroker;
import org.matchledger.testsupport.KafkaTestResource;
import org.matchledger.testsupport.TestTokensResource;
import org.matchledger.testsupport.PostgresTestResource;

import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Records a hostile client or a forged processor could put on the ledger's topics, on a real broker and PostgreSQL,
 * each produced twice: values PostgreSQL refuses (NUL characters) are quarantined and hold nothing up; a re-created
 * topic's records are stored; markup in every text field stays text on the appeal page; CSV cells cannot be formulas.
 */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
@WithTestResource(PostgresTestResource.class)
@WithTestResource(TestTokensResource.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class HostileInputTest {
    @org.junit.jupiter.api.BeforeEach
    void asReader() {
        AsReader.everyRequest(); // the service answers readers only
    }

    static final Duration SECONDS = Duration.ofSeconds(30);
    /** Partitions of the ledger's topics in tests ({@code %test.ledger.topics.partitions}). */
    static final int PARTITIONS = 2;
    static final String XSS = "<img src=x onerror=window.__xss=1>";
    static final String BREAKOUT = "\"><script>window.__xss=2</script>";

    @TestHTTPResource("/")
    URL base;

    @Test
    @Order(1)
    void nulCharacters_areQuarantined_andLaterEventsAreAllRecorded() throws Exception {
        String m = "nul-" + System.nanoTime();
        String nulMatch = "M\u0000X-" + System.nanoTime();
        // As the gateway writes a refused post: JSON escapes the NUL, the fields read from it hold a real one.
        String refused = "{\"matchId\":" + Json.write(Json.MAPPER.getNodeFactory().textNode(nulMatch))
                + ",\"reason\":\"data: bad\",\"source\":\"table-gateway\",\"eventText\":\"{\\\"id\\\":\\\"a\\u0000b\\\"}\"}";
        assertTrue(refused.contains("\\u0000") && !refused.contains("\u0000"), refused);
        String event = "{\"specversion\":\"1.0\",\"id\":\"e\\u0000vil\",\"source\":\"/tables/T/scorer\","
                + "\"type\":\"pool.match.opened\",\"subject\":\"" + m + "\",\"seq\":1}";
        String ruling = "{\"matchId\":\"" + m + "\",\"seq\":1,\"n\":0,\"eventId\":\"e1\",\"kind\":\"MATCH_OPENED\","
                + "\"player\":\"p\\u0000\"}";
        List<RecordMetadata> hostile = new ArrayList<>();
        try (KafkaProducer<String, String> producer = producer()) {
            for (int times = 0; times < 2; times++) {
                hostile.add(producer.send(new ProducerRecord<>(Topics.TABLE_EVENTS_REJECTED, nulMatch, refused)).get());
                hostile.add(producer.send(new ProducerRecord<>(Topics.TABLE_EVENTS, m, event)).get());
                hostile.add(producer.send(new ProducerRecord<>(Topics.MATCH_RULINGS, m, ruling)).get());
            }
        }
        // A normal match after them: recorded in full, within seconds.
        PublishedMatch after = PublishedMatch.simulate("after-nul-" + System.nanoTime(), Discipline.NINE_BALL, 2, 5);
        after.publish(2);
        String id = after.matchId;
        await().atMost(SECONDS).until(() ->
                Db.count("SELECT count(*) FROM recorded_event WHERE match_id = ?", id) == after.events.size()
                        && Db.count("SELECT count(*) FROM ruling WHERE match_id = ?", id) == after.appliedRulings()
                        && Db.count("SELECT count(*) FROM published_view WHERE match_id = ?", id) == after.viewAt.size()
                        && Db.count("SELECT count(*) FROM rejected_event WHERE match_id = ? AND source = 'processor'", id) == after.rejected);

        // Six records (three, each produced twice): each quarantined once, with PostgreSQL's SQLSTATE; none in the tables.
        for (RecordMetadata r : hostile) {
            assertEquals(1, Db.count("SELECT count(*) FROM quarantined_record WHERE topic = ? AND kafka_partition = ?"
                    + " AND kafka_offset = ? AND sql_state = '22021'", r.topic(), r.partition(), r.offset()), r.toString());
        }
        assertEquals(hostile.size(), Db.count("SELECT count(*) FROM quarantined_record WHERE match_id IN (?, ?)", m,
                nulMatch.replace("\u0000", "\\u0000")));
        assertEquals(0, Db.count("SELECT count(*) FROM recorded_event WHERE match_id = ?", m)
                + Db.count("SELECT count(*) FROM ruling WHERE match_id = ?", m));

        // Auditors see them: the value as received, NUL escaped as JSON escapes it.
        JsonNode mine = json(given().get("/matches/{id}/quarantine", m).then().statusCode(200).extract().asString());
        assertEquals(4, mine.get("records").size(), mine.toString());
        JsonNode q = null;
        for (JsonNode r : mine.get("records")) {
            q = r.get("topic").asText().equals(Topics.TABLE_EVENTS) ? r : q;
        }
        assertEquals("22021", q.get("sqlState").asText());
        assertEquals(Topics.TABLE_EVENTS, q.get("topic").asText());
        assertEquals(event, q.get("value").asText());
        assertFalse(q.get("topicId").asText().isEmpty());
        assertFalse(q.get("kafkaTimestamp").isNull());
        JsonNode all = json(given().get("/quarantine?limit=1000").then().statusCode(200).extract().asString());
        boolean refusedListed = false;
        for (JsonNode r : all.get("records")) {
            refusedListed |= r.get("matchId").asText().equals(nulMatch.replace("\u0000", "\\u0000"))
                    && r.get("value").asText().equals(refused);
        }
        assertTrue(refusedListed, all.toString());
        JsonNode timeline = json(given().get("/matches/{id}/ledger", m).then().statusCode(200).extract().asString());
        assertEquals(4, timeline.get("quarantined").size(), timeline.toString());
        given().get("/quarantine?limit=0").then().statusCode(400).body("parameter", equalTo("limit"));
    }

    @Test
    @Order(2)
    void theAppealPage_showsMarkupAsText_andRunsNoInjectedScript() throws Exception {
        Forged f = forged("xss-" + System.nanoTime());
        await().atMost(SECONDS).until(() ->
                Db.count("SELECT count(*) FROM ruling WHERE match_id = ?", f.matchId) == f.rulings
                        && Db.count("SELECT count(*) FROM rejected_event WHERE match_id = ? AND source = 'processor'", f.matchId) == 1);
        var answer = given().get("/matches/{id}", f.matchId).then().statusCode(200).extract();
        assertEquals(CSP_START, answer.header("Content-Security-Policy").substring(0, CSP_START.length()));
        assertEquals("nosniff", answer.header("X-Content-Type-Options"));
        String html = answer.asString();
        assertFalse(html.contains("<img"), "no markup from the record in the page");
        assertFalse(html.contains("<script>"), "no inline script");
        assertFalse(html.contains("<style"), "no inline style");
        try (Browser browser = Browser.launch();
             BrowserTab page = browser.open(new URL(base, "/matches/" + f.matchId).toString(), AsReader.headers())) {
            Duration t = Duration.ofSeconds(15);
            page.waitForText("[data-field='lastSeq']", Long.toString(f.lastSeq), t);
            assertEquals("undefined", page.evaluate("typeof window.__xss").asText(), "an injected script ran");
            assertEquals(0, page.count("img"), "markup became elements");
            assertEquals(1, page.count("script"), "only the page's own script");
            assertTrue(page.evaluate("document.getElementById('timeline').textContent.includes("
                    + Browser.jsString(XSS + BREAKOUT) + ")").asBoolean(), "the text appears literally");
            assertTrue(page.evaluate("document.querySelector('#players tbody').textContent.includes("
                    + Browser.jsString(XSS + BREAKOUT) + ")").asBoolean(), "player names as text");
            assertEquals(f.rejectedEventId, page.evaluate("document.querySelector('#timeline li.rejected').dataset.eventId").asText(),
                    "an id with quotes stays inside its attribute");
            assertEquals("undefined", page.evaluate("typeof window.__xss").asText());
        }
        // Every answer carries the two headers: the script, a problem (health is on the management interface).
        for (String path : List.of("/appeal/appeal.js", "/matches/no-such-match/ledger")) {
            var r = given().get(path).then().extract();
            assertTrue(r.header("Content-Security-Policy").startsWith(CSP_START), path);
            assertEquals("nosniff", r.header("X-Content-Type-Options"), path);
        }
    }

    static final String CSP_START = "default-src 'self'; script-src 'self';";

    @Test
    @Order(3)
    void theCsvExport_neutralisesFormulas_andKeepsNumbers() throws Exception {
        Forged f = forged("csv-" + System.nanoTime());
        await().atMost(SECONDS).until(() ->
                Db.count("SELECT count(*) FROM ruling WHERE match_id = ?", f.matchId) == f.rulings);
        String csv = given().get("/matches/{id}/export?format=csv", f.matchId).then().statusCode(200)
                .contentType(startsWith("text/csv")).extract().asString();
        List<List<String>> rows = AuditTrailTest.parseCsv(csv);
        List<String> first = null;
        for (List<String> r : rows) {
            if (r.get(14).contains("SUM")) {
                first = r;
            }
        }
        assertTrue(first != null, csv);
        assertEquals("'=SUM(1+2)", first.get(14));
        assertEquals("'@rule", first.get(8));
        assertEquals("'+p", first.get(9));
        assertEquals("-3", first.get(10), "a negative number stays a number");
        for (List<String> r : rows) {
            for (String cell : r) {
                assertFalse(!cell.isEmpty() && "=+@\t\r".indexOf(cell.charAt(0)) >= 0, "a formula cell: " + r);
                assertFalse(cell.startsWith("-") && !cell.matches("-\\d+(\\.\\d+)?"), "a formula cell: " + r);
            }
        }
    }

    @Test
    @Order(4)
    void aBadMatchId_isAProblemNamingMatchId() {
        for (String path : List.of("/matches/a%20b", "/matches/a%20b/ledger", "/matches/a%3Cb/view",
                "/matches/" + "x".repeat(65) + "/verify", "/matches/a%22b/export", "/matches/a%27b/quarantine")) {
            given().get(path).then().statusCode(400).contentType("application/problem+json")
                    .body("parameter", equalTo("matchId"));
        }
    }

    /** Last: it deletes table-events and creates it again (offsets start at 0 again, with a new topic id). */
    @Test
    @Order(99)
    void aRecreatedTopic_hasItsRecordsStored_notTakenForDuplicates() throws Exception {
        try (Admin admin = Admin.create(Map.<String, Object>of("bootstrap.servers", KafkaBroker.bootstrapServers()))) {
            String oldId = admin.describeTopics(Set.of(Topics.TABLE_EVENTS)).allTopicNames().get(10, TimeUnit.SECONDS)
                    .get(Topics.TABLE_EVENTS).topicId().toString();
            admin.deleteTopics(Set.of(Topics.TABLE_EVENTS)).all().get(30, TimeUnit.SECONDS);
            await().atMost(SECONDS).until(() -> !admin.listTopics().names().get().contains(Topics.TABLE_EVENTS));
            await().atMost(SECONDS).ignoreExceptions().until(() -> {
                TopicSetup.ensure(KafkaBroker.bootstrapServers(), PARTITIONS, (short) 1);
                return admin.listTopics().names().get().contains(Topics.TABLE_EVENTS);
            });
            // On a partition the old topic had records on, so that the new records' offsets are ones old records have.
            String recreatedId = onPartitionWithRecords("recreated-" + System.nanoTime(), oldId);
            PublishedMatch again = PublishedMatch.simulate(recreatedId, Discipline.EIGHT_BALL, 2, 9);
            again.publish(2);
            String id = again.matchId;
            await().atMost(Duration.ofSeconds(60)).until(() ->
                    Db.count("SELECT count(*) FROM recorded_event WHERE match_id = ?", id) == again.events.size()
                            && Db.count("SELECT count(*) FROM rejected_event WHERE match_id = ? AND source = 'processor'", id) == again.rejected);
            assertEquals(again.events.size(), Db.count("SELECT count(*) FROM recorded_event WHERE match_id = ? AND topic_id <> ?", id, oldId));
            // The new topic's offsets are ones the old topic's records have too: stored beside them.
            assertTrue(Db.count("SELECT count(*) FROM recorded_event n JOIN recorded_event o ON o.kafka_partition = n.kafka_partition"
                    + " AND o.kafka_offset = n.kafka_offset AND o.topic_id = ? WHERE n.match_id = ?", oldId, id) > 0);
            JsonNode v = json(given().get("/matches/{id}/verify", id).then().statusCode(200).extract().asString());
            assertEquals("consistent", v.get("status").asText(), v.toString());
        }
    }

    /**
     * {@code prefix} and a suffix such that the id's partition of {@code table-events} (the producer's default: murmur2
     * of the key) is one where the topic {@code topicId} had a record stored among its first 12 offsets: a simulated
     * match has more than 12 events, so some of its offsets on the new topic are taken by old records too. (Not every
     * partition qualifies: the first records of partition 0 are the quarantined ones of the first test.)
     */
    static String onPartitionWithRecords(String prefix, String topicId) {
        for (int i = 0; ; i++) {
            String id = prefix + "-" + i;
            int partition = Utils.toPositive(Utils.murmur2(id.getBytes(StandardCharsets.UTF_8))) % PARTITIONS;
            if (Db.count("SELECT count(*) FROM recorded_event WHERE topic_id = ? AND kafka_partition = ? AND kafka_offset < 12",
                    topicId, partition) > 0) {
                return id;
            }
        }
    }

    // ---- a match as a forged processor publishes it -------------------------------------------------------------

    record Forged(String matchId, long lastSeq, int rulings, String rejectedEventId) {
    }

    /**
     * A short clean match whose players' names carry markup, one rejected event whose id and reason carry it, and the
     * rulings of its applied events with markup in every text field (the first one with spreadsheet formulas
     * instead, and a negative number of points). Every record produced twice.
     */
    static Forged forged(String matchId) throws Exception {
        String payload = XSS + BREAKOUT;
        MatchPlayer player = new MatchPlayer(matchId, Discipline.NINE_BALL, 1, "T", 3, SimProfile.CLEAN);
        List<ObjectNode> events = new ArrayList<>();
        ObjectNode e;
        while ((e = player.next()) != null) {
            events.add(e);
        }
        int i = 0;
        for (JsonNode p : events.get(0).path("data").path("players")) {
            ((ObjectNode) p).put("name", payload + " " + i++);
        }
        ObjectNode gap = events.get(events.size() - 1).deepCopy();
        String gapId = "gap-" + payload;
        gap.put("id", gapId).put("seq", gap.get("seq").asLong() + 5);
        events.add(gap);
        int rulings = 0;
        long lastSeq = 0;
        try (KafkaProducer<String, String> producer = producer()) {
            List<RecordMetadata> where = new ArrayList<>();
            for (ObjectNode ev : events) {
                where.add(producer.send(new ProducerRecord<>(Topics.TABLE_EVENTS, matchId, Json.write(ev))).get());
            }
            Match match = Match.EMPTY;
            List<ProducerRecord<String, String>> out = new ArrayList<>();
            for (int n = 0; n < events.size(); n++) {
                Outcome step = MatchLedger.apply(match, events.get(n));
                if (step.applied()) {
                    match = step.match();
                    lastSeq = match.lastSeq();
                    for (Ruling r : step.rulings()) {
                        ObjectNode j = (ObjectNode) Json.read(Json.write(r));
                        if (rulings == 0) {
                            j.put("detail", "=SUM(1+2)").put("rule", "@rule").put("player", "+p").put("points", -3);
                        } else {
                            for (String f : List.of("kind", "rule", "player", "foul", "group", "option", "targetId",
                                    "detail", "reason", "rejudges")) {
                                j.put(f, payload);
                            }
                        }
                        rulings++;
                        ProducerRecord<String, String> rec = new ProducerRecord<>(Topics.MATCH_RULINGS, matchId, Json.write(j));
                        rec.headers().add("ledger-rulings-of-event",
                                Integer.toString(step.rulings().size()).getBytes(StandardCharsets.UTF_8));
                        out.add(rec);
                    }
                    out.add(new ProducerRecord<>(Topics.MATCH_VIEWS, matchId, Json.write(match.view())));
                } else {
                    ObjectNode o = Json.MAPPER.createObjectNode();
                    o.put("matchId", matchId).put("reason", payload)
                            .put("partition", where.get(n).partition()).put("offset", where.get(n).offset());
                    o.set("event", events.get(n));
                    out.add(new ProducerRecord<>(Topics.TABLE_EVENTS_REJECTED, matchId, Json.write(o)));
                }
            }
            for (int times = 0; times < 2; times++) {
                for (ProducerRecord<String, String> r : out) {
                    producer.send(r);
                }
            }
            producer.flush();
        }
        return new Forged(matchId, lastSeq, rulings, gapId);
    }

    static KafkaProducer<String, String> producer() {
        Properties p = new Properties();
        p.putAll(KafkaBroker.producerProperties());
        return new KafkaProducer<>(p, new StringSerializer(), new StringSerializer());
    }

    static JsonNode json(String s) {
        return PublishedMatch.read(s);
    }

}
