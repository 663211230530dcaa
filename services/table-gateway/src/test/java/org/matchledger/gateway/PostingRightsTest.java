package org.matchledger.gateway;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.matchledger.http.Problem;
import org.matchledger.kafka.PosterHeaders;
import org.matchledger.kafka.Topics;
import org.matchledger.testsupport.KafkaBroker;
import org.matchledger.testsupport.KafkaTestResource;
import org.matchledger.testsupport.TestTokens;
import org.matchledger.testsupport.TestTokensResource;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.*;

/**
 * Who may write what (identity.md, the table in {@link PostingRights}): every role × every event type answered 2xx or
 * 403 as the table says; 401 without a valid token; the poster's headers on every record the gateway writes to a real
 * broker, on {@code table-events} and on {@code table-events-rejected}; client {@code ledgerposter*} attributes dropped.
 */
@QuarkusTest
@TestProfile(RealKafkaProfile.class)
@WithTestResource(KafkaTestResource.class)
@WithTestResource(TestTokensResource.class)
class PostingRightsTest {
    private static final String RUN = UUID.randomUUID().toString().substring(0, 8);
    private static final List<String> TYPES = List.of("pool.match.opened", "pool.lag.taken", "pool.shot.taken",
            "pool.option.chosen", "pool.ruling.made", "pool.match.conceded", "pool.event.voided", "pool.event.corrected",
            "pool.appeal.filed", "pool.appeal.decided");
    private static final Set<String> TABLE_MAY = Set.of("pool.match.opened", "pool.lag.taken", "pool.shot.taken",
            "pool.option.chosen", "pool.match.conceded");

    private static String matchId(String what) {
        return "m-" + RUN + "-" + what;
    }

    /** A well-formed event of {@code type} (the gateway checks shapes and rights, not the rules). */
    static String event(String id, String matchId, String type, String extra) {
        String data = switch (type) {
            case "pool.match.opened" -> """
                    {"discipline":"NINE_BALL","players":[{"id":"p1","name":"A"},{"id":"p2","name":"B"}],"raceTo":3,"tableId":"T01"}""";
            case "pool.lag.taken" -> """
                    {"results":[%s,%s],"struckLate":null,"tooCloseToCall":false}""".formatted(lag("p1", 5), lag("p2", 30));
            case "pool.shot.taken" -> "{\"shooter\":\"p1\",\"firstContact\":1,\"railAfterContact\":true}";
            case "pool.option.chosen" -> "{\"player\":\"p1\",\"option\":\"BREAK\"}";
            case "pool.ruling.made" -> "{\"ruling\":\"SLOW_PLAY\",\"player\":\"p1\"}";
            case "pool.match.conceded" -> "{\"player\":\"p2\"}";
            case "pool.event.voided" -> "{\"targetId\":\"x-1\",\"reason\":\"wrong ball\"}";
            case "pool.event.corrected" -> "{\"targetId\":\"x-1\",\"replacement\":{\"type\":\"pool.shot.taken\",\"data\":{\"shooter\":\"p1\"}}}";
            case "pool.appeal.filed" -> "{\"player\":\"p1\",\"targetId\":\"x-1\",\"grounds\":\"the 9 was hit first\"}";
            case "pool.appeal.decided" -> "{\"appealId\":\"x-2\",\"upheld\":false}";
            default -> throw new IllegalArgumentException(type);
        };
        return """
                {"specversion":"1.0","id":"%s","source":"/tables/T01/scorer","type":"%s","subject":"%s","seq":1%s,"data":%s}"""
                .formatted(id, type, matchId, extra, data);
    }

    private static String lag(String player, double distance) {
        return """
                {"player":"%s","footRailContacts":1,"crossedLongString":false,"touchedSideRail":false,"pocketedOrOffTable":false,\
                "stoppedInCornerPocketPastHeadRail":false,"otherFoul":false,"distanceFromHeadRail":%s}""".formatted(player, distance);
    }

    private static Response post(String token, String matchId, String body) {
        var spec = given().contentType(EventsResource.SINGLE).body(body);
        if (token != null) {
            spec = spec.header("Authorization", "Bearer " + token);
        }
        return spec.post("/matches/{m}/events", matchId);
    }

