package org.matchledger.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.System.Logger.Level;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The local Keycloak of {@code deploy/local/keycloak} (realm {@value #REALM}: roles, demo accounts, clients), started
 * for tests with the same launcher and realm template, its credentials generated into the data folder given (or a
 * temporary one). Nothing needs to be installed: the launcher unpacks Keycloak from Maven Central with the Maven
 * wrapper and picks a JDK 21+ itself ({@code KEYCLOAK_JAVA_HOME} is honoured).
 *
 * <p>{@link #start()} runs one server of its own; {@link #shared()} one per JVM, stopped when the JVM exits (its data
 * folder and ports are kept in system properties, so the class loaders of Quarkus test applications find the same
 * server). A first start takes a minute or two (unpack, Keycloak's build step, realm import), later starts with the
 * same data folder ≈ 10 s, and a start from the build's {@link KeycloakSeed} ≈ 20 s (the realm import included).
 *
 * <p>System properties: {@value #REPO_PROPERTY} (the repository's root, found from the working directory by
 * default), {@value #READY_TIMEOUT_PROPERTY} (seconds, default 600).
 */
public final class KeycloakServer implements AutoCloseable {

    public static final String REALM = "matchledger";
    /** Public client with direct access grants: the tokens of tests and of {@code ledger token}. */
    public static final String CLI_CLIENT = "ledger-cli";

    public static final String REPO_PROPERTY = "testsupport.repo.root";
    public static final String READY_TIMEOUT_PROPERTY = "testsupport.keycloak.ready.timeout";
    /** Set once {@link #shared()} has started a server: its data folder, HTTP and management ports. */
    static final String SHARED_DATA_PROPERTY = "testsupport.keycloak.data";
    static final String SHARED_PORT_PROPERTY = "testsupport.keycloak.port";
    static final String SHARED_MANAGEMENT_PORT_PROPERTY = "testsupport.keycloak.management.port";

    private static final String HOST = "127.0.0.1";
    private static final System.Logger LOG = System.getLogger(KeycloakServer.class.getName());
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Interned: one lock per JVM whichever class loader loaded this class. */
    private static final Object LOCK = "org.matchledger.testsupport.KeycloakServer.lock";

    private final Path dataDir;
    private final int port;
    private final int managementPort;
    private final Process launcher;
    private final Duration startTime;
    /** Deleted by {@link #close()}: the temporary data folder {@link #start()} made (Keycloak's ≈ 190 MB). */
    private Path ownedDataDir;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private KeycloakServer(Path dataDir, int port, int managementPort, Process launcher, Duration startTime) {
        this.dataDir = dataDir;
        this.port = port;
        this.managementPort = managementPort;
        this.launcher = launcher;
        this.startTime = startTime;
    }

    /**
     * A server of its own, data (credentials included) in a new temporary folder, deleted by {@link #close()}. The
     * distribution is a copy of this build's {@link KeycloakSeed} (unpacked and built once per build); credentials
     * and the realm's database are the server's own.
     */
    public static KeycloakServer start() {
        Path dir;
        try {
            dir = Files.createTempDirectory("keycloak-test-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try {
            KeycloakSeed.copyInto(dir, LOCK);
            KeycloakServer server = start(dir);
            server.ownedDataDir = dir;
            return server;
        } catch (RuntimeException e) {
            deleteTree(dir);
            throw e;
        }
    }

    /**
     * A server of its own with its data in {@code dataDir} (the launcher's {@code LEDGER_DATA}: Keycloak is unpacked
     * into {@code dataDir/keycloak}, credentials generated there): a folder used before starts faster.
     */
    public static KeycloakServer start(Path dataDir) {
        Path start = repositoryRoot().resolve("deploy/local/keycloak/start");
        int port = FreePort.pick();
        int managementPort = FreePort.pick();
        Path log = dataDir.resolve("keycloak.log");
        long t0 = System.nanoTime();
        Process process;
        try {
            Files.createDirectories(dataDir);
            ProcessBuilder builder = new ProcessBuilder(start.toString())
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
            builder.environment().put("LEDGER_DATA", dataDir.toAbsolutePath().toString());
            builder.environment().put("KEYCLOAK_PORT", Integer.toString(port));
            builder.environment().put("KEYCLOAK_MANAGEMENT_PORT", Integer.toString(managementPort));
            process = builder.start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + start, e);
        }
        KeycloakServer server = new KeycloakServer(dataDir.toAbsolutePath(), port, managementPort, process, null);
        long timeout = Long.getLong(READY_TIMEOUT_PROPERTY, 600);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeout);
        while (!server.ready()) {
            if (!process.isAlive()) {
                throw new IllegalStateException("Keycloak's launcher exited with status " + process.exitValue()
                        + " before Keycloak was ready; last lines of " + log + ":\n" + tail(log));
            }
            if (System.nanoTime() > deadline) {
                server.close();
                throw new IllegalStateException("Keycloak not ready after " + timeout + " s; last lines of " + log
                        + ":\n" + tail(log));
            }
            sleep(500);
        }
        Duration took = Duration.ofNanos(System.nanoTime() - t0);
        LOG.log(Level.INFO, "Keycloak ready at {0} after {1} s (data {2})", server.issuer(), took.toSeconds(), dataDir);
        return new KeycloakServer(server.dataDir, port, managementPort, process, took);
    }

    /** One server per JVM, started on the first call, stopped when the JVM exits. */
    public static KeycloakServer shared() {
        synchronized (LOCK) {
            String data = System.getProperty(SHARED_DATA_PROPERTY);
            if (data != null) {
                return new KeycloakServer(Path.of(data), Integer.getInteger(SHARED_PORT_PROPERTY),
                        Integer.getInteger(SHARED_MANAGEMENT_PORT_PROPERTY), null, Duration.ZERO);
            }
            KeycloakServer server = start();
            System.setProperty(SHARED_DATA_PROPERTY, server.dataDir.toString());
            System.setProperty(SHARED_PORT_PROPERTY, Integer.toString(server.port));
            System.setProperty(SHARED_MANAGEMENT_PORT_PROPERTY, Integer.toString(server.managementPort));
            Runtime.getRuntime().addShutdownHook(new Thread(server::close, "keycloak-stop"));
            return server;
        }
    }

    /** The realm's issuer, {@code http://127.0.0.1:PORT/realms/matchledger} (Quarkus' {@code quarkus.oidc.auth-server-url}). */
    public URI issuer() {
        return URI.create("http://" + HOST + ":" + port + "/realms/" + REALM);
    }

    public URI tokenEndpoint() {
        return URI.create(issuer() + "/protocol/openid-connect/token");
    }

    public URI userInfoEndpoint() {
        return URI.create(issuer() + "/protocol/openid-connect/userinfo");
    }

    /** OAuth 2.0 Device Authorization Grant endpoint (client {@code table-console}). */
    public URI deviceAuthorizationEndpoint() {
        return URI.create(issuer() + "/protocol/openid-connect/auth/device");
    }

    /** How long {@link #start} took until the realm was served ({@link Duration#ZERO} for an attached server). */
    public Duration startTime() {
        return startTime;
    }

    /** The file of generated credentials (mode 600). */
    public Path credentialsFile() {
        return dataDir.resolve("keycloak/credentials");
    }

    /** The generated credentials: {@code password.<account>}, {@code secret.<client>}, {@code admin.password}. */
    public Map<String, String> credentials() {
        try {
            return Files.readAllLines(credentialsFile()).stream()
                    .filter(line -> !line.startsWith("#") && line.contains("="))
                    .collect(Collectors.toMap(line -> line.substring(0, line.indexOf('=')),
                            line -> line.substring(line.indexOf('=') + 1), (a, b) -> a, LinkedHashMap::new));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The generated password of a demo account ({@code table-T01} … {@code table-T16}, {@code referee}, …). */
    public String password(String account) {
        String password = credentials().get("password." + account);
        if (password == null) {
            throw new IllegalArgumentException("no demo account " + account);
        }
        return password;
    }

    /** The generated secret of a confidential client ({@code audit-trail}). */
    public String clientSecret(String clientId) {
        String secret = credentials().get("secret." + clientId);
        if (secret == null) {
            throw new IllegalArgumentException("no confidential client " + clientId);
        }
        return secret;
    }

    /** Keycloak's answer to a password grant on {@value #CLI_CLIENT}: HTTP status and JSON body. */
    public record Grant(int status, JsonNode body) {
        public Optional<String> accessToken() {
            return Optional.ofNullable(body.get("access_token")).map(JsonNode::asText);
        }
    }

    /** A password grant on {@value #CLI_CLIENT} (scope openid) with any password: refusals are answered, not thrown. */
    public Grant passwordGrant(String account, String password) {
        String form = Map.of("grant_type", "password", "client_id", CLI_CLIENT, "scope", "openid",
                        "username", account, "password", password).entrySet().stream()
                .map(e -> e.getKey() + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
        HttpResponse<String> response = send(HttpRequest.newBuilder(tokenEndpoint())
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form)).build());
        return new Grant(response.statusCode(), json(response.body()));
    }

    /** An access token of a demo account, with its generated password. */
    public String accessToken(String account) {
        Grant grant = passwordGrant(account, password(account));
        return grant.accessToken().orElseThrow(() -> new IllegalStateException(
                "Keycloak refused the password grant for " + account + ": HTTP " + grant.status() + " " + grant.body()));
    }

    /** The userinfo endpoint's answer for an access token (HTTP 200 expected). */
    public JsonNode userInfo(String accessToken) {
        HttpResponse<String> response = send(HttpRequest.newBuilder(userInfoEndpoint())
                .header("Authorization", "Bearer " + accessToken).GET().build());
        if (response.statusCode() != 200) {
            throw new IllegalStateException("userinfo answered HTTP " + response.statusCode() + ": " + response.body());
        }
        return json(response.body());
    }

    /** The claims of a JWT (its payload, decoded; the signature is not checked). */
    public static JsonNode claimsOf(String jwt) {
        String[] parts = jwt.split("\\.");
        if (parts.length != 3) {
            throw new IllegalArgumentException("not a JWT (" + parts.length + " parts)");
        }
        return json(new String(Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8));
    }

    /** Resident memory of the Keycloak JVM in bytes (Linux {@code /proc}), empty when not known. */
    public Optional<Long> residentBytes() {
        if (launcher == null) {
            return Optional.empty();
        }
        return launcher.descendants()
                .filter(p -> p.info().command().map(c -> c.endsWith("/java")).orElse(false))
                .findFirst()
                .flatMap(p -> {
                    try {
                        return Files.readAllLines(Path.of("/proc", Long.toString(p.pid()), "status")).stream()
                                .filter(line -> line.startsWith("VmRSS:"))
                                .map(line -> Long.parseLong(line.replaceAll("\\D", "")) * 1024)
                                .findFirst();
                    } catch (IOException | RuntimeException e) {
                        return Optional.empty();
                    }
                });
    }

    /**
     * Stops a server this object started: SIGTERM to the launcher (which stops Keycloak), KILL after 30 s; then
     * deletes the temporary data folder {@link #start()} made.
     */
    @Override
    public void close() {
        if (launcher != null && launcher.isAlive()) {
            List<ProcessHandle> descendants = launcher.descendants().toList();
            launcher.destroy();
            try {
                if (!launcher.waitFor(30, TimeUnit.SECONDS)) {
                    LOG.log(Level.WARNING, "Keycloak did not stop within 30 s: killing it");
                    launcher.destroyForcibly();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            descendants.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
        }
        if (ownedDataDir != null) {
            deleteTree(ownedDataDir);
            ownedDataDir = null;
        }
    }

    static void deleteTree(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            LOG.log(Level.WARNING, "could not delete {0}: {1}", dir, e.getMessage());
        }
    }

    private boolean ready() {
        try {
            HttpResponse<String> health = http.send(HttpRequest.newBuilder(
                            URI.create("http://" + HOST + ":" + managementPort + "/health/ready"))
                    .timeout(Duration.ofSeconds(5)).GET().build(), HttpResponse.BodyHandlers.ofString());
            if (health.statusCode() != 200) {
                return false;
            }
            HttpResponse<String> realm = http.send(HttpRequest.newBuilder(
                            URI.create(issuer() + "/.well-known/openid-configuration"))
                    .timeout(Duration.ofSeconds(5)).GET().build(), HttpResponse.BodyHandlers.ofString());
            return realm.statusCode() == 200;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for Keycloak", e);
        }
    }

    private HttpResponse<String> send(HttpRequest request) {
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException("Keycloak at " + issuer() + " did not answer", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static JsonNode json(String text) {
        try {
            return JSON.readTree(text);
        } catch (IOException e) {
            throw new IllegalStateException("not JSON: " + text, e);
        }
    }

    /** The repository's root: {@value #REPO_PROPERTY}, else the first folder up from here holding the launcher. */
    static Path repositoryRoot() {
        String configured = System.getProperty(REPO_PROPERTY);
        if (configured != null && !configured.isBlank()) {
            return Path.of(configured).toAbsolutePath();
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isExecutable(dir.resolve("deploy/local/keycloak/start"))) {
                return dir;
            }
        }
        throw new IllegalStateException("deploy/local/keycloak/start not found above " + Path.of("").toAbsolutePath()
                + " (set -D" + REPO_PROPERTY + "=<repository root>)");
    }


    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for Keycloak", e);
        }
    }
}
