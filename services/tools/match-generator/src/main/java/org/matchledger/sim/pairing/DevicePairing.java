package org.matchledger.sim.pairing;

import com.fasterxml.jackson.databind.JsonNode;
import org.matchledger.core.json.Json;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Pairs a table console (a scorer tablet) with its table through the OAuth 2.0 Device Authorization Grant
 * (RFC 8628), the way pool-hall systems pair a tablet: the tablet asks the IdP for a code ({@link #start}) and shows
 * the user code and the verification address; someone signs in there as the table's account (e.g. {@code table-T05})
 * and approves; meanwhile the tablet polls ({@link #awaitTokens}) and receives the table's access token (role
 * {@code table}, claim {@code tableId}) and a refresh token, which keeps it paired ({@link #refresh}).
 *
 * <p>Polling follows RFC 8628 §3.5: one token request per {@code interval}; {@code authorization_pending} means ask
 * again, {@code slow_down} adds 5 s to the interval for every later request, a connection failure doubles it (at most
 * {@value #MAX_INTERVAL_SECONDS} s); {@code access_denied}, {@code expired_token} and any other error end the pairing,
 * and so does the code's own expiry.
 */
public final class DevicePairing {
    public static final String DEVICE_CODE_GRANT = "urn:ietf:params:oauth:grant-type:device_code";
    /** RFC 8628 §3.5: what {@code slow_down} adds to the polling interval. */
    static final Duration SLOW_DOWN_STEP = Duration.ofSeconds(5);
    static final long MAX_INTERVAL_SECONDS = 60;
    /** RFC 8628 §3.2: the interval when the server names none. */
    static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(5);

    /** Waits between polls; a test or a console's UI loop may supply its own. */
    @FunctionalInterface
    public interface Sleeper {
        void sleep(Duration d) throws InterruptedException;
    }

    /** What the IdP answered to {@link #start}: what the tablet shows, and what it polls with. */
    public record DeviceCode(String deviceCode, String userCode, URI verificationUri, URI verificationUriComplete,
                             Instant expiresAt, Duration interval) {
    }

    /** The tokens of a paired console. */
    public record Tokens(String accessToken, String refreshToken, Instant accessTokenExpiresAt) {
    }

    /** The answer to one poll of the token endpoint. */
    public sealed interface TokenAnswer {
        /** Approved: the tokens. */
        record Granted(Tokens tokens) implements TokenAnswer {
        }

        /** {@code authorization_pending}: nobody has approved yet; ask again after the interval. */
        record Pending() implements TokenAnswer {
        }

        /** {@code slow_down}: ask again, 5 s less often from now on. */
        record SlowDown() implements TokenAnswer {
        }

        /** {@code access_denied}, {@code expired_token} or another error: the pairing is over. */
        record Failed(String error, String description) implements TokenAnswer {
        }
    }

    /** The pairing could not be made (refused, expired, or the IdP answered something unusable). */
    public static final class PairingException extends RuntimeException {
        public PairingException(String message) {
            super(message);
        }

        public PairingException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    private final URI deviceAuthorizationEndpoint;
    private final URI tokenEndpoint;
    private final String clientId;
    private final HttpClient http;
    private final Clock clock;
    private final Sleeper sleeper;

    public DevicePairing(URI deviceAuthorizationEndpoint, URI tokenEndpoint, String clientId, Clock clock, Sleeper sleeper) {
        this.deviceAuthorizationEndpoint = deviceAuthorizationEndpoint;
        this.tokenEndpoint = tokenEndpoint;
        this.clientId = clientId;
        this.clock = clock;
        this.sleeper = sleeper;
        this.http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    }

    /**
     * A client of a Keycloak realm ({@code issuer} = {@code http://127.0.0.1:8180/realms/matchledger}): its device
     * and token endpoints, the system clock, {@link Thread#sleep}.
     */
    public static DevicePairing forKeycloakRealm(URI issuer, String clientId) {
        String base = issuer.toString().replaceAll("/$", "") + "/protocol/openid-connect";
        return new DevicePairing(URI.create(base + "/auth/device"), URI.create(base + "/token"), clientId,
                Clock.systemUTC(), d -> Thread.sleep(d.toMillis()));
    }

    /** Asks the IdP for a device code (RFC 8628 §3.1–3.2). */
    public DeviceCode start() {
        Answer a = post(deviceAuthorizationEndpoint, Map.of("client_id", clientId, "scope", "openid"));
        if (a.status != 200) {
            throw new PairingException("the device authorization request was refused (" + a.status + "): "
                    + a.body.path("error").asText("") + " " + a.body.path("error_description").asText(""));
        }
        String deviceCode = required(a.body, "device_code");
        String userCode = required(a.body, "user_code");
        URI verification = URI.create(required(a.body, "verification_uri"));
        URI complete = a.body.hasNonNull("verification_uri_complete")
                ? URI.create(a.body.get("verification_uri_complete").asText()) : null;
        long expiresIn = a.body.path("expires_in").asLong(0);
        if (expiresIn <= 0) {
            throw new PairingException("the device authorization answer has no expires_in: " + a.body);
        }
        Duration interval = a.body.path("interval").asLong(0) > 0
                ? Duration.ofSeconds(a.body.get("interval").asLong()) : DEFAULT_INTERVAL;
        return new DeviceCode(deviceCode, userCode, verification, complete, clock.instant().plusSeconds(expiresIn), interval);
    }

    /** One token request with the device code (RFC 8628 §3.4–3.5); a connection failure is thrown as is. */
    public TokenAnswer poll(DeviceCode code) throws IOException {
        Answer a = send(tokenEndpoint, Map.of("grant_type", DEVICE_CODE_GRANT, "device_code", code.deviceCode(),
                "client_id", clientId));
        if (a.status == 200) {
            return new TokenAnswer.Granted(tokens(a.body));
        }
        String error = a.body.path("error").asText("");
        return switch (error) {
            case "authorization_pending" -> new TokenAnswer.Pending();
            case "slow_down" -> new TokenAnswer.SlowDown();
            default -> new TokenAnswer.Failed(error.isEmpty() ? "http_" + a.status : error,
                    a.body.path("error_description").asText(""));
        };
    }

    /**
     * Polls until someone approves the code, and returns the tokens; throws {@link PairingException} when the
     * approval is refused, the code expires, or the IdP answers an error.
     */
    public Tokens awaitTokens(DeviceCode code) throws InterruptedException {
        Duration interval = code.interval();
        while (true) {
            sleeper.sleep(interval);
            if (!clock.instant().isBefore(code.expiresAt())) {
                throw new PairingException("the code " + code.userCode() + " expired before it was approved");
            }
            TokenAnswer answer;
            try {
                answer = poll(code);
            } catch (IOException e) {
                interval = Duration.ofSeconds(Math.min(MAX_INTERVAL_SECONDS, interval.toSeconds() * 2));
                continue;
            }
            if (answer instanceof TokenAnswer.Granted granted) {
                return granted.tokens();
            } else if (answer instanceof TokenAnswer.SlowDown) {
                interval = interval.plus(SLOW_DOWN_STEP);
            } else if (answer instanceof TokenAnswer.Failed failed) {
                throw new PairingException("pairing refused: " + failed.error()
                        + (failed.description().isEmpty() ? "" : " (" + failed.description() + ")"));
            }
            // Pending: ask again after the interval.
        }
    }

    /** New tokens for a paired console from its refresh token (RFC 6749 §6). */
    public Tokens refresh(Tokens tokens) {
        if (tokens.refreshToken() == null) {
            throw new PairingException("no refresh token to refresh with");
        }
        Answer a = post(tokenEndpoint, Map.of("grant_type", "refresh_token", "refresh_token", tokens.refreshToken(),
                "client_id", clientId));
        if (a.status != 200) {
            throw new PairingException("refresh refused (" + a.status + "): " + a.body.path("error").asText("")
                    + " " + a.body.path("error_description").asText(""));
        }
        return tokens(a.body);
    }

    private Tokens tokens(JsonNode body) {
        String access = required(body, "access_token");
        String refresh = body.hasNonNull("refresh_token") ? body.get("refresh_token").asText() : null;
        return new Tokens(access, refresh, clock.instant().plusSeconds(body.path("expires_in").asLong(0)));
    }

    private static String required(JsonNode body, String field) {
        JsonNode v = body.get(field);
        if (v == null || !v.isTextual() || v.asText().isEmpty()) {
            throw new PairingException("the IdP's answer has no " + field + ": " + body);
        }
        return v.asText();
    }

    private record Answer(int status, JsonNode body) {
    }

    private Answer post(URI uri, Map<String, String> form) {
        try {
            return send(uri, form);
        } catch (IOException e) {
            throw new PairingException("POST " + uri + " failed: " + e.getMessage(), e);
        }
    }

    private Answer send(URI uri, Map<String, String> form) throws IOException {
        String body = new LinkedHashMap<>(form).entrySet().stream()
                .map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
        HttpRequest request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(15))
                .header("Content-Type", "application/x-www-form-urlencoded").header("Accept", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
        HttpResponse<String> response;
        try {
            response = http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
        JsonNode json;
        try {
            json = response.body().isBlank() ? Json.MAPPER.createObjectNode() : Json.read(response.body());
        } catch (IOException e) {
            throw new PairingException("the IdP answered " + response.statusCode() + " with no JSON: "
                    + response.body().substring(0, Math.min(200, response.body().length())), e);
        }
        return new Answer(response.statusCode(), json);
    }
}
