package org.matchledger.gateway;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.jboss.logging.Logger;
import org.matchledger.http.Problem;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.stream.Collectors;

/**
 * What the table console (the page under {@code /console/}) needs besides posting events: where the scoreboard is,
 * and pairing through the OAuth 2.0 Device Authorization Grant (RFC 8628) of the identity provider's public client
 * {@code table-console}. The gateway relays the two grant requests so that the page needs no CORS permission at the
 * identity provider and never holds anything but the tokens it was granted (the client is public: no secret).
 * These endpoints need no token; the posts they lead to do.
 */
@Path("/console/api")
public class ConsoleResource {
    static final String DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code";
    private static final Logger LOG = Logger.getLogger(ConsoleResource.class);
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    /** Absent where tokens are verified with a configured public key and no identity provider is reachable. */
    private final Optional<String> issuer;
    private final String clientId;
    private final String scoreboardUrl;

    public ConsoleResource(GatewayConfig config) {
        this.issuer = config.identityProvider();
        this.clientId = config.console().pairing().clientId();
        this.scoreboardUrl = config.console().scoreboardUrl();
    }

    @GET
    @Path("/config")
    @Produces(MediaType.APPLICATION_JSON)
    public Map<String, String> config() {
        Map<String, String> config = new LinkedHashMap<>();
        config.put("scoreboardUrl", scoreboardUrl);
        config.put("pairingClient", clientId);
        return config;
    }

    /** Asks the identity provider for a device code and a user code (RFC 8628 §3.1); its answer is relayed as is. */
    @POST
    @Path("/pairing")
    @Produces(MediaType.APPLICATION_JSON)
    public CompletionStage<Response> pairing() {
        return relay(issuer, "/protocol/openid-connect/auth/device", Map.of("client_id", clientId, "scope", "openid"));
    }

    /**
     * The token request: {@code grant=device} with {@code device_code} (polling, RFC 8628 §3.4) or
     * {@code grant=refresh} with {@code refresh_token}. The identity provider's answer (tokens, or
     * {@code authorization_pending}, {@code slow_down}, … with its status) is relayed as is.
     */
    @POST
    @Path("/token")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Produces(MediaType.APPLICATION_JSON)
    public CompletionStage<Response> token(@FormParam("grant") String grant, @FormParam("device_code") String deviceCode,
                                           @FormParam("refresh_token") String refreshToken) {
        Map<String, String> form = new LinkedHashMap<>();
        form.put("client_id", clientId);
        if ("device".equals(grant) && present(deviceCode)) {
            form.put("grant_type", DEVICE_GRANT);
            form.put("device_code", deviceCode);
        } else if ("refresh".equals(grant) && present(refreshToken)) {
            form.put("grant_type", "refresh_token");
            form.put("refresh_token", refreshToken);
        } else {
            String field = !"device".equals(grant) && !"refresh".equals(grant) ? "grant"
                    : "device".equals(grant) ? "device_code" : "refresh_token";
            return java.util.concurrent.CompletableFuture.completedFuture(Response.status(400).type(Problem.MEDIA_TYPE)
                    .entity(Problem.badParameter(field,
                            "grant must be device (with device_code) or refresh (with refresh_token)")).build());
        }
        return relay(issuer, "/protocol/openid-connect/token", form);
    }

    private static boolean present(String s) {
        return s != null && !s.isBlank() && s.length() <= 8192;
    }

    private static CompletionStage<Response> relay(Optional<String> issuer, String path, Map<String, String> form) {
        if (issuer.isEmpty() || issuer.get().isBlank()) {
            return java.util.concurrent.CompletableFuture.completedFuture(Response.status(503).type(Problem.MEDIA_TYPE)
                    .entity(Problem.of(503, "Identity provider unavailable",
                            "this gateway has no identity provider to pair with (quarkus.oidc.auth-server-url)")).build());
        }
        String endpoint = issuer.get() + path;
        String body = form.entrySet().stream()
                .map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
        HttpRequest request = HttpRequest.newBuilder(URI.create(endpoint)).timeout(Duration.ofSeconds(10))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
        return HTTP.sendAsync(request, HttpResponse.BodyHandlers.ofString())
                .thenApply(r -> {
                    int status = r.statusCode() >= 500 ? 503 : r.statusCode();
                    String type = r.headers().firstValue("Content-Type").filter(t -> t.contains("json")).isPresent()
                            ? MediaType.APPLICATION_JSON : MediaType.TEXT_PLAIN;
                    return Response.status(status).type(type).entity(r.body()).header("Cache-Control", "no-store").build();
                })
                .exceptionally(e -> {
                    LOG.warnf("identity provider unreachable at %s: %s", endpoint, Optional.ofNullable(e.getCause()).orElse(e));
                    return Response.status(503).header("Retry-After", "5").type(Problem.MEDIA_TYPE)
                            .entity(Problem.of(503, "Identity provider unavailable", "try again shortly")).build();
                });
    }
}
