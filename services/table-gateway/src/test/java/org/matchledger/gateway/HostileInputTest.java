package org.matchledger.gateway;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.AfterEach;
import org.matchledger.testsupport.TestTokensResource;
import io.restassured.RestAssured;
import io.restassured.config.EncoderConfig;
import io.restassured.response.Response;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import io.smallrye.reactive.messaging.memory.InMemoryConnector;
import io.smallrye.reactive.messaging.memory.InMemorySink;
import jakarta.enterprise.inject.Any;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.matchledger.core.json.Json;
import org.matchledger.http.Problem;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.*;

/**
 * Hostile or broken posts: each gets one short 4xx problem naming the field (never a 5xx, never internals), nothing
 * reaches table-events, and the post is kept once on table-events-rejected (its head, size and SHA-256).
 */
@QuarkusTest
@WithTestResource(TestTokensResource.class)
class HostileInputTest {
    private static final String M = "m-h";

    @Inject
    @Any
    InMemoryConnector connector;

    private InMemorySink<String> events;
    private InMemorySink<String> rejected;

    @AfterEach
    void noToken() {
        DirectorToken.off();
    }

    @BeforeEach
    void clear() {
        DirectorToken.onEveryRequest();
        events = connector.sink(EventPublisher.EVENTS_CHANNEL);
        rejected = connector.sink(EventPublisher.REJECTED_CHANNEL);
        events.clear();
        rejected.clear();
    }

    private static String event(String id, long seq) {
        return EventsResourceTest.event(id, seq, M);
    }

    /** Posts with exactly this Content-Type (no charset added by the client library). */
    private static Response post(String contentType, byte[] body) {
        return given().config(RestAssured.config().encoderConfig(EncoderConfig.encoderConfig()
                        .appendDefaultContentCharsetToContentTypeIfUndefined(false)))
                .header("Content-Type", contentType).body(body).post("/matches/{m}/events", M);
    }

    private static Response post(String contentType, String body) {
        return post(contentType, body.getBytes(StandardCharsets.UTF_8));
    }

    /** A 4xx problem without internals; returns its body. */
    private static JsonNode problem(Response r, int status) throws Exception {
        assertEquals(status, r.statusCode(), r.asString());
        assertTrue(r.contentType().startsWith(Problem.MEDIA_TYPE), r.contentType());
        String text = r.asString();
        assertFalse(text.contains("Exception") || text.contains("at org.") || text.contains("jackson"), text);
        return Json.read(text);
    }

    private static void assertNames(JsonNode problem, int index, String field) {
        JsonNode first = problem.get("errors").get(0);
        assertEquals(field, first.get("field").textValue(), problem.toString());
        assertEquals(index, first.get("index").intValue(), problem.toString());
    }

