package org.matchledger.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The local Keycloak of deploy/local/keycloak, started with its realm template and freshly generated credentials. */
class KeycloakServerTest {

    private static KeycloakServer keycloak;

    @BeforeAll
    static void startKeycloak() {
        keycloak = KeycloakServer.start();
        System.out.printf("Keycloak at %s ready after %d s, RSS %s MB%n", keycloak.issuer(),
                keycloak.startTime().toSeconds(),
                keycloak.residentBytes().map(b -> Long.toString(b / (1024 * 1024))).orElse("?"));
    }

    @AfterAll
    static void stopKeycloak() {
        if (keycloak != null) {
            keycloak.close();
        }
    }

    @Test
    void aTableTokenCarriesTheTableRoleItsTableIdAndTheServicesAudience() {
        String token = keycloak.accessToken("table-T03");

        JsonNode claims = KeycloakServer.claimsOf(token);
        assertEquals(keycloak.issuer().toString(), claims.path("iss").asText());
        assertEquals("T03", claims.path("tableId").asText(), claims.toString());
        assertEquals(List.of("table"), texts(claims.path("realm_access").path("roles")), claims.toString());
        assertTrue(texts(claims.path("aud")).contains("ledger-services") || "ledger-services".equals(claims.path("aud").asText()),
                claims.toString());
        assertEquals("ledger-cli", claims.path("azp").asText());

        JsonNode userInfo = keycloak.userInfo(token);
        assertEquals("T03", userInfo.path("tableId").asText(), userInfo.toString());
        assertEquals(claims.path("sub").asText(), userInfo.path("sub").asText());
    }

    @Test
    void theRefereeIsNoTable() {
        JsonNode claims = KeycloakServer.claimsOf(keycloak.accessToken("referee"));
        assertEquals(List.of("referee"), texts(claims.path("realm_access").path("roles")), claims.toString());
        assertTrue(claims.path("tableId").isMissingNode(), claims.toString());
    }

    @Test
    void aWrongPasswordIsRefused() {
        KeycloakServer.Grant wrong = keycloak.passwordGrant("table-T03", keycloak.password("table-T03") + "x");
        assertEquals(400, wrong.status(), wrong.body().toString());
        assertEquals("invalid_grant", wrong.body().path("error").asText(), wrong.body().toString());
        assertFalse(wrong.accessToken().isPresent());

        KeycloakServer.Grant otherAccountsPassword = keycloak.passwordGrant("table-T03", keycloak.password("table-T04"));
        assertEquals("invalid_grant", otherAccountsPassword.body().path("error").asText());
        assertFalse(otherAccountsPassword.accessToken().isPresent());
    }

    @Test
    void credentialsAreGeneratedPerDataFolderAndReadableByTheOwnerOnly() throws Exception {
        var credentials = keycloak.credentials();
        assertEquals(16, credentials.keySet().stream().filter(k -> k.startsWith("password.table-T")).count());
        assertTrue(credentials.get("secret.audit-trail").matches("[0-9a-f]{32}"), "a 128-bit hex secret");
        assertEquals(credentials.size(), credentials.values().stream().distinct().count(), "every secret differs");
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(keycloak.credentialsFile())));
    }

    private static List<String> texts(JsonNode array) {
        List<String> values = new ArrayList<>();
        array.forEach(node -> values.add(node.asText()));
        return values;
    }
}
