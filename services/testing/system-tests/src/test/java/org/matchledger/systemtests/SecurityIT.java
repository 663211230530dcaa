package org.matchledger.systemtests;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.matchledger.kafka.PosterHeaders;
import org.matchledger.testsupport.KafkaBroker;
import org.matchledger.testsupport.KeycloakServer;
import org.matchledger.testsupport.TestTokens;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.*;

/**
 * Who may write what, end to end against the real local identity provider (test-support's {@link KeycloakServer}:
 * {@code deploy/local/keycloak}, realm {@code matchledger}) and the packaged gateway and processor on a real broker:
 * real access tokens of {@code table-T01}, {@code table-T02}, {@code referee}, {@code director}, {@code broadcaster},
 * {@code auditor} (password grant on {@code ledger-cli}). A denied direct write to {@code table-events} with another
 * service's Kafka user, or none, is shown by test-support's {@code LocalKafkaBrokerAclTest}.
 */
class SecurityIT {
    static final String RUN = Long.toString(System.currentTimeMillis() % 46_656_000L, 36);

    static KeycloakServer keycloak;
    static ServiceProcess gateway;
    static ServiceProcess processor;
    static GatewayClient anonymous;
    static LedgerTopics ledger;

    @BeforeAll
    static void start() throws Exception {
        String servers = KafkaBroker.bootstrapServers();
        ExecutorService starter = Executors.newFixedThreadPool(2);
        try {
            Future<ServiceProcess> p = starter.submit(() -> ServiceProcess.processor(servers, PipelineIT.GROUP));
            keycloak = KeycloakServer.start();
            // The gateway verifies the real Keycloak's tokens: its issuer, discovery, audience (no test key).
            Map<String, String> props = ServiceProcess.serviceProperties(servers);
            props.keySet().removeIf(k -> k.startsWith("quarkus.oidc."));
            props.put("quarkus.oidc.auth-server-url", keycloak.issuer().toString());
            props.put("gateway.rate-limit.posts-per-second", "0");
            gateway = ServiceProcess.start("table-gateway", ServiceProcess.jar(ServiceProcess.GATEWAY_JAR), props);
            processor = p.get(180, TimeUnit.SECONDS);
        } finally {
            starter.shutdownNow();
        }
        anonymous = new GatewayClient(gateway.baseUrl(), null);
        ledger = new LedgerTopics(Duration.ofSeconds(60));
    }

    @AfterAll
    static void stop() {
        for (AutoCloseable c : new AutoCloseable[]{ledger, gateway, processor, keycloak}) {
            try {
                if (c != null) {
                    c.close();
                }
            } catch (Exception e) {
                // keep closing the others
            }
        }
    }

    private static GatewayClient as(String account) {
        return anonymous.withToken(keycloak.accessToken(account));
    }

    private static String event(String id, String matchId, String type, long seq, String data) {
        return """
                {"specversion":"1.0","id":"%s","source":"/tables/T01/scorer","type":"%s","subject":"%s","seq":%d,"data":%s}"""
                .formatted(id, type, matchId, seq, data);
    }

    private static String opening(String tableId) {
        return """
                {"discipline":"NINE_BALL","players":[{"id":"p1","name":"A"},{"id":"p2","name":"B"}],"raceTo":3,"tableId":"%s"}"""
                .formatted(tableId);
    }

    private static String lag() {
        String r = """
                {"player":"%s","footRailContacts":1,"crossedLongString":false,"touchedSideRail":false,"pocketedOrOffTable":false,\
                "stoppedInCornerPocketPastHeadRail":false,"otherFoul":false,"distanceFromHeadRail":%s}""";
        return "{\"results\":[" + r.formatted("p1", 5) + "," + r.formatted("p2", 30) + "]}";
    }

    private static String header(ConsumerRecord<String, String> r, String name) {
        Header h = r.headers().lastHeader(name);
        return h == null ? null : new String(h.value(), StandardCharsets.UTF_8);
    }

    @Test
    void withoutAToken_orWithAnAlteredOne_aPostIs401() {
        String m = "sec-" + RUN + "-401";
        String body = event(m + "-1", m, "pool.match.opened", 1, opening("T01"));
        GatewayClient.Answer none = anonymous.post(m, body, GatewayClient.SINGLE, null);
        assertEquals(401, none.status(), none.toString());
        assertTrue(none.contentType().startsWith("application/problem+json"), none.toString());
        // A real token of table-T01 with its roles altered to director: the signature no longer matches.
        String altered = TestTokens.tampered(keycloak.accessToken("table-T01"), "realm_access", Map.of("roles", List.of("director")));
        GatewayClient.Answer forged = anonymous.withToken(altered).post(m, body, GatewayClient.SINGLE, null);
        assertEquals(401, forged.status(), forged.toString());
        // A token signed by a key the IdP never had (issuer and audience right): refused too.
        GatewayClient.Answer foreign = anonymous.withToken(TestTokens.builder().subject("director").roles("director")
                .claim("iss", keycloak.issuer().toString()).sign()).post(m, body, GatewayClient.SINGLE, null);
        assertEquals(401, foreign.status(), foreign.toString());
    }

