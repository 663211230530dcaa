package org.matchledger.gateway;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.micrometer.core.instrument.MeterRegistry;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.matchledger.testsupport.TestTokens;
import org.matchledger.testsupport.TestTokensResource;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A verified token is not verified again for the next post ({@link VerifiedTokens}), and keeping it changes nothing of
 * what identity.md says a token is worth: its expiry still holds, a token changed by one character is still refused,
 * and its role still decides what it may post.
 */
@QuarkusTest
@WithTestResource(TestTokensResource.class)
class VerifiedTokensTest {
    private static final String RUN = UUID.randomUUID().toString().substring(0, 8);

    @Inject
    MeterRegistry registry;

    private long reused() {
        return (long) registry.counter(VerifiedTokens.REUSED).count();
    }

    private static Response post(String token, String type) {
        String m = "m-" + RUN + "-" + UUID.randomUUID().toString().substring(0, 8);
        return given().header("Authorization", "Bearer " + token).contentType(EventsResource.SINGLE)
                .body(PostingRightsTest.event("e-" + m, m, type, "")).post("/matches/{m}/events", m);
    }

    @Test
    void theSecondPostWithAToken_isServedItsVerifiedIdentity_andAccepted() {
        String token = TestTokens.forAccount("director");
        assertEquals(202, post(token, "pool.shot.taken").statusCode());
        long before = reused();
        assertEquals(202, post(token, "pool.shot.taken").statusCode());
        assertEquals(before + 1, reused(), "the second post's token was verified again");
    }

    @Test
    void aKeptToken_isRefused401_onceItHasExpired() throws InterruptedException {
        String token = TestTokens.builder().subject("director").roles("director").lifetime(Duration.ofSeconds(3)).sign();
        assertEquals(202, post(token, "pool.shot.taken").statusCode());
        Thread.sleep(4_500); // past exp (whole seconds)
        Response late = post(token, "pool.shot.taken");
        assertEquals(401, late.statusCode(), late.asString());
        assertTrue(late.header("WWW-Authenticate").startsWith("Bearer"));
    }

    @Test
    void aKeptToken_changedInItsClaimsOrSignature_isRefused401() {
        String table = TestTokens.forTable("T01");
        assertEquals(202, post(table, "pool.shot.taken").statusCode());
        String promoted = TestTokens.tampered(table, "realm_access", Map.of("roles", List.of("director")));
        assertEquals(401, post(promoted, "pool.ruling.made").statusCode());
        assertEquals(401, post(table.substring(0, table.length() - 4), "pool.shot.taken").statusCode());
    }

    @Test
    void aKeptTablesToken_keepsItsRole_andMayStillNotPostARuling_403() {
        String table = TestTokens.forTable("T01");
        assertEquals(202, post(table, "pool.shot.taken").statusCode());
        long before = reused();
        Response ruling = post(table, "pool.ruling.made");
        assertEquals(403, ruling.statusCode(), ruling.asString());
        assertEquals(before + 1, reused());
    }
}
