package org.matchledger.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** The test tokens are RS256 JWTs that verify with {@link TestTokens#publicKey()} and carry Keycloak's claim shape. */
class TestTokensTest {

    @Test
    void aTableTokenVerifiesWithThePublicKeyAndCarriesItsTable() throws Exception {
        String token = TestTokens.forTable("T03");
        assertTrue(verifies(token));
        JsonNode payload = payload(token);
        assertEquals("T03", payload.get("tableId").asText());
        assertEquals("table", payload.get("realm_access").get("roles").get(0).asText());
        assertEquals(TestTokens.ISSUER, payload.get("iss").asText());
        assertEquals(TestTokens.AUDIENCE, payload.get("aud").asText());
    }

    @Test
    void aTamperedTokenNoLongerVerifies() throws Exception {
        String token = TestTokens.tampered(TestTokens.forTable("T03"), "tableId", "T04");
        assertEquals("T04", payload(token).get("tableId").asText());
        assertFalse(verifies(token));
    }

    private static boolean verifies(String token) throws Exception {
        String[] parts = token.split("\\.");
        PublicKey key = KeyFactory.getInstance("RSA")
                .generatePublic(new X509EncodedKeySpec(Base64.getDecoder().decode(TestTokens.publicKey())));
        Signature rsa = Signature.getInstance("SHA256withRSA");
        rsa.initVerify(key);
        rsa.update((parts[0] + "." + parts[1]).getBytes(StandardCharsets.US_ASCII));
        return rsa.verify(Base64.getUrlDecoder().decode(parts[2]));
    }

    private static JsonNode payload(String token) throws Exception {
        return new ObjectMapper().readTree(Base64.getUrlDecoder().decode(token.split("\\.")[1]));
    }
}
