package org.matchledger.audit;

import org.matchledger.testsupport.FreePort;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import org.matchledger.core.json.Json;
import org.matchledger.testsupport.KeycloakServer;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The audit trail as deployed (hybrid: bearer tokens on the API, the authorization code flow on the pages) against
 * the real local Keycloak ({@link KeycloakServer}, realm matchledger, client audit-trail with its generated secret).
 * The client's redirect URIs name the local port 8082; the test application listens on a free port, which this
 * resource adds to the client's redirect URIs through Keycloak's admin API before the application starts.
 */
public class SignInKeycloak implements QuarkusTestResourceLifecycleManager {
    static final String PORT_PROPERTY = "audit.signin.test.port";
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    @Override
    public Map<String, String> start() {
        KeycloakServer keycloak = KeycloakServer.shared();
        int port = FreePort.pick();
        System.setProperty(PORT_PROPERTY, Integer.toString(port));
        allowRedirectsTo(keycloak, "http://127.0.0.1:" + port + "/*");
        Map<String, String> config = new LinkedHashMap<>();
        config.put("quarkus.http.test-port", Integer.toString(port));
        config.put("quarkus.oidc.auth-server-url", keycloak.issuer().toString());
        config.put("quarkus.oidc.application-type", "hybrid");
        config.put("%test.quarkus.oidc.application-type", "hybrid");
        config.put("quarkus.oidc.credentials.secret", keycloak.clientSecret("audit-trail"));
        return config;
    }

    @Override
    public void stop() {
        // The shared Keycloak stops with the JVM.
    }

    /** Adds {@code redirectUri} to client audit-trail's valid redirect URIs (admin API, master realm's admin). */
    static void allowRedirectsTo(KeycloakServer keycloak, String redirectUri) {
        String base = keycloak.issuer().toString().replace("/realms/" + KeycloakServer.REALM, "");
        String form = "grant_type=password&client_id=admin-cli&username=admin&password="
                + URLEncoder.encode(keycloak.credentials().get("admin.password"), StandardCharsets.UTF_8);
        JsonNode token = send(HttpRequest.newBuilder(URI.create(base + "/realms/master/protocol/openid-connect/token"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form)), 200);
        String admin = "Bearer " + token.path("access_token").asText();
        String clients = base + "/admin/realms/" + KeycloakServer.REALM + "/clients";
        JsonNode found = send(HttpRequest.newBuilder(URI.create(clients + "?clientId=audit-trail"))
                .header("Authorization", admin).GET(), 200);
        ObjectNode client = (ObjectNode) found.get(0);
        ArrayNode uris = client.withArray("redirectUris");
        uris.add(redirectUri);
        send(HttpRequest.newBuilder(URI.create(clients + "/" + client.path("id").asText()))
                .header("Authorization", admin).header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString(Json.write(client))), 204);
    }

    private static JsonNode send(HttpRequest.Builder request, int expected) {
        try {
            HttpResponse<String> r = HTTP.send(request.timeout(Duration.ofSeconds(30)).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != expected) {
                throw new IllegalStateException("Keycloak admin API: HTTP " + r.statusCode() + " " + r.body());
            }
            return r.body().isEmpty() ? Json.MAPPER.nullNode() : Json.read(r.body());
        } catch (IOException e) {
            throw new IllegalStateException("Keycloak admin API did not answer", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

}
