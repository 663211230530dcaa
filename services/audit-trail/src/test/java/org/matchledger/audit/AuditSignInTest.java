package org.matchledger.audit;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.matchledger.core.event.Discipline;
import org.matchledger.testsupport.Browser;
import org.matchledger.testsupport.BrowserTab;
import org.matchledger.testsupport.KafkaTestResource;
import org.matchledger.testsupport.KeycloakServer;
import org.matchledger.testsupport.PostgresTestResource;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The audit trail as deployed against the real local Keycloak (hybrid tenant, client audit-trail, PKCE): the appeal
 * page sends a browser without a session to Keycloak's sign-in; signed in as {@code auditor} it shows the match, as
 * {@code broadcaster} it is refused. The API on the same service still answers bearer tokens only: no token is a 401
 * problem (never a redirect), Keycloak's tokens of a reader are accepted, others get 403. Starts Keycloak (minutes).
 */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
@WithTestResource(PostgresTestResource.class)
@WithTestResource(SignInKeycloak.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AuditSignInTest {
    static final Duration SIGN_IN = Duration.ofSeconds(60);
    final HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(Duration.ofSeconds(10)).build();
    KeycloakServer keycloak;
    PublishedMatch match;
    String base;

    @BeforeAll
    void publish() throws Exception {
        keycloak = KeycloakServer.shared();
        base = "http://127.0.0.1:" + System.getProperty(SignInKeycloak.PORT_PROPERTY);
        match = PublishedMatch.simulate("signin-" + System.nanoTime(), Discipline.NINE_BALL, 1, 5).publish(1);
        await().atMost(Duration.ofSeconds(60)).until(() ->
                Db.count("SELECT count(*) FROM recorded_event WHERE match_id = ?", match.matchId) == match.events.size());
    }

    HttpResponse<String> get(String path, String token) throws Exception {
        HttpRequest.Builder r = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30)).GET();
        if (token != null) {
            r.header("Authorization", "Bearer " + token);
        }
        return http.send(r.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void thePage_withoutASession_redirectsToKeycloak() throws Exception {
        HttpResponse<String> r = get("/matches/" + match.matchId, null);
        assertEquals(302, r.statusCode(), r.body());
        String location = r.headers().firstValue("Location").orElse("");
        assertTrue(location.startsWith(keycloak.issuer() + "/protocol/openid-connect/auth?"), location);
        assertTrue(location.contains("client_id=audit-trail") && location.contains("code_challenge_method=S256"), location);
    }

    @Test
    void theApi_withoutAToken_is401_notARedirect() throws Exception {
        HttpResponse<String> r = get("/matches/" + match.matchId + "/ledger", null);
        assertEquals(401, r.statusCode(), r.body());
        assertTrue(r.headers().firstValue("WWW-Authenticate").orElse("").startsWith("Bearer"));
        assertTrue(r.headers().firstValue("Content-Type").orElse("").startsWith("application/problem+json"));
    }

    @Test
    void theApi_takesKeycloakTokensOfReadersOnly() throws Exception {
        assertEquals(200, get("/matches/" + match.matchId + "/ledger", keycloak.accessToken("auditor")).statusCode());
        assertEquals(200, get("/matches/" + match.matchId + "/verify", keycloak.accessToken("referee")).statusCode());
        HttpResponse<String> refused = get("/matches/" + match.matchId + "/ledger", keycloak.accessToken("broadcaster"));
        assertEquals(403, refused.statusCode());
        assertTrue(refused.body().contains("role broadcaster"), refused.body());
        assertEquals(403, get("/matches/" + match.matchId + "/ledger", keycloak.accessToken("table-T03")).statusCode());
    }

    @Test
    void signingInAsAuditor_showsTheAppealPage() {
        try (Browser browser = Browser.launch();
             BrowserTab page = browser.open(base + "/matches/" + match.matchId)) {
            signIn(page, "auditor");
            page.waitFor("location.href.startsWith(" + Browser.jsString(base + "/matches/" + match.matchId)
                    + ") && document.querySelector('#timeline') !== null", SIGN_IN);
            assertEquals("Appeal view — match " + match.matchId, page.text("h1"));
            assertTrue(page.count("#timeline li.ev") > 0);
            // The page's own script reads the view at each step with the session (no bearer token in the browser).
            page.waitFor("document.querySelector('[data-field=lastSeq]').textContent.trim() === '" + match.lastSeq + "'",
                    SIGN_IN);
        }
    }

    @Test
    void signingInAsBroadcaster_isRefused() {
        try (Browser browser = Browser.launch();
             BrowserTab page = browser.open(base + "/matches/" + match.matchId)) {
            signIn(page, "broadcaster");
            page.waitFor("location.href.startsWith(" + Browser.jsString(base) + ")"
                    + " && document.querySelector('#refused') !== null", SIGN_IN);
            assertTrue(page.text("#refused").contains("(role broadcaster) may not read the audit trail"),
                    page.text("#refused"));
            assertEquals(0, page.count("#timeline"));
        }
    }

    /** On Keycloak's sign-in form (where the page sent the browser): the account and its generated password. */
    void signIn(BrowserTab page, String account) {
        page.waitFor("location.href.startsWith(" + Browser.jsString(keycloak.issuer().toString())
                + ") && document.querySelector('#username') !== null", SIGN_IN);
        page.evaluate("(() => { document.querySelector('#username').value = " + Browser.jsString(account)
                + "; document.querySelector('#password').value = " + Browser.jsString(keycloak.password(account))
                + "; document.querySelector('#username').form.submit(); return true; })()");
    }
}
