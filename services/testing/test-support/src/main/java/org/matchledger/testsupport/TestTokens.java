package org.matchledger.testsupport;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.RSAPublicKeySpec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Signed bearer tokens for tests, shaped like the local Keycloak's (realm {@code matchledger}): RS256, issuer
 * {@link #ISSUER}, audience {@value #AUDIENCE}, realm roles in {@code realm_access.roles}, the {@code tableId} claim of
 * a table. The services verify them with {@code quarkus.oidc.public-key} ({@link #serviceProperties()}), so
 * {@code @QuarkusTest}s and the packaged services of {@code system-tests} need no identity provider; the end-to-end
 * tests against the real Keycloak use {@link KeycloakServer}.
 *
 * <p>One RSA key pair per JVM, generated at first use and kept in a system property, so that the class loaders of
 * Quarkus test applications sign and verify with the same key. Nothing is stored on disk.
 */
public final class TestTokens {

    public static final String ISSUER = "https://tokens.test.invalid/realms/matchledger";
    public static final String AUDIENCE = "ledger-services";
    private static final String KEY_PROPERTY = "testsupport.tokens.private-key";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Base64.Encoder URL = Base64.getUrlEncoder().withoutPadding();

    private TestTokens() {
    }

    /** A token of a demo account: {@code table-T03} (role table, tableId T03), {@code referee}, {@code director}, … */
    public static String forAccount(String account) {
        if (account.startsWith("table-")) {
            return forTable(account.substring("table-".length()));
        }
        return builder().subject(account).roles(account).sign();
    }

    /** A token of the role given (subject = the role's name). */
    public static String forRole(String role) {
        return builder().subject(role).roles(role).sign();
    }

    /** A table's token: role {@code table}, claim {@code tableId}, subject {@code table-<tableId>}. */
    public static String forTable(String tableId) {
        return builder().subject("table-" + tableId).roles("table").claim("tableId", tableId).sign();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The same token with its payload changed (a claim altered): its signature no longer matches. */
    public static String tampered(String token, String claim, Object value) {
        String[] parts = token.split("\\.");
        try {
            @SuppressWarnings("unchecked")
            Map<String, Object> payload = JSON.readValue(Base64.getUrlDecoder().decode(parts[1]), Map.class);
            payload.put(claim, value);
            return parts[0] + "." + URL.encodeToString(JSON.writeValueAsBytes(payload)) + "." + parts[2];
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException("not a JWT", e);
        }
    }

    /** The public key, Base64 DER (X.509 SubjectPublicKeyInfo): the value of {@code quarkus.oidc.public-key}. */
    public static String publicKey() {
        return Base64.getEncoder().encodeToString(keyPair().getPublic().getEncoded());
    }

    /**
     * The configuration that makes a service verify these tokens instead of asking an OIDC server: no server URL, the
     * public key, issuer and audience. Pass as {@code -D} options to a packaged service, or from a test resource.
     */
    public static Map<String, String> serviceProperties() {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("quarkus.oidc.auth-server-url", "");
        properties.put("quarkus.oidc.discovery-enabled", "false");
        properties.put("quarkus.oidc.public-key", publicKey());
        properties.put("quarkus.oidc.token.issuer", ISSUER);
        properties.put("quarkus.oidc.token.audience", AUDIENCE);
        return properties;
    }

    public static final class Builder {
        private final Map<String, Object> claims = new LinkedHashMap<>();
        private final List<String> roles = new ArrayList<>();
        private Instant issuedAt = Instant.now();
        private Duration lifetime = Duration.ofHours(1);

        private Builder() {
            claims.put("iss", ISSUER);
            claims.put("aud", AUDIENCE);
            claims.put("typ", "Bearer");
        }

        public Builder subject(String subject) {
            claims.put("sub", subject);
            claims.put("preferred_username", subject.toLowerCase(java.util.Locale.ROOT));
            return this;
        }

        public Builder roles(String... more) {
            roles.addAll(List.of(more));
            return this;
        }

        public Builder claim(String name, Object value) {
            claims.put(name, value);
            return this;
        }

        /** Issued this long ago; with a shorter lifetime the token has expired. */
        public Builder issuedAgo(Duration ago) {
            issuedAt = Instant.now().minus(ago);
            return this;
        }

        public Builder lifetime(Duration value) {
            lifetime = value;
            return this;
        }

        public String sign() {
            Map<String, Object> payload = new LinkedHashMap<>(claims);
            payload.put("iat", issuedAt.getEpochSecond());
            payload.put("exp", issuedAt.plus(lifetime).getEpochSecond());
            payload.put("jti", UUID.randomUUID().toString());
            payload.put("realm_access", Map.of("roles", List.copyOf(roles)));
            try {
                String header = URL.encodeToString(JSON.writeValueAsBytes(
                        Map.of("alg", "RS256", "typ", "JWT", "kid", "test-tokens")));
                String body = URL.encodeToString(JSON.writeValueAsBytes(payload));
                String signingInput = header + "." + body;
                Signature rsa = Signature.getInstance("SHA256withRSA");
                rsa.initSign(keyPair().getPrivate());
                rsa.update(signingInput.getBytes(StandardCharsets.US_ASCII));
                return signingInput + "." + URL.encodeToString(rsa.sign());
            } catch (JsonProcessingException | GeneralSecurityException e) {
                throw new IllegalStateException("cannot sign a test token", e);
            }
        }
    }

    private static KeyPair cached;

    private static synchronized KeyPair keyPair() {
        if (cached != null) {
            return cached;
        }
        try {
            KeyFactory rsa = KeyFactory.getInstance("RSA");
            String stored;
            synchronized (KEY_PROPERTY.intern()) {
                stored = System.getProperty(KEY_PROPERTY);
                if (stored == null) {
                    KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
                    generator.initialize(2048);
                    stored = Base64.getEncoder().encodeToString(generator.generateKeyPair().getPrivate().getEncoded());
                    System.setProperty(KEY_PROPERTY, stored);
                }
            }
            PrivateKey privateKey = rsa.generatePrivate(new PKCS8EncodedKeySpec(Base64.getDecoder().decode(stored)));
            RSAPrivateCrtKey crt = (RSAPrivateCrtKey) privateKey;
            PublicKey publicKey = rsa.generatePublic(new RSAPublicKeySpec(crt.getModulus(), crt.getPublicExponent()));
            cached = new KeyPair(publicKey, privateKey);
            return cached;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot make the test token key", e);
        }
    }
}
