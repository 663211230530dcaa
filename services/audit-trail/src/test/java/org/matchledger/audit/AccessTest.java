package org.matchledger.audit;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.response.ExtractableResponse;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.matchledger.core.event.Discipline;
import org.matchledger.testsupport.KafkaTestResource;
import org.matchledger.testsupport.PostgresTestResource;
import org.matchledger.testsupport.TestTokens;
import org.matchledger.testsupport.TestTokensResource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Who may read the audit trail (issue "who may write what", role table): auditor, referee and director read every
 * endpoint; a table or a broadcaster is refused with 403 (a problem naming the role on the API, a plain page for the
 * appeal page); no token, an altered, expired or foreign token get 401 with {@code WWW-Authenticate: Bearer}.
 */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
@WithTestResource(PostgresTestResource.class)
@WithTestResource(TestTokensResource.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AccessTest {
    PublishedMatch match;

    @BeforeAll
    void publish() throws Exception {
        match = PublishedMatch.simulate("access-" + System.nanoTime(), Discipline.EIGHT_BALL, 1, 3).publish(1);
        String id = match.matchId;
        await().atMost(Duration.ofSeconds(60)).until(() ->
                Db.count("SELECT count(*) FROM recorded_event WHERE match_id = ?", id) == match.events.size());
    }

    @BeforeEach
    void noDefaultToken() {
        RestAssured.requestSpecification = null; // each request here says which token it sends
    }

    /** Every read endpoint: the JSON API, the exports, the quarantine, and the appeal page. */
    List<String> endpoints() {
        String m = match.matchId;
        return List.of("/matches/" + m + "/ledger", "/matches/" + m + "/view", "/matches/" + m + "/view?atSeq=1",
                "/matches/" + m + "/verify", "/matches/" + m + "/export?format=jsonl",
                "/matches/" + m + "/export?format=csv", "/appeals", "/appeals?status=open", "/quarantine",
                "/matches/" + m + "/quarantine", "/matches/" + m);
    }

    boolean isPage(String path) {
        return path.equals("/matches/" + match.matchId);
    }

    ExtractableResponse<Response> get(String token, String path) {
        RequestSpecification r = given().redirects().follow(false);
        if (token != null) {
            r = r.header("Authorization", "Bearer " + token);
        }
        return r.get(path).then().extract();
    }

    @Test
    void auditorRefereeAndDirector_readEveryEndpoint() {
        for (String role : List.of("auditor", "referee", "director")) {
            String token = TestTokens.forRole(role);
            for (String path : endpoints()) {
                assertEquals(200, get(token, path).statusCode(), role + " GET " + path);
            }
        }
    }

    @Test
    void aTableOrABroadcaster_isRefusedWith403NamingTheRole() {
        List<String> tokens = List.of(TestTokens.forTable("T01"), TestTokens.forRole("broadcaster"));
        List<String> roles = List.of("table", "broadcaster");
        for (int i = 0; i < tokens.size(); i++) {
            for (String path : endpoints()) {
                var r = get(tokens.get(i), path);
                assertEquals(403, r.statusCode(), roles.get(i) + " GET " + path);
                if (isPage(path)) {
                    assertTrue(r.contentType().startsWith("text/html"), r.contentType());
                    assertTrue(r.asString().contains("role " + roles.get(i) + ") may not read the audit trail"), r.asString());
                } else {
                    assertTrue(r.contentType().startsWith("application/problem+json"), path + ": " + r.contentType());
                    assertEquals(403, r.jsonPath().getInt("status"));
                    String detail = r.jsonPath().getString("detail");
                    assertTrue(detail.contains("role " + roles.get(i)) && detail.contains("may not read the audit trail"),
                            detail);
                }
            }
        }
    }

    @Test
    void aReaderRoleAmongOthers_isEnough() {
        String token = TestTokens.builder().subject("chief").roles("broadcaster", "auditor").sign();
        assertEquals(200, get(token, "/matches/" + match.matchId + "/ledger").statusCode());
    }

    @Test
    void noToken_is401WithWwwAuthenticateBearer() {
        for (String path : endpoints()) {
            var r = get(null, path);
            assertEquals(401, r.statusCode(), "GET " + path);
            assertTrue(r.header("WWW-Authenticate") != null && r.header("WWW-Authenticate").startsWith("Bearer"),
                    path + ": " + r.header("WWW-Authenticate"));
            if (!isPage(path)) {
                assertTrue(r.contentType().startsWith("application/problem+json"), path + ": " + r.contentType());
                assertTrue(r.jsonPath().getString("detail").contains("needs a bearer token"), r.asString());
            }
        }
    }

    @Test
    void anAlteredExpiredOrForeignToken_is401() {
        String auditor = TestTokens.forRole("auditor");
        List<String> bad = new ArrayList<>();
        bad.add(TestTokens.tampered(auditor, "realm_access", java.util.Map.of("roles", List.of("auditor", "director"))));
        bad.add(TestTokens.tampered(TestTokens.forRole("broadcaster"), "realm_access",
                java.util.Map.of("roles", List.of("auditor"))));
        bad.add(TestTokens.builder().subject("auditor").roles("auditor").issuedAgo(Duration.ofHours(2))
                .lifetime(Duration.ofHours(1)).sign());
        bad.add(TestTokens.builder().subject("auditor").roles("auditor").claim("aud", "someone-else").sign());
        bad.add(TestTokens.builder().subject("auditor").roles("auditor").claim("iss", "https://elsewhere.invalid/").sign());
        bad.add("not-a-jwt");
        for (String token : bad) {
            for (String path : endpoints()) {
                var r = get(token, path);
                assertEquals(401, r.statusCode(), "GET " + path + " with " + token);
                assertTrue(r.header("WWW-Authenticate") != null && r.header("WWW-Authenticate").startsWith("Bearer"),
                        path + ": " + r.header("WWW-Authenticate"));
                if (!isPage(path)) {
                    assertTrue(r.contentType().startsWith("application/problem+json"), path + ": " + r.contentType());
                }
            }
        }
    }

    @Test
    void theAuditTrailIsReadOnly_evenForADirector() {
        String director = TestTokens.forRole("director");
        for (String method : List.of("POST", "PUT", "DELETE")) {
            ExtractableResponse<Response> r = given().header("Authorization", "Bearer " + director)
                    .request(method, "/matches/" + match.matchId + "/ledger").then().extract();
            assertEquals(405, r.statusCode(), method);
            assertEquals("the audit trail is read-only: GET only", r.jsonPath().getString("detail"), method);
        }
    }

    @Test
    void staticScriptsAndUnknownPaths_needNoToken() {
        assertEquals(200, get(null, "/appeal/appeal.js").statusCode());
        ExtractableResponse<Response> unknown = get(null, "/nothing/here");
        assertEquals(404, unknown.statusCode());
        assertEquals("no such resource; see GET /matches/{matchId}/ledger", unknown.jsonPath().getString("detail"));
    }
}
