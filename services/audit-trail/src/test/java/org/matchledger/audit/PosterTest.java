package org.matchledger.audit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.matchledger.core.event.Discipline;
import org.matchledger.core.event.Poster;
import org.matchledger.core.json.Json;
import org.matchledger.core.ledger.Replay;
import org.matchledger.kafka.PosterHeaders;
import org.matchledger.kafka.Topics;
import org.matchledger.testsupport.KafkaBroker;
import org.matchledger.testsupport.KafkaTestResource;
import org.matchledger.testsupport.PostgresTestResource;
import org.matchledger.testsupport.TestTokensResource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Who posted (issue "who may write what": "the audit trail stores and shows who posted every event"): the gateway's
 * poster headers on table-events and table-events-rejected records, over a real broker, are stored with each record
 * and shown on the timeline, the appeal page, the CSV export and the JSONL export (as the CloudEvents attributes
 * ledgerpostersubject / ledgerposterrole / ledgerpostertable, taken from the headers, never from the value).
 */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
@WithTestResource(PostgresTestResource.class)
@WithTestResource(TestTokensResource.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PosterTest {
    static final int EVENTS = 10;
    /** A hostile subject: markup for the page, a formula for the spreadsheet. */
    static final String HOSTILE = "=HYPERLINK(\"http://x.invalid\")<b>t01</b>";

    String matchId;
    String table;
    List<String> events = new ArrayList<>();
    final Poster referee = new Poster("referee", "referee", null);
    Poster tablet;
    final Poster hostile = new Poster(HOSTILE, "table", null);
    /** The event whose value claims a poster of its own (a director): the headers say otherwise. */
    static final int CLAIMS_DIRECTOR = 2;
    /** The event produced without poster headers (as before posters were kept). */
    static final int NO_HEADERS = 4;
    static final int HOSTILE_AT = 6;

    @BeforeAll
    void publish() throws Exception {
        matchId = "poster-" + System.nanoTime();
        PublishedMatch sim = PublishedMatch.simulate(matchId, Discipline.NINE_BALL, 3, 11);
        events.addAll(sim.events.subList(0, EVENTS));
        table = PublishedMatch.read(events.get(0)).path("data").path("tableId").asText();
        tablet = new Poster("table-" + table.toLowerCase(), "table", table);
        ObjectNode claim = (ObjectNode) PublishedMatch.read(events.get(CLAIMS_DIRECTOR));
        claim.put(Poster.SUBJECT_ATTRIBUTE, "director").put(Poster.ROLE_ATTRIBUTE, "director");
        events.set(CLAIMS_DIRECTOR, Json.write(claim));

        Properties p = new Properties();
        p.putAll(KafkaBroker.producerProperties());
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(p, new StringSerializer(), new StringSerializer())) {
            for (int i = 0; i < events.size(); i++) {
                ProducerRecord<String, String> r = new ProducerRecord<>(Topics.TABLE_EVENTS, matchId, events.get(i));
                if (i != NO_HEADERS) {
                    PosterHeaders.write(r.headers(), posterOf(i));
                }
                producer.send(r).get();
            }
            // A post the gateway refused (never reached table-events), with its poster.
            ObjectNode refused = Json.MAPPER.createObjectNode();
            refused.put("matchId", matchId).put("reason", "data.player: required");
            refused.set("event", PublishedMatch.read(events.get(1)).deepCopy());
            ProducerRecord<String, String> r = new ProducerRecord<>(Topics.TABLE_EVENTS_REJECTED, matchId, Json.write(refused));
            PosterHeaders.write(r.headers(), tablet);
            producer.send(r).get();
        }
        await().atMost(Duration.ofSeconds(60)).until(() ->
                Db.count("SELECT count(*) FROM recorded_event WHERE match_id = ?", matchId) == EVENTS
                        && Db.count("SELECT count(*) FROM rejected_event WHERE match_id = ?", matchId) == 1);
    }

    Poster posterOf(int i) {
        return i == 0 ? referee : i == NO_HEADERS ? null : i == HOSTILE_AT ? hostile : tablet;
    }

    @BeforeEach
    void asReader() {
        AsReader.everyRequest();
    }

    @Test
    void thePosterIsStoredWithEachRecord() {
        assertEquals(1, Db.count("SELECT count(*) FROM recorded_event WHERE match_id = ? AND poster_subject = 'referee'"
                + " AND poster_role = 'referee' AND poster_table IS NULL", matchId));
        assertEquals(EVENTS - 3, Db.count("SELECT count(*) FROM recorded_event WHERE match_id = ? AND poster_subject = ?"
                + " AND poster_role = 'table' AND poster_table = ?", matchId, tablet.subject(), table));
        assertEquals(1, Db.count("SELECT count(*) FROM recorded_event WHERE match_id = ? AND poster_subject IS NULL"
                + " AND poster_role IS NULL AND poster_table IS NULL", matchId), "the record without headers");
        assertEquals(1, Db.count("SELECT count(*) FROM rejected_event WHERE match_id = ? AND source = 'gateway'"
                + " AND poster_subject = ? AND poster_role = 'table' AND poster_table = ?", matchId, tablet.subject(), table));
    }

    @Test
    void theTimelineNamesThePosterOfEveryEvent() {
        JsonNode t = PublishedMatch.read(given().get("/matches/{id}/ledger", matchId).then().statusCode(200).extract().asString());
        JsonNode rows = t.get("timeline");
        assertEquals(EVENTS, rows.size());
        for (int i = 0; i < EVENTS; i++) {
            JsonNode poster = rows.get(i).get("poster");
            Poster expected = posterOf(i);
            if (expected == null) {
                assertTrue(poster.isNull(), "no headers, no poster: " + poster);
                continue;
            }
            assertEquals(expected.subject(), poster.path("subject").asText(), "event " + i);
            assertEquals(expected.role(), poster.path("role").asText(), "event " + i);
            assertEquals(expected.tableId() == null, !poster.has("tableId"), "event " + i + ": " + poster);
            if (expected.tableId() != null) {
                assertEquals(expected.tableId(), poster.get("tableId").asText());
            }
        }
        assertEquals("table", rows.get(CLAIMS_DIRECTOR).path("poster").path("role").asText(),
                "the headers, not the value's own attributes");
        JsonNode refused = t.get("refused");
        assertEquals(1, refused.size());
        assertEquals(tablet.subject(), refused.get(0).path("poster").path("subject").asText());
        assertEquals(table, refused.get(0).path("poster").path("tableId").asText());
    }

    @Test
    void theJsonlExportCarriesThePosterAsAttributes_andReplaysToTheSameView() throws Exception {
        String jsonl = given().get("/matches/{id}/export?format=jsonl", matchId).then().statusCode(200).extract().asString();
        List<String> lines = jsonl.lines().toList();
        assertEquals(EVENTS, lines.size());
        for (int i = 0; i < EVENTS; i++) {
            JsonNode e = PublishedMatch.read(lines.get(i));
            Poster expected = posterOf(i);
            if (expected == null) {
                assertFalse(e.has(Poster.SUBJECT_ATTRIBUTE) || e.has(Poster.ROLE_ATTRIBUTE) || e.has(Poster.TABLE_ATTRIBUTE),
                        "no poster recorded, none exported: " + e);
                continue;
            }
            assertEquals(expected.subject(), e.path(Poster.SUBJECT_ATTRIBUTE).asText(), lines.get(i));
            assertEquals(expected.role(), e.path(Poster.ROLE_ATTRIBUTE).asText(), lines.get(i));
            assertEquals(expected.tableId() == null ? "" : expected.tableId(), e.path(Poster.TABLE_ATTRIBUTE).asText(""),
                    lines.get(i));
            // Everything else exactly as posted.
            ObjectNode posted = (ObjectNode) PublishedMatch.read(events.get(i));
            ObjectNode exported = ((ObjectNode) e).deepCopy();
            assertTrue(exported.remove(Replay.LOG_TIME_ATTRIBUTE).isTextual(), "the log time: " + lines.get(i));
            for (String a : List.of(Poster.SUBJECT_ATTRIBUTE, Poster.ROLE_ATTRIBUTE, Poster.TABLE_ATTRIBUTE)) {
                posted.remove(a);
                exported.remove(a);
            }
            assertEquals(posted, exported, "event " + i);
        }
        // The replay tool's fold of the export is the view the audit trail derives (the poster is the same input).
        Replay replay = new Replay();
        lines.forEach(l -> replay.accept(PublishedMatch.read(l)));
        JsonNode view = PublishedMatch.read(given().get("/matches/{id}/view", matchId).then().statusCode(200).extract().asString());
        assertEquals(view, PublishedMatch.read(Json.write(replay.view())));
    }

    @Test
    void theAppealPageShowsThePoster_escaped() {
        String html = given().get("/matches/{id}", matchId).then().statusCode(200).extract().asString();
        assertTrue(html.contains("data-poster-subject=\"referee\" data-poster-role=\"referee\" data-poster-table=\"\""), html);
        assertTrue(html.contains("data-poster-subject=\"" + tablet.subject() + "\" data-poster-role=\"table\" data-poster-table=\""
                + table + "\">by " + tablet.subject() + " (table, table " + table + ")"), html);
        assertFalse(html.contains("<b>t01</b>"), "markup in a poster is text, not markup");
        assertTrue(html.contains("&lt;b&gt;t01&lt;/b&gt;"), html);
    }

    @Test
    void theCsvExportHasThePosterColumns_neutralised() {
        String csv = given().get("/matches/{id}/export?format=csv", matchId).then().statusCode(200).extract().asString();
        List<String> lines = csv.lines().toList();
        assertTrue(lines.get(0).endsWith(",poster_subject,poster_role,poster_table"), lines.get(0));
        assertTrue(lines.stream().anyMatch(l -> l.endsWith(",referee,referee,")), csv);
        assertTrue(lines.stream().anyMatch(l -> l.endsWith("," + tablet.subject() + ",table," + table)), csv);
        // The formula is neutralised (leading ') and quoted (it holds quotes): never a formula in a spreadsheet.
        assertTrue(lines.stream().anyMatch(l -> l.endsWith(",\"'=HYPERLINK(\"\"http://x.invalid\"\")<b>t01</b>\",table,")), csv);
        assertFalse(lines.stream().anyMatch(l -> l.contains(",=HYPERLINK") || l.contains(",\"=HYPERLINK")), csv);
    }
}