    @Test
    void realTokens_eachRolePostsWhatItMay_andIs403ForWhatItMayNot() {
        String m = "sec-" + RUN + "-roles";
        String open = event(m + "-1", m, "pool.match.opened", 1, opening("T01"));
        String ruling = event(m + "-r", m, "pool.ruling.made", 2, "{\"ruling\":\"SLOW_PLAY\",\"player\":\"p1\"}");
        String decided = event(m + "-d", m, "pool.appeal.decided", 2, "{\"appealId\":\"x\",\"upheld\":false}");
        record Refusal(String account, String body, String role, String type) {
        }
        for (Refusal r : List.of(new Refusal("table-T01", ruling, "table", "pool.ruling.made"),
                new Refusal("referee", decided, "referee", "pool.appeal.decided"),
                new Refusal("broadcaster", open, "broadcaster", "pool.match.opened"),
                new Refusal("auditor", open, "auditor", "pool.match.opened"))) {
            GatewayClient.Answer a = as(r.account()).post(m, r.body(), GatewayClient.SINGLE, null);
            assertEquals(403, a.status(), r.account() + ": " + a);
            String detail = a.json().path("detail").asText();
            assertTrue(detail.contains("role " + r.role()) && detail.contains(r.type()), r.account() + ": " + detail);
        }
        assertEquals(202, as("table-T01").post(m, open, GatewayClient.SINGLE, null).status());
        assertEquals(202, as("referee").post(m, event(m + "-2", m, "pool.lag.taken", 2, lag()), GatewayClient.SINGLE, null).status());
        JsonNode view = ledger.awaitView(m, 2);
        assertEquals("T01", view.path("tableId").asText());
        ledger.events.catchUp();
        List<ConsumerRecord<String, String>> posted = ledger.events.forKey(m);
        assertEquals(2, posted.size());
        assertEquals("table-t01", header(posted.get(0), PosterHeaders.SUBJECT));
        assertEquals("T01", header(posted.get(0), PosterHeaders.TABLE));
        assertEquals("referee", header(posted.get(1), PosterHeaders.ROLE));
    }

    @Test
    void aTableTokenOnAnotherTablesMatch_isEventRejectedNamingTableId_andKeptWithThePoster() {
        String m = "sec-" + RUN + "-t02";
        assertEquals(202, as("director").post(m, event(m + "-1", m, "pool.match.opened", 1, opening("T01")),
                GatewayClient.SINGLE, null).status());
        // table-T02 may post a lag (its role may), but not for a match on table T01: the processor rejects it.
        GatewayClient.Answer lag = as("table-T02").post(m, event(m + "-2x", m, "pool.lag.taken", 2, lag()), GatewayClient.SINGLE, null);
        assertEquals(202, lag.status(), lag.toString());
        List<JsonNode> rulings = ledger.awaitRulingsOf(m, m + "-2x", 1);
        assertEquals("EVENT_REJECTED", rulings.get(0).path("kind").asText());
        assertTrue(rulings.get(0).path("reason").asText().startsWith("tableId: "), rulings.get(0).toString());
        ConsumerRecord<String, String> kept = await("the rejection on table-events-rejected").atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(200)).until(() -> {
                    ledger.rejected.catchUp();
                    return ledger.rejected.lastForKey(m);
                }, r -> r != null);
        assertTrue(kept.value().contains("tableId: "), kept.value());
        assertEquals("table-t02", header(kept, PosterHeaders.SUBJECT));
        assertEquals("table", header(kept, PosterHeaders.ROLE));
        assertEquals("T02", header(kept, PosterHeaders.TABLE));
        // A table token opening a match on another table is refused by the gateway itself.
        String other = "sec-" + RUN + "-open";
        GatewayClient.Answer open = as("table-T01").post(other, event(other + "-1", other, "pool.match.opened", 1, opening("T02")),
                GatewayClient.SINGLE, null);
        assertEquals(403, open.status(), open.toString());
        assertEquals("data.tableId", open.json().path("errors").path(0).path("field").asText());
    }
}
