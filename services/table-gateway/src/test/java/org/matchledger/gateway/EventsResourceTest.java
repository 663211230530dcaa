package org.matchledger.gateway;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.AfterEach;
import org.matchledger.testsupport.TestTokensResource;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import io.smallrye.reactive.messaging.memory.InMemoryConnector;
import io.smallrye.reactive.messaging.memory.InMemorySink;
import jakarta.enterprise.inject.Any;
import jakarta.inject.Inject;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.matchledger.http.Problem;

import java.util.List;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Wiring of the gateway on SmallRye's in-memory connector (the real broker is in the system tests): what reaches the
 * table-events channel, in which order and with which key, and what the client is told.
 */
@QuarkusTest
@WithTestResource(TestTokensResource.class)
class EventsResourceTest {
    private static final String M = "m-1";

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

    static String event(String id, long seq, String subject) {
        return """
                {"specversion":"1.0","id":"%s","source":"/tables/T1/scorer","type":"pool.match.conceded",
                 "subject":"%s","seq":%d,"data":{"player":"p1"}}""".formatted(id, subject, seq);
    }

    @Test
    void oneEvent_isPublishedWithTheMatchIdAsKey_andAnswered202WithItsId() {
        given().contentType(EventsResource.SINGLE).body(event("e1", 1, M))
                .post("/matches/{m}/events", M)
                .then().statusCode(202).body("accepted", contains("e1"));
        assertEquals(1, events.received().size());
        Message<String> sent = events.received().get(0);
        assertEquals(M, sent.getMetadata(OutgoingKafkaRecordMetadata.class).orElseThrow().getKey());
        assertTrue(sent.getPayload().contains("\"id\":\"e1\""));
    }

    @Test
    void aBatch_isPublishedInOrder() {
        String batch = "[" + event("a", 1, M) + "," + event("b", 2, M) + "," + event("c", 3, M) + "]";
        given().contentType(EventsResource.BATCH).body(batch)
                .post("/matches/{m}/events", M)
                .then().statusCode(202).body("accepted", contains("a", "b", "c"));
        List<String> ids = events.received().stream().map(m -> m.getPayload().replaceAll("(?s).*\"id\":\"([a-c])\".*", "$1")).toList();
        assertEquals(List.of("a", "b", "c"), ids);
    }

    @Test
    void aMalformedEvent_gets400NamingTheField_andNothingReachesTableEvents() {
        String bad = event("e1", 1, M).replace("\"seq\":1", "\"seq\":0");
        given().contentType(EventsResource.SINGLE).body(bad)
                .post("/matches/{m}/events", M)
                .then().statusCode(400).contentType(Problem.MEDIA_TYPE)
                .body("errors", hasSize(1)).body("errors[0].field", equalTo("seq"));
        assertEquals(0, events.received().size());
        assertEquals(1, rejected.received().size(), "the refused event is kept with its reason");
    }

    @Test
    void oneBadEventInABatch_refusesTheWholeBatch() {
        String batch = "[" + event("a", 1, M) + "," + event("b", 2, M).replace("pool.match.conceded", "pool.nope") + "]";
        given().contentType(EventsResource.BATCH).body(batch)
                .post("/matches/{m}/events", M)
                .then().statusCode(400).body("errors[0].index", equalTo(1)).body("errors[0].field", equalTo("type"));
        assertEquals(0, events.received().size());
    }

    @Test
    void aSubjectOtherThanThePath_isRefused() {
        given().contentType(EventsResource.SINGLE).body(event("e1", 1, "other"))
                .post("/matches/{m}/events", M)
                .then().statusCode(400).body("errors[0].field", equalTo("subject"));
        assertEquals(0, events.received().size());
    }

    @Test
    void notJson_isRefusedNamingTheBody() {
        given().contentType(EventsResource.SINGLE).body("{nope")
                .post("/matches/{m}/events", M)
                .then().statusCode(400).body("errors[0].field", equalTo("body"));
    }

    @Test
    void aWrongMediaType_gets415AsProblem() {
        given().contentType("text/plain").body("x")
                .post("/matches/{m}/events", M)
                .then().statusCode(415).contentType(Problem.MEDIA_TYPE);
    }

    @Test
    void aPostOver64KiB_gets413() {
        String big = event("e1", 1, M).replace("\"player\":\"p1\"", "\"player\":\"p1\",\"pad\":\"" + "x".repeat(70 * 1024) + "\"");
        given().contentType(EventsResource.SINGLE).body(big)
                .post("/matches/{m}/events", M)
                .then().statusCode(413);
        assertEquals(0, events.received().size());
    }

    @Test
    void aWaitBeyond5000ms_isRefusedNamingWait() {
        given().contentType(EventsResource.SINGLE).body(event("e1", 1, M)).queryParam("wait", 6000)
                .post("/matches/{m}/events", M)
                .then().statusCode(400).body("errors[0].field", equalTo("wait"));
    }

    @Test
    void aWaitWithNoRulings_fallsBackTo202() {
        given().contentType(EventsResource.SINGLE).body(event("e9", 1, M)).queryParam("wait", 200)
                .post("/matches/{m}/events", M)
                .then().statusCode(202).body("accepted", contains("e9"));
    }

    @Test
    void eventsGoToKafkaExactlyAsPosted_numbersAndSpacingIncluded() throws Exception {
        String one = "{\"specversion\": \"1.0\", \"id\": \"x1\", \"source\": \"/t\", \"type\": \"pool.lag.taken\","
                + " \"subject\": \"m-1\", \"seq\": 2, \"data\": {\"results\": [], \"distance\": 35.0}}";
        String two = one.replace("x1", "x2").replace("\"seq\": 2", "\"seq\": 3");
        String body = "[ " + one + " ,\n " + two + " ]";
        given().contentType(EventsResource.BATCH).body(body)
                .post("/matches/{m}/events", M)
                .then().statusCode(400); // lag results must hold two entries: refused, but kept as posted
        org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(5)).until(() -> rejected.received().size() == 1);
        com.fasterxml.jackson.databind.JsonNode kept = org.matchledger.core.json.Json.read(rejected.received().get(0).getPayload());
        assertEquals(body, kept.get("eventText").textValue(), "the post as posted, in one record");
        assertEquals(2, kept.get("errors").size());
    }
}