    /** The one record kept for the refused post (and nothing on table-events). */
    private JsonNode keptOnce(byte[] body) throws Exception {
        await().atMost(Duration.ofSeconds(5)).until(() -> !rejected.received().isEmpty());
        assertEquals(1, rejected.received().size(), "one record per refused post");
        assertEquals(0, events.received().size());
        var message = rejected.received().get(0);
        assertEquals(M, message.getMetadata(OutgoingKafkaRecordMetadata.class).orElseThrow().getKey());
        JsonNode kept = Json.read(message.getPayload());
        assertEquals(M, kept.get("matchId").textValue());
        assertEquals("table-gateway", kept.get("source").textValue());
        assertEquals(body.length, kept.get("bodyBytes").longValue());
        assertEquals(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(body)), kept.get("bodySha256").textValue());
        String text = new String(body, StandardCharsets.UTF_8);
        boolean cut = text.length() > 4096;
        assertEquals(cut, kept.get("truncated").booleanValue());
        assertEquals(cut ? text.substring(0, 4096) : text, kept.get("eventText").textValue());
        JsonNode first = kept.get("errors").get(0);
        assertEquals(first.get("field").textValue() + ": " + first.get("reason").textValue(), kept.get("reason").textValue());
        return kept;
    }

    // ---- the [1,1,1,…] flood -------------------------------------------------------------------------------------

    @Test
    void a64KiBArrayOfOnes_getsOneShort400NamingTheBody_andOneRecord() throws Exception {
        StringBuilder sb = new StringBuilder("[1");
        while (sb.length() < 64 * 1024 - 3) {
            sb.append(",1");
        }
        byte[] body = sb.append(']').toString().getBytes(StandardCharsets.UTF_8);
        assertTrue(body.length <= 64 * 1024 && body.length > 64 * 1024 - 4, "" + body.length);
        Response r = post(EventsResource.BATCH, body);
        JsonNode p = problem(r, 400);
        assertNames(p, 0, "body");
        assertTrue(r.asString().length() < 1024, "a short answer: " + r.asString().length() + " chars");
        JsonNode kept = keptOnce(body);
        assertTrue(kept.get("truncated").booleanValue());
        assertEquals(1, kept.get("errors").size());
    }

    @Test
    void aBatchOfMoreThan100Events_isRefusedNamingTheBody() throws Exception {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 1; i <= 101; i++) {
            sb.append(i > 1 ? "," : "").append(event("e" + i, i));
        }
        byte[] body = sb.append(']').toString().getBytes(StandardCharsets.UTF_8);
        JsonNode p = problem(post(EventsResource.BATCH, body), 400);
        assertNames(p, 0, "body");
        assertTrue(p.get("errors").get(0).get("reason").textValue().contains("100"), p.toString());
        keptOnce(body);
    }

    @Test
    void aBatchOf100Events_isAccepted() {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 1; i <= 100; i++) {
            sb.append(i > 1 ? "," : "").append(event("ok" + i, i));
        }
        post(EventsResource.BATCH, sb.append(']').toString()).then().statusCode(202);
        assertEquals(100, events.received().size());
    }

    @Test
    void manyBadEvents_listAtMost20Errors_andSayHowManyMore() throws Exception {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 1; i <= 30; i++) {
            sb.append(i > 1 ? "," : "").append(event("bad" + i, i).replace("\"seq\":" + i, "\"seq\":0"));
        }
        byte[] body = sb.append(']').toString().getBytes(StandardCharsets.UTF_8);
        JsonNode p = problem(post(EventsResource.BATCH, body), 400);
        assertEquals(20, p.get("errors").size());
        assertEquals(10, p.get("moreErrors").intValue());
        assertNames(p, 0, "seq");
        assertEquals(19, p.get("errors").get(19).get("index").intValue());
        JsonNode kept = keptOnce(body);
        assertEquals(20, kept.get("errors").size());
        assertEquals("bad1", kept.get("errors").get(0).get("id").textValue());
    }

    // ---- sizes ---------------------------------------------------------------------------------------------------

    private static String padded(String id, long seq, int bytes) {
        String e = event(id, seq);
        String pad = "x".repeat(bytes - e.length() - ",\"pad\":\"\"".length());
        String out = e.replace("\"player\":\"p1\"", "\"player\":\"p1\",\"pad\":\"" + pad + "\"");
        assertEquals(bytes, out.getBytes(StandardCharsets.UTF_8).length);
        return out;
    }

    @Test
    void aSingleEventOver4KiB_gets413NamingTheEvent() throws Exception {
        post(EventsResource.SINGLE, padded("fits", 1, 4096)).then().statusCode(202);
        events.clear();
        byte[] body = padded("big", 1, 4097).getBytes(StandardCharsets.UTF_8);
        JsonNode p = problem(post(EventsResource.SINGLE, body), 413);
        assertNames(p, 0, "event");
        assertTrue(p.get("errors").get(0).get("reason").textValue().contains("4096"), p.toString());
        JsonNode kept = keptOnce(body);
        assertTrue(kept.get("truncated").booleanValue());
    }

    @Test
    void aBatchElementOver4KiB_gets400NamingThatElement() throws Exception {
        byte[] body = ("[" + event("a", 1) + "," + padded("b", 2, 4097) + "]").getBytes(StandardCharsets.UTF_8);
        JsonNode p = problem(post(EventsResource.BATCH, body), 400);
        assertEquals(1, p.get("errors").size(), p.toString());
        assertNames(p, 1, "event");
        keptOnce(body);
    }

    // ---- strict JSON ---------------------------------------------------------------------------------------------

    @Test
    void aDuplicatedKey_isRefusedNamingIt() throws Exception {
        String e = event("d1", 1).replace("\"data\":{\"player\":\"p1\"}", "\"data\":{\"player\":\"p1\",\"player\":\"p2\"}");
        JsonNode p = problem(post(EventsResource.SINGLE, e), 400);
        assertNames(p, 0, "data.player");
        assertTrue(p.get("errors").get(0).get("reason").textValue().contains("duplicate"), p.toString());
        keptOnce(e.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aDuplicatedKeyInABatch_namesTheElementAndTheKey() throws Exception {
        String body = "[" + event("a", 1) + "," + event("b", 2).replace("\"seq\":2", "\"seq\":2,\"seq\":3") + "]";
        JsonNode p = problem(post(EventsResource.BATCH, body), 400);
        assertNames(p, 1, "seq");
    }

    @Test
    void nestingDeeperThan16_isRefusedNamingTheBody() throws Exception {
        String deep = "{\"a\":".repeat(17) + "1" + "}".repeat(17);
        String e = event("n1", 1).replace("\"data\":{\"player\":\"p1\"}", "\"data\":{\"player\":\"p1\",\"x\":" + deep + "}");
        JsonNode p = problem(post(EventsResource.SINGLE, e), 400);
        assertNames(p, 0, "body");
        assertTrue(p.get("errors").get(0).get("reason").textValue().contains("16"), p.toString());
        keptOnce(e.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aNumberLongerThan32Characters_isRefusedNamingIt() throws Exception {
        String e = event("n2", 1).replace("\"seq\":1", "\"seq\":1" + "0".repeat(40));
        JsonNode p = problem(post(EventsResource.SINGLE, e), 400);
        assertNames(p, 0, "seq");
        assertTrue(p.get("errors").get(0).get("reason").textValue().contains("32"), p.toString());
    }

    // ---- bodies that are not one event --------------------------------------------------------------------------

    @Test
    void anEmptyBody_nullAStringOrANumber_get400NamingTheBody() throws Exception {
        for (String body : new String[] {"", "   ", "null", "\"an event\"", "42", "[1]"}) {
            rejected.clear();
            JsonNode p = problem(post(EventsResource.SINGLE, body), 400);
            assertNames(p, 0, "body");
            keptOnce(body.getBytes(StandardCharsets.UTF_8));
        }
        for (String body : new String[] {"", "null", "\"events\"", "7", "{}", "[]"}) {
            JsonNode p = problem(post(EventsResource.BATCH, body), 400);
            assertNames(p, 0, "body");
        }
    }

    @Test
    void bytesThatAreNotUtf8_get400NamingTheBody() throws Exception {
        byte[] body = event("u1", 1).replace("p1\"}", "p1\u00e9\"}").getBytes(StandardCharsets.ISO_8859_1);
        JsonNode p = problem(post(EventsResource.SINGLE, body), 400);
        assertNames(p, 0, "body");
    }

    @Test
    void aCharsetThatCannotBeRead_gets415NamingTheBody() throws Exception {
        for (String charset : new String[] {"no-such-charset", "\"\"", "x y", "utf-8?"}) {
            JsonNode p = problem(post(EventsResource.SINGLE + "; charset=" + charset, event("c1", 1)), 415);
            assertNames(p, 0, "body");
        }
        assertEquals(0, events.received().size());
        post(EventsResource.SINGLE + "; charset=utf-8", event("c2", 1)).then().statusCode(202);
        post(EventsResource.SINGLE + "; charset=ISO-8859-1", event("c3", 1)).then().statusCode(202);
    }

    @Test
    void malformedMediaTypes_get4xxProblems_never5xx() {
        for (String type : new String[] {"application/cloudevents+json; charset", "application/cloudevents+json;;;=",
                "application/", "/", ";", "application/cloudevents+json; charset=\"", "application/cloudevents+json; charset=no-such",
                "application/cloudevents+json;", "application/cloudevents+json; =utf-8", "\u00e9/\u00e9"}) {
            Response r = post(type, event("t1", 1));
            assertTrue(r.statusCode() >= 400 && r.statusCode() < 500, type + " → " + r.statusCode() + " " + r.asString());
            assertTrue(r.contentType().startsWith(Problem.MEDIA_TYPE), type + " → " + r.contentType());
            assertFalse(r.asString().contains("Exception"), r.asString());
        }
        assertEquals(0, events.received().size());
    }

    @Test
    void aWaitThatIsNotANumber_isRefusedNamingWait() throws Exception {
        Response r = given().contentType(EventsResource.SINGLE).body(event("w1", 1)).queryParam("wait", "soon")
                .post("/matches/{m}/events", M);
        assertNames(problem(r, 400), 0, "wait");
    }

    // ---- what the core refuses: control and bidi characters ------------------------------------------------------

    @Test
    void aControlOrBidiCharacter_isRefusedNamingTheField() throws Exception {
        String e = event("b1", 1).replace("\"player\":\"p1\"", "\"player\":\"p1\\u202e\"");
        JsonNode p = problem(post(EventsResource.SINGLE, e), 400);
        assertNames(p, 0, "data.player");
        String id = event("b2", 1).replace("\"id\":\"b2\"", "\"id\":\"b\\u00002\"");
        JsonNode q = problem(post(EventsResource.SINGLE, id), 400);
        assertNames(q, 0, "id");
        assertNull(q.get("errors").get(0).get("eventId"), "an unsafe id is not echoed");
    }

    @Test
    void aControlOrBidiCharacterWhereNoFieldIsRead_isRefusedNamingWhereItIs() throws Exception {
        // an unknown attribute, an unknown data field, an array inside an unknown attribute, a key
        String[][] cases = {
                {"\"specversion\":\"1.0\"", "\"comment\":\"ok\\u0000ok\",\"specversion\":\"1.0\"", "comment"},
                {"\"player\":\"p1\"", "\"player\":\"p1\",\"scorerNote\":\"\\u202enote\"", "data.scorerNote"},
                {"\"specversion\":\"1.0\"", "\"ext\":{\"tags\":[\"a\",\"b\\u0007\"]},\"specversion\":\"1.0\"", "ext.tags[1]"},
                {"\"specversion\":\"1.0\"", "\"x\\u0000\":1,\"specversion\":\"1.0\"", "x?"}};
        int n = 0;
        for (String[] c : cases) {
            clear();
            String e = event("u" + n++, 1).replace(c[0], c[1]);
            assertNotEquals(event("u" + (n - 1), 1), e, "the case applies: " + c[2]);
            byte[] body = e.getBytes(StandardCharsets.UTF_8);
            JsonNode p = problem(post(EventsResource.SINGLE, body), 400);
            assertNames(p, 0, c[2]);
            keptOnce(body);
        }
        // in a batch: the element is named, nothing of the batch reaches table-events
        clear();
        String batch = "[" + event("u8", 1) + "," + event("u9", 2).replace("\"specversion\":\"1.0\"",
                "\"note\":\"\\u2066x\",\"specversion\":\"1.0\"") + "]";
        JsonNode p = problem(post(EventsResource.BATCH, batch), 400);
        assertNames(p, 1, "note");
        keptOnce(batch.getBytes(StandardCharsets.UTF_8));
    }
}
