package org.matchledger.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.matchledger.sim.pairing.DevicePairing;

/**
 * Issue 11, "the device grant": a tablet obtains a table token through the code a person approves. The tablet is
 * {@link DevicePairing} (client {@code table-console}) against the real local Keycloak ({@link KeycloakServer}, the
 * realm of {@code deploy/local/keycloak}); headless Chromium plays the person at the verification page: enters the
 * user code, signs in as {@code table-T05} and approves. The tablet then holds a token with the role {@code table} and
 * {@code tableId} {@code T05}, and keeps it fresh with its refresh token.
 */
class DevicePairingTest {
    static final String TABLE_ACCOUNT = "table-T05";
    static final Duration BROWSER_STEP = Duration.ofSeconds(30);

    private static KeycloakServer keycloak;

    @BeforeAll
    static void startKeycloak() {
        keycloak = KeycloakServer.start();
    }

    @AfterAll
    static void stopKeycloak() {
        if (keycloak != null) {
            keycloak.close();
        }
    }

    @Test
    void aTabletPairsWithItsTableThroughTheCodeAPersonApproves() throws Exception {
        DevicePairing tablet = DevicePairing.forKeycloakRealm(keycloak.issuer(), "table-console");
        DevicePairing.DeviceCode code = tablet.start();
        assertTrue(code.userCode().matches("[A-Z]{4}-[A-Z]{4}"), code.userCode());
        assertEquals(keycloak.issuer() + "/device", code.verificationUri().toString());
        assertEquals(Duration.ofSeconds(5), code.interval(), "the realm's polling interval");

        // RFC 8628 §3.5: before approval the IdP says authorization_pending; polling faster than the interval, slow_down.
        assertInstanceOf(DevicePairing.TokenAnswer.Pending.class, tablet.poll(code));
        assertInstanceOf(DevicePairing.TokenAnswer.SlowDown.class, tablet.poll(code));

        // The tablet polls (honouring the interval) while a person approves in the browser.
        CompletableFuture<DevicePairing.Tokens> paired = CompletableFuture.supplyAsync(() -> {
            try {
                return tablet.awaitTokens(code);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        });
        List<String> steps = approveInTheBrowser(code);
        DevicePairing.Tokens tokens = paired.get(2, TimeUnit.MINUTES);

        JsonNode claims = KeycloakServer.claimsOf(tokens.accessToken());
        assertEquals("T05", claims.path("tableId").asText(), claims + " after " + steps);
        assertEquals(List.of("table"), texts(claims.path("realm_access").path("roles")), claims.toString());
        assertEquals("table-console", claims.path("azp").asText());
        assertTrue(texts(claims.path("aud")).contains("ledger-services"), claims.toString());
        assertEquals(keycloak.issuer().toString(), claims.path("iss").asText());
        assertNotNull(tokens.refreshToken(), "a refresh token keeps the tablet paired");

        // The device code is spent: polling with it again does not give a second set of tokens.
        assertInstanceOf(DevicePairing.TokenAnswer.Failed.class, tablet.poll(code));

        DevicePairing.Tokens refreshed = tablet.refresh(tokens);
        assertNotEquals(tokens.accessToken(), refreshed.accessToken());
        JsonNode again = KeycloakServer.claimsOf(refreshed.accessToken());
        assertEquals("T05", again.path("tableId").asText());
        assertEquals(claims.path("sub").asText(), again.path("sub").asText(), "the same table account");
    }

    /**
     * The person at the verification page: types the user code, signs in as the table's account, approves the grant
     * if asked; returns the pages seen (for a failure's message).
     */
    static List<String> approveInTheBrowser(DevicePairing.DeviceCode code) {
        List<String> seen = new ArrayList<>();
        try (Browser chromium = Browser.launch();
             BrowserTab page = chromium.open(code.verificationUri().toString())) {
            String state = state(page);
            long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
            while (!state.startsWith("done") && System.nanoTime() < deadline) {
                seen.add(state);
                switch (state) {
                    case "code" -> {
                        type(page, "input[name=device_user_code]", code.userCode());
                        page.evaluate("(() => { const f = document.querySelector('input[name=device_user_code]').form;"
                                + " f.requestSubmit(); return true; })()");
                    }
                    case "login" -> {
                        type(page, "#username", TABLE_ACCOUNT.toLowerCase());
                        type(page, "#password", keycloak.password(TABLE_ACCOUNT));
                        page.evaluate("(() => { document.querySelector('#password').form.requestSubmit(); return true; })()");
                    }
                    case "consent" -> page.evaluate("(() => { document.querySelector('[name=accept]').click(); return true; })()");
                    default -> throw new AssertionError("unexpected page after " + seen + ": " + state
                            + "\nconsole: " + page.console());
                }
                String before = state;
                page.waitFor("(" + STATE + ") !== " + Browser.jsString(before), BROWSER_STEP);
                state = state(page);
            }
            seen.add(state);
            Path shot = page.screenshot(Path.of("target", "screenshots", "device-pairing-approved.png"));
            System.out.println("device pairing: pages " + seen + ", screenshot " + shot);
            assertTrue(state.startsWith("done"), "the approval did not finish: " + seen);
        }
        return seen;
    }

    /** Which page the person is on: the code form, the sign-in form, the consent form, done (success), or loading. */
    static final String STATE = "(() => {"
            + " if (document.readyState !== 'complete') return 'loading';"
            + " if (document.querySelector('input[name=device_user_code]')) return 'code';"
            + " if (document.querySelector('#username') && document.querySelector('#password')) return 'login';"
            + " if (document.querySelector('[name=accept]')) return 'consent';"
            + " const text = document.body ? document.body.innerText.replace(/\\s+/g, ' ').trim() : '';"
            + " return (/success/i.test(text) ? 'done: ' : 'other: ') + text.slice(0, 300); })()";

    static String state(BrowserTab page) {
        page.waitFor("(" + STATE + ") !== 'loading'", BROWSER_STEP);
        return page.evaluate(STATE).asText();
    }

    /** Types into a form field as a person would: focus, the value, an input event. */
    static void type(BrowserTab page, String selector, String text) {
        page.evaluate("(() => { const e = document.querySelector(" + Browser.jsString(selector) + ");"
                + " e.focus(); e.value = " + Browser.jsString(text) + ";"
                + " e.dispatchEvent(new Event('input', {bubbles: true})); return true; })()");
    }

    static List<String> texts(JsonNode node) {
        List<String> out = new ArrayList<>();
        if (node.isArray()) {
            node.forEach(n -> out.add(n.asText()));
        } else if (node.isTextual()) {
            out.add(node.asText());
        }
        return out;
    }
}
