package org.matchledger.audit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.matchledger.cli.LedgerCli;
import org.matchledger.core.event.Discipline;
import org.matchledger.core.json.Json;
import org.matchledger.core.ledger.MatchClosing;
import org.matchledger.core.ledger.Outcome;
import org.matchledger.core.ledger.Replay;
import org.matchledger.core.ruling.Ruling;
import org.matchledger.core.ruling.RulingKind;
import org.matchledger.kafka.Topics;
import org.matchledger.testsupport.KafkaBroker;
import org.matchledger.testsupport.KafkaTestResource;
import org.matchledger.testsupport.PostgresTestResource;
import org.matchledger.testsupport.TestTokensResource;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Closing (docs/events.md "Closing, exactly"; docs/view.md {@code closed}, {@code MATCH_CLOSED}) in the audit trail,
 * over a real broker and PostgreSQL. Two finished matches whose events carry log times of three days ago, with what the
 * processor publishes for them (judged with ledger-core's {@link Replay} and a 24 h window, as the processor judges):
 * <ul>
 * <li>{@code late}: an appeal filed 25 h after the match finished finds it due (rule (a)): the processor closes it
 * first ({@code MATCH_CLOSED} at the last seq, the last view with {@code "closed": true}, same lastSeq) and rejects the
 * filing "match closed";</li>
 * <li>{@code quiet}: no later event; its partition's stream time passed the window (rule (b)): the closing only.</li>
 * </ul>
 * The audit trail keeps the closed view beside the view before it, records the closing as such, shows it, verifies it
 * against its fold, and exports the events with their log times so that {@code ledger replay --correction-window 24h}
 * closes the match at the same point.
 */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
@WithTestResource(PostgresTestResource.class)
@WithTestResource(TestTokensResource.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ClosingTest {
    static final Duration WINDOW = MatchClosing.DEFAULT_WINDOW;

    /** A match published as the processor publishes it, with the processor's own fold of it. */
    static final class Closed {
        final String matchId;
        final List<String> events = new ArrayList<>();
        final List<Long> logTimes = new ArrayList<>();
        final Replay processor = new Replay(WINDOW);
        JsonNode closedView;
        JsonNode viewBefore;
        Ruling closing;
        int closedRejections;

        Closed(String matchId) {
            this.matchId = matchId;
        }
    }

    Closed late;
    Closed quiet;
    Path dir;

    @BeforeAll
    void publish() throws Exception {
        long t0 = Instant.now().minus(Duration.ofDays(3)).toEpochMilli();
        late = simulate("closing-late-" + System.nanoTime(), 21, t0);
        long lastSeq = PublishedMatch.read(late.events.get(late.events.size() - 1)).get("seq").asLong();
        // 25 h after the last event (so after the finish + 24 h): an appeal on the first applied event.
        ObjectNode filed = PublishedMatch.envelope(late.matchId, late.matchId + "-late-appeal", "pool.appeal.filed", lastSeq + 1);
        filed.putObject("data").put("player", late.matchId + "-a")
                .put("targetId", PublishedMatch.read(late.events.get(0)).get("id").asText()).put("grounds", "too late");
        late.events.add(Json.write(filed));
        late.logTimes.add(late.logTimes.get(late.logTimes.size() - 1) + Duration.ofHours(25).toMillis());

        quiet = simulate("closing-quiet-" + System.nanoTime(), 22, t0);
        publish(late, false);
        publish(quiet, true);
        await().atMost(Duration.ofSeconds(60)).until(() -> stored(late) && stored(quiet));
        dir = Files.createTempDirectory("closing-test");
    }

    static Closed simulate(String matchId, long seed, long t0) {
        Closed m = new Closed(matchId);
        PublishedMatch sim = PublishedMatch.simulate(matchId, Discipline.NINE_BALL, 2, seed);
        for (int i = 0; i < sim.events.size(); i++) {
            m.events.add(sim.events.get(i));
            m.logTimes.add(t0 + i * 1000L);
        }
        return m;
    }

    /**
     * The events (with their log times as Kafka timestamps), then the processor's records, in the order it writes
     * them: a closing before the event that found the match due. {@code quietClose}: the match closes after its last
     * event (stream time, rule (b)).
     */
    void publish(Closed m, boolean quietClose) throws Exception {
        Properties p = new Properties();
        p.putAll(KafkaBroker.producerProperties());
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(p, new StringSerializer(), new StringSerializer())) {
            List<RecordMetadata> where = new ArrayList<>();
            for (int i = 0; i < m.events.size(); i++) {
                where.add(producer.send(new ProducerRecord<>(Topics.TABLE_EVENTS, null, m.logTimes.get(i), m.matchId,
                        m.events.get(i))).get());
            }
            for (int i = 0; i < m.events.size(); i++) {
                JsonNode event = PublishedMatch.read(m.events.get(i));
                boolean wasClosed = m.processor.closed();
                Outcome step = m.processor.accept(event, m.logTimes.get(i));
                if (!wasClosed && m.processor.closed()) {
                    close(producer, m);
                }
                for (Ruling r : step.rulings()) {
                    producer.send(ruling(m.matchId, r, step.rulings().size()));
                }
                if (step.applied()) {
                    m.viewBefore = PublishedMatch.read(Json.write(m.processor.view()));
                    producer.send(new ProducerRecord<>(Topics.MATCH_VIEWS, m.matchId, Json.write(m.processor.view())));
                } else if (step.rulings().get(0).kind() == RulingKind.EVENT_REJECTED) {
                    if (MatchClosing.CLOSED_REASON.equals(step.rulings().get(0).reason())) {
                        m.closedRejections++;
                    }
                    ObjectNode o = Json.MAPPER.createObjectNode();
                    o.put("matchId", m.matchId).put("reason", step.rulings().get(0).reason())
                            .put("partition", where.get(i).partition()).put("offset", where.get(i).offset());
                    o.set("event", event);
                    producer.send(new ProducerRecord<>(Topics.TABLE_EVENTS_REJECTED, m.matchId, Json.write(o)));
                }
            }
            if (quietClose) {
                assertTrue(m.processor.closeIfDue(Instant.now().toEpochMilli()), "the match finished three days ago");
                close(producer, m);
            }
            producer.flush();
        }
        assertNotNull(m.closing, m.matchId + " closed");
        assertEquals("FINISHED", m.closedView.path("status").asText());
    }

    /** The processor's closing: the MATCH_CLOSED ruling, then the last view with "closed": true. */
    static void close(KafkaProducer<String, String> producer, Closed m) {
        m.closing = m.processor.rulings().stream().filter(r -> r.kind() == RulingKind.MATCH_CLOSED).findFirst().orElseThrow();
        m.closedView = PublishedMatch.read(Json.write(m.processor.view()));
        producer.send(ruling(m.matchId, m.closing, 1));
        producer.send(new ProducerRecord<>(Topics.MATCH_VIEWS, m.matchId, Json.write(m.processor.view())));
    }

    static ProducerRecord<String, String> ruling(String matchId, Ruling r, int ofEvent) {
        ProducerRecord<String, String> rec = new ProducerRecord<>(Topics.MATCH_RULINGS, matchId, Json.write(r));
        rec.headers().add("ledger-rulings-of-event", Integer.toString(ofEvent).getBytes(StandardCharsets.UTF_8));
        return rec;
    }

    static boolean stored(Closed m) {
        return Db.count("SELECT count(*) FROM recorded_event WHERE match_id = ?", m.matchId) == m.events.size()
                && Db.count("SELECT count(*) FROM match_closing WHERE match_id = ?", m.matchId) == 1
                && Db.count("SELECT count(*) FROM published_view WHERE match_id = ? AND closed", m.matchId) == 1
                && Db.count("SELECT count(*) FROM rejected_event WHERE match_id = ? AND source = 'processor' AND reason = ?",
                m.matchId, MatchClosing.CLOSED_REASON) == m.closedRejections;
    }

    @BeforeEach
    void asReader() {
        AsReader.everyRequest();
    }

    @Test
    void theClosedViewIsKeptBesideTheViewBeforeIt_andTheClosingAsSuch() {
        for (Closed m : List.of(late, quiet)) {
            long lastSeq = m.closing.seq();
            assertEquals(m.processor.match().lastSeq(), lastSeq, "MATCH_CLOSED at the match's last seq");
            // Both views of lastSeq L: the one before the closing and the closed one (view.md `closed`).
            assertEquals(2, Db.count("SELECT count(*) FROM published_view WHERE match_id = ? AND last_seq = ?", m.matchId, lastSeq));
            assertEquals(1, Db.count("SELECT count(*) FROM published_view WHERE match_id = ? AND last_seq = ? AND closed"
                    + " AND body LIKE '%\"closed\":true%'", m.matchId, lastSeq));
            assertEquals(1, Db.count("SELECT count(*) FROM match_closing WHERE match_id = ? AND seq = ?"
                    + " AND correction_window = 'PT24H' AND rulings_of_event = 1 AND kafka_timestamp IS NOT NULL", m.matchId, lastSeq));
            assertEquals(0, Db.count("SELECT count(*) FROM rejected_event WHERE match_id = ? AND kind = 'MATCH_CLOSED'", m.matchId),
                    "the closing is not a notice");
        }
        assertEquals(1, late.closedRejections);
        assertEquals(1, Db.count("SELECT count(*) FROM rejected_event WHERE match_id = ? AND source = 'notice'"
                + " AND kind = 'EVENT_REJECTED' AND reason = 'match closed'", late.matchId));
    }

    @Test
    void theAnswerForTheMatchIsClosed_andTheViewAtEachSeqStaysAsItStood() {
        for (Closed m : List.of(late, quiet)) {
            JsonNode now = json(given().get("/matches/{id}/view", m.matchId).then().statusCode(200).extract().asString());
            assertEquals(m.closedView, now, m.matchId + ": the match's view now is the closed one");
            assertTrue(now.path("closed").asBoolean());
            long lastSeq = m.closing.seq();
            JsonNode atLast = json(given().get("/matches/{id}/view?atSeq={s}", m.matchId, lastSeq).then().statusCode(200)
                    .extract().asString());
            assertEquals(m.viewBefore, atLast, "the view after event L is the one before the closing");
            assertFalse(atLast.has("closed"));
            given().get("/matches/{id}/view?atSeq={s}", m.matchId, lastSeq + 1).then().statusCode(404);

            JsonNode t = json(given().get("/matches/{id}/ledger", m.matchId).then().statusCode(200).extract().asString());
            assertTrue(t.path("closed").asBoolean(), t.toString());
            JsonNode c = t.get("closing");
            assertEquals(lastSeq, c.path("seq").asLong());
            assertEquals("PT24H", c.path("window").asText());
            assertEquals("MATCH_CLOSED", c.path("ruling").path("kind").asText());
            assertEquals(m.closedView, c.get("view"));
            assertNotNull(Instant.parse(c.path("closedAt").asText()));
            assertEquals(m.closedRejections, c.path("rejectedAfter").asInt());
        }
        // The late filing: rejected "match closed", the closing placed before it.
        JsonNode t = json(given().get("/matches/{id}/ledger", late.matchId).then().statusCode(200).extract().asString());
        JsonNode lastRow = t.get("timeline").get(t.get("timeline").size() - 1);
        assertEquals("REJECTED", lastRow.path("status").asText());
        assertEquals(MatchClosing.CLOSED_REASON, lastRow.path("reason").asText());
        JsonNode before = t.get("timeline").get(t.get("timeline").size() - 2);
        assertEquals(before.path("offset").asLong(), t.at("/closing/after/offset").asLong());
    }

    @Test
    void verifyHoldsForAClosedMatch_closedViewIncluded() {
        for (Closed m : List.of(late, quiet)) {
            JsonNode v = json(given().get("/matches/{id}/verify", m.matchId).then().statusCode(200).extract().asString());
            assertEquals("consistent", v.path("status").asText(), v.toString());
            assertTrue(v.path("closed").asBoolean());
            assertEquals(v.path("publishedViews").asInt(), v.path("views").asInt(), "every view compared, the closed one too");
        }
        // A closed view that differs from the fold's is found.
        String id = quiet.matchId;
        assertEquals(1, Db.update("UPDATE published_view SET body = replace(body, '\"closed\":true', '\"closed\":true,\"x\":1')"
                + " WHERE match_id = ? AND closed", id));
        try {
            JsonNode v = json(given().get("/matches/{id}/verify", id).then().statusCode(200).extract().asString());
            assertEquals("inconsistent", v.path("status").asText(), v.toString());
            assertEquals("view", v.at("/firstDifference/what").asText());
            assertEquals(quiet.closing.seq(), v.at("/firstDifference/seq").asLong());
        } finally {
            Db.update("UPDATE published_view SET body = replace(body, ',\"x\":1', '') WHERE match_id = ? AND closed", id);
        }
    }

    @Test
    void theAppealPageShowsTheClosing_andTheLaterEventRejectedAsSuch() {
        String html = given().get("/matches/{id}", late.matchId).then().statusCode(200).extract().asString();
        assertTrue(html.contains("Closed: the correction window PT24H passed"), html);
        assertTrue(html.contains("id=\"closing\" data-status=\"CLOSED\" data-kind=\"MATCH_CLOSED\" data-seq-closed=\""
                + late.closing.seq() + "\""), html);
        assertTrue(html.matches("(?s).*<time datetime=\"[0-9T:.Z-]+\">.*"), html);
        int closing = html.indexOf("id=\"closing\"");
        int rejected = html.indexOf("data-event-id=\"" + late.matchId + "-late-appeal\"");
        assertTrue(closing > 0 && rejected > closing, "the closing comes before the event it rejected");
        String row = html.substring(rejected, html.indexOf("</li>", rejected));
        assertTrue(row.contains("match closed") && row.contains("after closing"), row);
        assertTrue(html.substring(0, html.lastIndexOf("</ol>")).contains("id=\"closing\""));
        String quietPage = given().get("/matches/{id}", quiet.matchId).then().statusCode(200).extract().asString();
        assertTrue(quietPage.contains("Closed: the correction window PT24H passed"), quietPage);
    }

    @Test
    void theExportCarriesTheLogTimes_andReplaysWithTheWindowToTheSameClosedView() throws Exception {
        String jsonl = given().get("/matches/{id}/export?format=jsonl", late.matchId).then().statusCode(200).extract().asString();
        List<String> lines = jsonl.lines().toList();
        assertEquals(late.events.size(), lines.size());
        for (int i = 0; i < lines.size(); i++) {
            assertEquals(Instant.ofEpochMilli(late.logTimes.get(i)),
                    Instant.parse(json(lines.get(i)).path(Replay.LOG_TIME_ATTRIBUTE).asText()), lines.get(i));
        }
        // The replay tool: with the window it closes where the processor did (before the late filing) ...
        assertEquals(late.closedView, json(replay(jsonl, "--correction-window", "24h")));
        String rulings = replay(jsonl, "--rulings", "--correction-window", "24h");
        assertTrue(rulings.contains("\"kind\":\"MATCH_CLOSED\""), rulings);
        assertTrue(rulings.strip().lines().reduce((a, b) -> b).orElseThrow().contains("\"reason\":\"match closed\""), rulings);
        // ... and without it, it does not close: the late filing is then applied.
        assertFalse(json(replay(jsonl)).has("closed"));

        // Closed by stream time, no later event: the window and the closing time shown (--until).
        String quietJsonl = given().get("/matches/{id}/export?format=jsonl", quiet.matchId).then().statusCode(200)
                .extract().asString();
        String closedAt = json(given().get("/matches/{id}/ledger", quiet.matchId).then().statusCode(200).extract()
                .asString()).at("/closing/closedAt").asText();
        assertEquals(quiet.closedView, json(replay(quietJsonl, "--correction-window", "24h", "--until", closedAt)));
        assertFalse(json(replay(quietJsonl, "--correction-window", "24h")).has("closed"));
    }

    /** {@code ledger replay ARGS FILE} of an exported log (the replay tool itself, ledger-core's LedgerCli). */
    String replay(String jsonl, String... args) throws Exception {
        Path file = Files.createTempFile(dir, "export", ".jsonl");
        Files.writeString(file, jsonl);
        List<String> all = new ArrayList<>(List.of("replay"));
        all.addAll(List.of(args));
        all.add(file.toString());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = LedgerCli.run(all.toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(0, status, err.toString(StandardCharsets.UTF_8));
        return out.toString(StandardCharsets.UTF_8);
    }

    static JsonNode json(String s) {
        return PublishedMatch.read(s);
    }
}
