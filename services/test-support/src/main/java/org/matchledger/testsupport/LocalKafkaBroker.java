package org.matchledger.testsupport;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.lang.System.Logger.Level;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The broker of {@code deploy/local/kafka}, started as {@code deploy/local/run} starts it: {@code start} (SASL/SCRAM
 * client listener, StandardAuthorizer, users generated into the data folder), {@code wait-ready}, then {@code setup}
 * (the services' users and ACLs, the ledger's topics), on free loopback ports with a temporary data folder deleted
 * by {@link #close()}. For tests of who may do what on the ledger's Kafka; {@link KafkaBroker} stays the
 * PLAINTEXT broker of every other test.
 */
public final class LocalKafkaBroker implements AutoCloseable {
    private static final String HOST = "127.0.0.1";
    private static final System.Logger LOG = System.getLogger(LocalKafkaBroker.class.getName());
    private static final long READY_TIMEOUT_SECONDS = 180;

    private final Path dataDir;
    private final int port;
    private final Process broker;
    private final Properties credentials;

    private LocalKafkaBroker(Path dataDir, int port, Process broker, Properties credentials) {
        this.dataDir = dataDir;
        this.port = port;
        this.broker = broker;
        this.credentials = credentials;
    }

    /** Starts, waits for and sets up a broker of its own ({@code topicPartitions}: partitions of each ledger topic). */
    public static LocalKafkaBroker start(int topicPartitions) {
        Path root = KeycloakServer.repositoryRoot();
        Path dir;
        try {
            dir = Files.createTempDirectory("local-kafka-test-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        int port = freePort();
        int controllerPort = freePort();
        while (controllerPort == port) {
            controllerPort = freePort();
        }
        Path log = dir.resolve("kafka.log");
        Map<String, String> env = Map.of(
                "LEDGER_DATA", dir.toString(),
                "KAFKA_PORT", Integer.toString(port),
                "KAFKA_CONTROLLER_PORT", Integer.toString(controllerPort),
                "KAFKA_HEAP_OPTS", "-Xms128m -Xmx512m",
                "LEDGER_TOPICS_PARTITIONS", Integer.toString(topicPartitions));
        Process broker = null;
        try {
            broker = run(root.resolve("deploy/local/kafka/start"), List.of(), env, log);
            Path kafka = root.resolve("deploy/local/kafka");
            step(run(kafka.resolve("wait-ready"), List.of(HOST + ":" + port, Long.toString(READY_TIMEOUT_SECONDS)), env, log),
                    broker, "wait-ready", log);
            step(run(kafka.resolve("setup"), List.of(), env, log), broker, "setup", log);
            Properties credentials = new Properties();
            try (Reader r = Files.newBufferedReader(dir.resolve("kafka/credentials"), StandardCharsets.UTF_8)) {
                credentials.load(r);
            }
            LOG.log(Level.INFO, "local Kafka broker (SASL) ready at {0}:{1,number,#} (data {2})", HOST, port, dir);
            return new LocalKafkaBroker(dir, port, broker, credentials);
        } catch (IOException | RuntimeException e) {
            new LocalKafkaBroker(dir, port, broker, null).close();
            throw e instanceof RuntimeException r ? r : new UncheckedIOException((IOException) e);
        }
    }

    public String bootstrapServers() {
        return HOST + ":" + port;
    }

    /** The password of a Kafka user ({@code admin}, {@code table-gateway}, …) from the generated credentials. */
    public String password(String user) {
        String p = credentials.getProperty("password." + user);
        if (p == null) {
            throw new IllegalArgumentException("no Kafka user " + user);
        }
        return p;
    }

    /** Client settings of {@code user} (SASL_PLAINTEXT, SCRAM-SHA-512) with the short timeouts of {@link KafkaBroker}. */
    public Map<String, Object> clientProperties(String user) {
        return clientProperties(user, password(user));
    }

    /** Client settings of {@code user} with {@code password}, right or wrong. */
    public Map<String, Object> clientProperties(String user, String password) {
        Map<String, Object> props = plaintextClientProperties();
        props.put("security.protocol", "SASL_PLAINTEXT");
        props.put("sasl.mechanism", "SCRAM-SHA-512");
        props.put("sasl.jaas.config", "org.apache.kafka.common.security.scram.ScramLoginModule required username=\""
                + user + "\" password=\"" + password + "\";");
        return props;
    }

    /** Client settings without any credentials (PLAINTEXT). */
    public Map<String, Object> plaintextClientProperties() {
        return KafkaBroker.clientPropertiesFor(bootstrapServers());
    }

    /** Stops the broker (SIGTERM, as deploy/local/run does) and deletes its data folder; idempotent. */
    @Override
    public synchronized void close() {
        if (broker != null && broker.isAlive()) {
            List<ProcessHandle> descendants = broker.descendants().toList();
            broker.destroy();
            try {
                if (!broker.waitFor(60, TimeUnit.SECONDS)) {
                    LOG.log(Level.WARNING, "the local Kafka broker did not stop within 60 s: killing it");
                    broker.destroyForcibly();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            descendants.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
        }
        if (dataDir != null && Files.isDirectory(dataDir)) {
            try (Stream<Path> paths = Files.walk(dataDir)) {
                paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            } catch (IOException e) {
                LOG.log(Level.WARNING, "could not delete {0}: {1}", dataDir, e.getMessage());
            }
        }
    }

    private static Process run(Path script, List<String> args, Map<String, String> env, Path log) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(script.toString());
        command.addAll(args);
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(script.getParent().toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        builder.environment().putAll(env);
        return builder.start();
    }

    /** Waits for a step of the start; fails, naming it, when it fails or the broker exits meanwhile. */
    private static void step(Process step, Process broker, String name, Path log) {
        try {
            if (!step.waitFor(READY_TIMEOUT_SECONDS + 60, TimeUnit.SECONDS)) {
                step.destroyForcibly();
                throw new IllegalStateException("deploy/local/kafka/" + name + " did not finish; log:\n" + tail(log));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        if (step.exitValue() != 0 || !broker.isAlive()) {
            throw new IllegalStateException("deploy/local/kafka/" + name + " failed (status " + step.exitValue()
                    + (broker.isAlive() ? "" : ", the broker exited") + "); log:\n" + tail(log));
        }
    }

    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(HOST))) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