    static Stream<Arguments> rolesTimesTypes() {
        List<Arguments> cases = new ArrayList<>();
        for (String account : List.of("table-T01", "referee", "director", "broadcaster", "auditor")) {
            for (String type : TYPES) {
                boolean allowed = switch (account) {
                    case "director" -> true;
                    case "referee" -> !type.equals("pool.appeal.decided");
                    case "table-T01" -> TABLE_MAY.contains(type);
                    default -> false;
                };
                cases.add(Arguments.of(account, type, allowed));
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} posting {1}: allowed = {2}")
    @MethodSource("rolesTimesTypes")
    void everyRoleTimesEveryType_isAnsweredAsThePostingRightsSay(String account, String type, boolean allowed) {
        String m = matchId("rt-" + account + "-" + type.replace('.', '-'));
        Response r = post(TestTokens.forAccount(account), m, event("e-" + m, m, type, ""));
        if (allowed) {
            assertEquals(202, r.statusCode(), r.asString());
            return;
        }
        assertEquals(403, r.statusCode(), r.asString());
        assertTrue(r.contentType().startsWith(Problem.MEDIA_TYPE), r.contentType());
        String role = account.startsWith("table-") ? "table" : account;
        String detail = r.jsonPath().getString("detail");
        assertTrue(detail.contains("role " + role) && detail.contains(type), "names the role and the type: " + detail);
        assertEquals("type", r.jsonPath().getString("errors[0].field"));
        assertEquals(0, r.jsonPath().getInt("errors[0].index"));
    }

    @Test
    void aTableOpeningAMatchOnAnotherTable_is403NamingTableId_andKeptWithItsPoster() {
        String m = matchId("other-table");
        String body = event("e-" + m, m, "pool.match.opened", "").replace("\"tableId\":\"T01\"", "\"tableId\":\"T02\"");
        post(TestTokens.forTable("T01"), m, body).then().statusCode(403).contentType(Problem.MEDIA_TYPE)
                .body("errors[0].field", equalTo("data.tableId")).body("detail", containsString("tableId"));
        ConsumerRecord<String, String> kept = recordsOf(Topics.TABLE_EVENTS_REJECTED, m, 1).get(0);
        assertEquals("table-t01", header(kept, PosterHeaders.SUBJECT));
        assertEquals("table", header(kept, PosterHeaders.ROLE));
        assertEquals("T01", header(kept, PosterHeaders.TABLE));
        assertTrue(kept.value().contains("data.tableId"), kept.value());
        assertEquals(0, recordsOf(Topics.TABLE_EVENTS, m, 0).size(), "nothing of it reaches table-events");
    }

    @Test
    void aBatchWithOneForbiddenEvent_is403NamingItsIndex_andNothingIsPublished() {
        String m = matchId("batch");
        String batch = "[" + event("b-1-" + m, m, "pool.shot.taken", "") + ","
                + event("b-2-" + m, m, "pool.ruling.made", "").replace("\"seq\":1", "\"seq\":2") + "]";
        given().contentType(EventsResource.BATCH).header("Authorization", "Bearer " + TestTokens.forTable("T01"))
                .body(batch).post("/matches/{m}/events", m)
                .then().statusCode(403).body("errors[0].index", equalTo(1)).body("errors[0].field", equalTo("type"))
                .body("errors[0].eventId", equalTo("b-2-" + m))
                .body("detail", containsString("role table may not post pool.ruling.made"));
        assertEquals(1, recordsOf(Topics.TABLE_EVENTS_REJECTED, m, 1).size());
        assertEquals(0, recordsOf(Topics.TABLE_EVENTS, m, 0).size());
    }

    @Test
    void acceptedEvents_carryThePostersHeaders_andClientPosterAttributesAreDropped() {
        String m = matchId("headers");
        String forged = ",\"ledgerpostersubject\":\"director\",\"ledgerposterrole\":\"director\",\"ledgerpostertable\":\"T09\"";
        post(TestTokens.forTable("T01"), m, event("h-1-" + m, m, "pool.match.opened", forged)).then().statusCode(202);
        post(TestTokens.forAccount("referee"), m, event("h-2-" + m, m, "pool.lag.taken", "").replace("\"seq\":1", "\"seq\":2"))
                .then().statusCode(202);
        List<ConsumerRecord<String, String>> records = recordsOf(Topics.TABLE_EVENTS, m, 2);
        ConsumerRecord<String, String> table = records.get(0);
        assertEquals("table-t01", header(table, PosterHeaders.SUBJECT));
        assertEquals("table", header(table, PosterHeaders.ROLE));
        assertEquals("T01", header(table, PosterHeaders.TABLE));
        assertFalse(table.value().contains("ledgerposter"), "client poster attributes are dropped: " + table.value());
        assertTrue(table.value().contains("\"id\":\"h-1-" + m + "\""), table.value());
        ConsumerRecord<String, String> referee = records.get(1);
        assertEquals("referee", header(referee, PosterHeaders.SUBJECT));
        assertEquals("referee", header(referee, PosterHeaders.ROLE));
        assertNull(referee.headers().lastHeader(PosterHeaders.TABLE), "no table header for a referee");
    }

    @Test
    void aMalformedPost_isKeptOnTheRejectedTopicWithItsPoster() {
        String m = matchId("malformed");
        post(TestTokens.forAccount("director"), m, event("x-" + m, m, "pool.shot.taken", "").replace("\"seq\":1", "\"seq\":0"))
                .then().statusCode(400).body("errors[0].field", equalTo("seq"));
        ConsumerRecord<String, String> kept = recordsOf(Topics.TABLE_EVENTS_REJECTED, m, 1).get(0);
        assertEquals("director", header(kept, PosterHeaders.SUBJECT));
        assertEquals("director", header(kept, PosterHeaders.ROLE));
    }

    static Stream<Arguments> badTokens() {
        String good = TestTokens.forAccount("director");
        return Stream.of(
                Arguments.of("no token", null),
                Arguments.of("expired", TestTokens.builder().subject("director").roles("director")
                        .issuedAgo(Duration.ofHours(2)).lifetime(Duration.ofHours(1)).sign()),
                Arguments.of("tampered (roles altered)", TestTokens.tampered(TestTokens.forTable("T01"), "realm_access",
                        Map.of("roles", List.of("director")))),
                Arguments.of("tampered (signature cut)", good.substring(0, good.length() - 4)),
                Arguments.of("wrong audience", TestTokens.builder().subject("director").roles("director")
                        .claim("aud", "another-service").sign()),
                Arguments.of("wrong issuer", TestTokens.builder().subject("director").roles("director")
                        .claim("iss", "https://idp.example.invalid/realms/matchledger").sign()),
                Arguments.of("not a JWT", "not-a-token"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badTokens")
    void withoutAValidToken_aPostIs401Problem_withWwwAuthenticateBearer_andNothingIsWritten(String why, String token) {
        String m = matchId("401-" + why.replaceAll("[^a-z]", ""));
        Response r = post(token, m, event("u-" + m, m, "pool.shot.taken", ""));
        assertEquals(401, r.statusCode(), why + ": " + r.asString());
        assertTrue(r.contentType().startsWith(Problem.MEDIA_TYPE), r.contentType());
        assertTrue(r.header("WWW-Authenticate").startsWith("Bearer"), r.header("WWW-Authenticate"));
        assertEquals(401, r.jsonPath().getInt("status"));
        assertEquals(0, recordsOf(Topics.TABLE_EVENTS, m, 0).size());
    }

    // ---- reading the broker --------------------------------------------------------------------------------------

    private static String header(ConsumerRecord<String, String> r, String name) {
        Header h = r.headers().lastHeader(name);
        return h == null ? null : new String(h.value(), StandardCharsets.UTF_8);
    }

    /**
     * The records of {@code topic} with key {@code key}, once {@code expected} of them have arrived (or, for 0, after
     * reading the topic to its end: what was written before the answer is there by then).
     */
    private static List<ConsumerRecord<String, String>> recordsOf(String topic, String key, int expected) {
        Map<String, Object> props = KafkaBroker.consumerProperties("posting-rights-" + UUID.randomUUID());
        props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_uncommitted");
        List<ConsumerRecord<String, String>> found = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(props)) {
            List<TopicPartition> partitions = consumer.partitionsFor(topic, Duration.ofSeconds(30)).stream()
                    .map(p -> new TopicPartition(topic, p.partition())).toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (System.nanoTime() < deadline) {
                for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(200))) {
                    if (key.equals(r.key())) {
                        found.add(r);
                    }
                }
                boolean atEnd = partitions.stream().allMatch(tp -> consumer.position(tp) >= end.get(tp));
                if (expected > 0 ? found.size() >= expected : atEnd) {
                    break;
                }
                if (atEnd) {
                    end.putAll(consumer.endOffsets(partitions));
                }
            }
        }
        assertEquals(expected, found.size(), "records of " + key + " on " + topic);
        return found;
    }
}
