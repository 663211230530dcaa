package org.matchledger.systemtests;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import org.matchledger.core.json.Json;
import org.matchledger.testsupport.TestTokens;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * A client of the gateway: {@code POST /matches/{matchId}/events}, one event or a batch, with a bearer token (by
 * default a director's test token, which the services started by {@link ServiceProcess} accept); and, in
 * {@link #send}, the one place where the system tests send requests to any service. Thread-safe.
 */
public final class GatewayClient {
    public static final String SINGLE = "application/cloudevents+json";
    public static final String BATCH = "application/cloudevents-batch+json";

    private static final HttpClient HTTP = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2))
            .build();

    private final String baseUrl;
    /** The bearer token sent with every post (null: none). */
    private final String token;

    /** Posts as the tournament director (a {@link TestTokens} token: may post every type on every table). */
    public GatewayClient(String baseUrl) {
        this(baseUrl, TestTokens.forAccount("director"));
    }

    public GatewayClient(ServiceProcess gateway) {
        this(gateway.baseUrl());
    }

    /** Posts with {@code token} ({@code null}: without any token). */
    public GatewayClient(String baseUrl, String token) {
        this.baseUrl = baseUrl;
        this.token = token;
    }

    /** The same gateway, posting with another token (null: none). */
    public GatewayClient withToken(String otherToken) {
        return new GatewayClient(baseUrl, otherToken);
    }

    /** What the gateway answered. */
    public record Answer(int status, String contentType, Optional<String> retryAfter, String body, Duration took) {
        public JsonNode json() {
            try {
                return Json.read(body);
            } catch (JsonProcessingException e) {
                throw new AssertionError("the gateway answered " + status + " with a body that is not JSON: " + body, e);
            }
        }

        @Override
        public String toString() {
            return status + " " + contentType + (retryAfter.map(r -> " Retry-After: " + r).orElse("")) + " " + body;
        }
    }

    public Answer postOne(String matchId, JsonNode event) {
        return post(matchId, Json.write(event), SINGLE, null);
    }

    public Answer postOne(String matchId, JsonNode event, Integer waitMillis) {
        return post(matchId, Json.write(event), SINGLE, waitMillis);
    }

    public Answer postBatch(String matchId, List<? extends JsonNode> events) {
        return post(matchId, Json.write(events), BATCH, null);
    }

    public Answer postBatch(String matchId, List<? extends JsonNode> events, Integer waitMillis) {
        return post(matchId, Json.write(events), BATCH, waitMillis);
    }

    /** Any body with any content type; {@code waitMillis} null: no {@code ?wait=}. */
    public Answer post(String matchId, String body, String contentType, Integer waitMillis) {
        String path = "/matches/" + matchId + "/events" + (waitMillis == null ? "" : "?wait=" + waitMillis);
        return send(baseUrl, token, "POST", path, contentType, body.getBytes(StandardCharsets.UTF_8), Duration.ofSeconds(30));
    }

    /** Any bytes to any path of the gateway ({@code path} percent-encoded, with its query). */
    public Answer postBytes(String path, String contentType, byte[] body) {
        return send(baseUrl, token, "POST", path, contentType, body, Duration.ofSeconds(30));
    }

    /**
     * The one place where the system tests' requests to the ledger's services are sent (the gateway's posts and the
     * reads of any service), with the bearer {@code token} (null: none): {@code body} null for none. An answer that is
     * an open event stream is not read (its
     * status and headers are). An {@link IOException} (refused or dropped connection, timeout) is thrown as
     * {@link UncheckedIOException}.
     */
    public static Answer send(String baseUrl, String token, String method, String path, String contentType, byte[] body,
                              Duration timeout) {
        String uri = baseUrl + path;
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(uri)).timeout(timeout)
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
        if (contentType != null) {
            builder.header("Content-Type", contentType);
        }
        if (token != null) {
            builder.header("Authorization", "Bearer " + token);
        }
        long t0 = System.nanoTime();
        try {
            HttpResponse<InputStream> r = HTTP.send(builder.build(), HttpResponse.BodyHandlers.ofInputStream());
            String type = r.headers().firstValue("Content-Type").orElse("");
            String text;
            try (InputStream in = r.body()) {
                text = type.startsWith("text/event-stream") ? "" : new String(in.readNBytes(MAX_READ), StandardCharsets.UTF_8);
            }
            return new Answer(r.statusCode(), type, r.headers().firstValue("Retry-After"), text,
                    Duration.ofNanos(System.nanoTime() - t0));
        } catch (IOException e) {
            throw new UncheckedIOException(method + " " + uri + " failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** How much of an answer is read at most (the rest is dropped). */
    private static final int MAX_READ = 8 * 1024 * 1024;
}
