package org.matchledger.systemtests;

import org.matchledger.testsupport.FreePort;
import org.matchledger.testsupport.TestTokens;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.System.Logger.Level;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One packaged service ({@code target/quarkus-app/quarkus-run.jar}) run as a child process of the test JVM:
 * {@code java -D... -jar quarkus-run.jar} on a free loopback port, with its management interface ({@code /q/*}) on
 * another, its console output captured to {@code target/<name>-<n>.log}. {@link #start} returns once
 * {@code /q/health/ready} answers UP;
 * {@link #stop()} sends SIGTERM and kills the process if it has not exited within {@value #STOP_GRACE_SECONDS} s.
 * Every process still running when the test JVM exits is killed.
 */
public final class ServiceProcess implements AutoCloseable {
    public static final String GATEWAY_JAR = "systemtests.gateway.jar";
    public static final String PROCESSOR_JAR = "systemtests.processor.jar";
    public static final String AUDIT_JAR = "systemtests.audit.jar";
    public static final String SCOREBOARD_JAR = "systemtests.scoreboard.jar";
    public static final String LOGS_DIR = "systemtests.logs.dir";

    static final Duration READY_TIMEOUT = Duration.ofSeconds(180);
    static final int STOP_GRACE_SECONDS = 15;

    private static final System.Logger LOG = System.getLogger(ServiceProcess.class.getName());
    private static final AtomicInteger COUNTER = new AtomicInteger();
    private static final Set<Process> RUNNING = ConcurrentHashMap.newKeySet();
    private static final HttpClient HTTP = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2))
            .build();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> RUNNING.forEach(Process::destroyForcibly),
                "system-tests-kill-services"));
    }

    private final String name;
    private final int port;
    private final int managementPort;
    private final Path log;
    private final Process process;
    private volatile Duration lastStopTook;
    private volatile boolean lastStopNeededKill;

    private ServiceProcess(String name, int port, int managementPort, Path log, Process process) {
        this.name = name;
        this.port = port;
        this.managementPort = managementPort;
        this.log = log;
        this.process = process;
    }

    /** The table gateway against {@code bootstrapServers}, with a small number of partitions for new topics. */
    public static ServiceProcess gateway(String bootstrapServers) {
        Map<String, String> props = serviceProperties(bootstrapServers);
        props.put("gateway.rate-limit.posts-per-second", "0"); // the tests post thousands of events a second from here
        return start("table-gateway", jar(GATEWAY_JAR), props);
    }

    /** A rules processor in consumer group {@code groupId} (its Kafka Streams application id). */
    public static ServiceProcess processor(String bootstrapServers, String groupId) {
        Map<String, String> props = serviceProperties(bootstrapServers);
        props.put("quarkus.kafka-streams.application-id", groupId);
        return start("rules-processor", jar(PROCESSOR_JAR), props);
    }

    /**
     * The audit trail against {@code bootstrapServers} and a PostgreSQL database ({@code jdbcUrl}, e.g.
     * {@code jdbc:postgresql://127.0.0.1:5432/ledger}; the reactive URL is derived from it).
     */
    public static ServiceProcess auditTrail(String bootstrapServers, String jdbcUrl, String user, String password) {
        Map<String, String> props = serviceProperties(bootstrapServers);
        props.put("quarkus.datasource.jdbc.url", jdbcUrl);
        props.put("quarkus.datasource.reactive.url", jdbcUrl.substring("jdbc:".length()));
        props.put("quarkus.datasource.username", user);
        props.put("quarkus.datasource.password", password);
        // The test tokens are verified with a public key, which Quarkus accepts only for a service (bearer) tenant.
        props.put("quarkus.oidc.application-type", "service");
        return start("audit-trail", jar(AUDIT_JAR), props);
    }

    /** A scoreboard on {@code port} (0: a free one; a fixed one lets a restarted scoreboard keep its address). */
    public static ServiceProcess scoreboard(String bootstrapServers, int port) {
        Map<String, String> props = serviceProperties(bootstrapServers);
        if (port > 0) {
            props.put("quarkus.http.port", Integer.toString(port));
        }
        return start("scoreboard", jar(SCOREBOARD_JAR), props);
    }

    /**
     * The settings every service gets here: the broker, few partitions (this is a 2-core machine), and bearer tokens
     * verified as {@link TestTokens} (public key, issuer, audience; no identity provider).
     */
    public static Map<String, String> serviceProperties(String bootstrapServers) {
        Map<String, String> props = new LinkedHashMap<>();
        props.put("kafka.bootstrap.servers", bootstrapServers);
        props.put("ledger.topics.partitions", "4");
        props.putAll(TestTokens.serviceProperties());
        return props;
    }

    /** Starts {@code jar} with {@code properties} (as {@code -D}) and waits until it is ready. */
    public static ServiceProcess start(String name, Path jar, Map<String, String> properties) {
        return start(name, jar, properties, Map.of());
    }

    /**
     * Starts {@code jar} with {@code properties} (as {@code -D}) and {@code environment} added to its environment
     * (e.g. the Kafka user's SASL settings, as deploy/local/kafka/as passes them), and waits until it is ready.
     */
    public static ServiceProcess start(String name, Path jar, Map<String, String> properties, Map<String, String> environment) {
        ServiceProcess service = launch(name, jar, properties, environment);
        try {
            service.awaitReady(READY_TIMEOUT);
        } catch (RuntimeException | Error e) {
            service.stop();
            throw e;
        }
        return service;
    }

    /** Starts {@code jar} without waiting for anything: the caller decides what "started" means. */
    public static ServiceProcess launch(String name, Path jar, Map<String, String> properties) {
        return launch(name, jar, properties, Map.of());
    }

    /** {@link #launch(String, Path, Map)} with {@code environment} added to the process's environment. */
    public static ServiceProcess launch(String name, Path jar, Map<String, String> properties, Map<String, String> environment) {
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " does not exist: package the services first "
                    + "(./mvnw -B -ntp -pl services/testing/system-tests -am verify)");
        }
        // A port given in the properties is kept (a service restarted at the same address), else a free one.
        int port = properties.containsKey("quarkus.http.port") ? Integer.parseInt(properties.get("quarkus.http.port")) : FreePort.pick();
        int managementPort = properties.containsKey("quarkus.management.port")
                ? Integer.parseInt(properties.get("quarkus.management.port")) : FreePort.pick();
        int n = COUNTER.incrementAndGet();
        Path log = logsDir().resolve(name + "-" + n + ".log");
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        // Small, quick-starting JVMs: up to five of them share two cores with the broker and the tests.
        command.add("-Xms64m");
        command.add("-Xmx384m");
        command.add("-XX:+UseSerialGC");
        command.add("-XX:TieredStopAtLevel=1");
        Map<String, String> all = new LinkedHashMap<>(properties);
        all.put("quarkus.http.port", Integer.toString(port));
        all.put("quarkus.http.host", "127.0.0.1");
        all.put("quarkus.management.port", Integer.toString(managementPort));
        all.put("quarkus.management.host", "127.0.0.1");
        all.forEach((k, v) -> command.add("-D" + k + "=" + v));
        command.add("-jar");
        command.add(jar.toString());
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(jar.getParent().toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        // An exported KAFKA_BOOTSTRAP_SERVERS would win over kafka.bootstrap.servers in Quarkus' Kafka configuration.
        builder.environment().remove("KAFKA_BOOTSTRAP_SERVERS");
        builder.environment().putAll(environment);
        try {
            Process process = builder.start();
            RUNNING.add(process);
            LOG.log(Level.INFO, "{0} started: pid {1}, http://127.0.0.1:{2}, management port {3}, log {4}", name,
                    Long.toString(process.pid()), Integer.toString(port), Integer.toString(managementPort), log);
            return new ServiceProcess(name, port, managementPort, log, process);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + jar, e);
        }
    }

    /** Waits until {@code /q/health/ready} answers 200 with status UP; fails early if the process exits. */
    public void awaitReady(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        long t0 = System.nanoTime();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException(name + " exited with status " + process.exitValue()
                        + " before it was ready; its log " + log + " ends with:\n" + logTail(40));
            }
            HttpResponse<String> r = health("/q/health/ready");
            if (r != null && r.statusCode() == 200 && r.body().contains("\"UP\"")) {
                LOG.log(Level.INFO, "{0} (pid {1}) ready in {2} ms", name, Long.toString(process.pid()),
                        Long.toString(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0)));
                return;
            }
            sleep(200);
        }
        throw new IllegalStateException(name + " was not ready within " + timeout.toSeconds() + " s; its log " + log
                + " ends with:\n" + logTail(40));
    }

    /**
     * GET on this service ({@code /q/...} on its management interface); null when it does not answer within 5 s (not
     * listening yet, or gone).
     */
    public HttpResponse<String> health(String path) {
        return health(path, Duration.ofSeconds(5));
    }

    /** GET on this service ({@code /q/...} on its management interface); null when it does not answer within {@code timeout}. */
    public HttpResponse<String> health(String path, Duration timeout) {
        try {
            String base = path.startsWith("/q/") ? managementBaseUrl() : baseUrl();
            HttpRequest request = HttpRequest.newBuilder(URI.create(base + path))
                    .timeout(timeout).GET().build();
            return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** SIGTERM, then SIGKILL if the process is still running after {@value #STOP_GRACE_SECONDS} s. Idempotent. */
    public void stop() {
        long t0 = System.nanoTime();
        boolean killed = false;
        if (process.isAlive()) {
            process.destroy();
            try {
                if (!process.waitFor(STOP_GRACE_SECONDS, TimeUnit.SECONDS)) {
                    LOG.log(Level.WARNING, "{0} (pid {1}) did not stop within {2} s of SIGTERM: killing it", name,
                            Long.toString(process.pid()), STOP_GRACE_SECONDS);
                    killed = true;
                    process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                process.destroyForcibly();
            }
            lastStopTook = Duration.ofNanos(System.nanoTime() - t0);
            lastStopNeededKill = killed;
            LOG.log(Level.INFO, "{0} (pid {1}) stopped in {2} ms{3}", name, Long.toString(process.pid()),
                    Long.toString(lastStopTook.toMillis()), killed ? " (killed)" : "");
        }
        RUNNING.remove(process);
    }

    /** SIGKILL: a crash, no shutdown of any kind. */
    public void kill() {
        if (process.isAlive()) {
            process.destroyForcibly();
            try {
                process.waitFor(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            LOG.log(Level.INFO, "{0} (pid {1}) killed", name, Long.toString(process.pid()));
        }
        RUNNING.remove(process);
    }

    @Override
    public void close() {
        stop();
    }

    public String name() {
        return name;
    }

    public long pid() {
        return process.pid();
    }

    public boolean alive() {
        return process.isAlive();
    }

    /** The exit status once the process has exited, else null. */
    public Integer exitStatus() {
        return process.isAlive() ? null : process.exitValue();
    }

    public int port() {
        return port;
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + port;
    }

    /** The management interface: health, metrics and OpenAPI under {@code /q/}. */
    public int managementPort() {
        return managementPort;
    }

    public String managementBaseUrl() {
        return "http://127.0.0.1:" + managementPort;
    }

    public Path log() {
        return log;
    }

    /** How long the last {@link #stop()} took, and whether it had to kill the process. */
    public Duration lastStopTook() {
        return lastStopTook;
    }

    public boolean lastStopNeededKill() {
        return lastStopNeededKill;
    }

    /** The whole captured log (console output) so far. */
    public String logText() {
        try {
            return Files.readString(log, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(cannot read " + log + ": " + e.getMessage() + ")";
        }
    }

    /** The last {@code lines} lines of the captured log. */
    public String logTail(int lines) {
        List<String> all = logText().lines().toList();
        return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    }

    @Override
    public String toString() {
        return name + "[pid " + process.pid() + ", port " + port + ", log " + log.getFileName() + "]";
    }

    static Path jar(String property) {
        String value = System.getProperty(property);
        if (value == null || value.isBlank()) {
            throw new IllegalStateException("system property " + property + " is not set (the failsafe configuration "
                    + "of services/testing/system-tests sets it)");
        }
        return Path.of(value).toAbsolutePath().normalize();
    }

    static Path logsDir() {
        Path dir = Path.of(System.getProperty(LOGS_DIR, "target"));
        try {
            return Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }


    static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
