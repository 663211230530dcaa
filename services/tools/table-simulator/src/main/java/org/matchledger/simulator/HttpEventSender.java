package org.matchledger.simulator;

import com.fasterxml.jackson.databind.JsonNode;
import org.matchledger.core.json.Json;

import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code POST {gateway}/matches/{matchId}/events} with {@code application/cloudevents+json}, one event per request,
 * through one shared {@link HttpClient} (HTTP/1.1, keep-alive), with the bearer token of the account that posts the
 * event ({@link Accounts}, {@link TokenSource}). Only loopback gateways are allowed.
 */
public final class HttpEventSender implements EventSender {
    static final String CONTENT_TYPE = "application/cloudevents+json";
    private static final int MAX_DETAIL = 400;

    private final URI gateway;
    private final HttpClient client;
    private final Duration requestTimeout;
    private final TokenSource tokens;

    public HttpEventSender(URI gateway, Duration connectTimeout, Duration requestTimeout) {
        this(gateway, connectTimeout, requestTimeout, TokenSource.none());
    }

    /** Posts each event with the bearer token of the account that posts it ({@link Accounts}). */
    public HttpEventSender(URI gateway, Duration connectTimeout, Duration requestTimeout, TokenSource tokens) {
        this.gateway = gateway;
        this.requestTimeout = requestTimeout;
        this.tokens = tokens;
        this.client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(connectTimeout)
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
    }

    /** Throws IllegalArgumentException unless the URL is http(s) on a loopback address. */
    public static void requireLoopback(URI gateway) {
        if (gateway.getScheme() == null || !gateway.getScheme().matches("https?") || gateway.getHost() == null) {
            throw new IllegalArgumentException("--gateway must be an http URL, e.g. http://127.0.0.1:8080 (got " + gateway + ")");
        }
        try {
            for (InetAddress a : InetAddress.getAllByName(gateway.getHost())) {
                if (!a.isLoopbackAddress()) {
                    throw new IllegalArgumentException("--gateway must be a loopback address (127.0.0.1, ::1, localhost); "
                            + gateway.getHost() + " is " + a.getHostAddress());
                }
            }
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("--gateway: unknown host " + gateway.getHost());
        }
    }

    @Override
    public Outcome send(String matchId, String eventJson, int waitMillis) throws InterruptedException {
        String base = gateway.toString().replaceAll("/+$", "");
        String query = waitMillis > 0 ? "?wait=" + waitMillis : "";
        String account = Accounts.of(matchId, eventJson);
        String token;
        try {
            token = tokens.token(account);
        } catch (TokenSource.TokenUnavailable e) {
            return Outcome.unavailable(0, "no token for " + account + ": " + e.getMessage(), -1);
        }
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(base + "/matches/" + matchId + "/events" + query))
                .timeout(requestTimeout)
                .header("Content-Type", CONTENT_TYPE)
                .header("Accept", "application/json, application/problem+json")
                .POST(HttpRequest.BodyPublishers.ofString(eventJson, StandardCharsets.UTF_8));
        if (token != null) {
            builder.header("Authorization", "Bearer " + token);
        }
        HttpRequest request = builder.build();
        HttpResponse<String> response;
        try {
            response = client.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (IOException e) {
            // connection refused or reset, timeout: the gateway may or may not have the event; the same id again is safe
            String what = e.getMessage() == null || e.getMessage().isBlank() ? e.getClass().getSimpleName()
                    : e.getClass().getSimpleName() + ": " + e.getMessage();
            return Outcome.unavailable(0, what, -1);
        }
        int status = response.statusCode();
        if (status >= 200 && status < 300) {
            return Outcome.accepted(status, waitMillis > 0 ? rulingKinds(response.body()) : null);
        }
        String body = oneLine(response.body());
        if (status == 401) {
            // an expired or revoked token: the same event again, with a fresh token
            tokens.refused(account);
            return Outcome.unavailable(status, "401 for " + account + ": " + title(response.body(), body), -1);
        }
        if (status == 408 || status == 429 || status >= 500) {
            long retryAfter = response.headers().firstValue("Retry-After").map(HttpEventSender::seconds).orElse(-1L);
            return Outcome.unavailable(status, title(response.body(), body), retryAfter);
        }
        return Outcome.refused(status, body);
    }

    /** {@code {"accepted":[…],"rulings":[{"kind":…},…]}}: the kinds, or null without rulings (the wait ran out). */
    static List<String> rulingKinds(String body) {
        try {
            JsonNode rulings = Json.read(body).path("rulings");
            if (!rulings.isArray() || rulings.isEmpty()) {
                return null;
            }
            List<String> kinds = new ArrayList<>();
            rulings.forEach(r -> kinds.add(r.path("kind").asText("?")));
            return kinds;
        } catch (Exception e) {
            return null;
        }
    }

    /** The problem's title (RFC 9457) when the body is one, else the body. */
    private static String title(String body, String otherwise) {
        try {
            JsonNode problem = Json.read(body);
            if (problem.path("title").isTextual()) {
                return problem.get("title").textValue();
            }
        } catch (Exception e) {
            // not JSON
        }
        return otherwise;
    }

    private static long seconds(String retryAfter) {
        try {
            return Math.min(60, Math.max(0, Long.parseLong(retryAfter.trim()))) * 1000;
        } catch (NumberFormatException e) {
            return -1; // an HTTP date: use our own backoff
        }
    }

    private static String oneLine(String s) {
        if (s == null) {
            return "";
        }
        String t = s.replaceAll("\\s+", " ").trim();
        return t.length() > MAX_DETAIL ? t.substring(0, MAX_DETAIL) + "…" : t;
    }
}
