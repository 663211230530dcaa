package org.matchledger.testsupport;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.lang.System.Logger.Level;
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
 * What {@link LocalKafkaBroker} and {@link LocalKafkaCluster} share: they run {@code deploy/local/kafka}'s scripts
 * ({@code start}, {@code wait-ready}, {@code setup}) as deploy/local/run and deploy/local/cluster do, with a temporary
 * data folder, and stop them as the runners do (SIGTERM, SIGKILL after a grace period).
 */
final class LocalKafkaScripts {
    static final String HOST = "127.0.0.1";
    static final long READY_TIMEOUT_SECONDS = 180;
    private static final System.Logger LOG = System.getLogger(LocalKafkaScripts.class.getName());

    private LocalKafkaScripts() {
    }

    static Path script(String name) {
        return KeycloakServer.repositoryRoot().resolve("deploy/local/kafka").resolve(name);
    }

    static Path tempDir(String prefix) {
        try {
            return Files.createTempDirectory(prefix);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Runs a script of deploy/local/kafka with {@code env}, its output appended to {@code log}. */
    static Process run(String script, List<String> args, Map<String, String> env, Path log) throws IOException {
        Path path = script(script);
        List<String> command = new ArrayList<>();
        command.add(path.toString());
        command.addAll(args);
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(path.getParent().toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        builder.environment().putAll(env);
        return builder.start();
    }

    /** Waits for a step of the start; fails, naming it, when it fails or a broker exits meanwhile. */
    static void step(Process step, List<Process> brokers, String name, Path log) {
        step(step, brokers, name, log, READY_TIMEOUT_SECONDS);
    }

    static void step(Process step, List<Process> brokers, String name, Path log, long timeoutSeconds) {
        try {
            if (!step.waitFor(timeoutSeconds + 60, TimeUnit.SECONDS)) {
                step.destroyForcibly();
                throw new IllegalStateException("deploy/local/kafka/" + name + " did not finish; log:\n" + tail(log));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        boolean allAlive = brokers.stream().allMatch(Process::isAlive);
        if (step.exitValue() != 0 || !allAlive) {
            throw new IllegalStateException("deploy/local/kafka/" + name + " failed (status " + step.exitValue()
                    + (allAlive ? "" : ", a broker exited") + "); log:\n" + tail(log));
        }
    }

    static Properties credentials(Path dataDir) throws IOException {
        Properties credentials = new Properties();
        try (Reader r = Files.newBufferedReader(dataDir.resolve("kafka/credentials"), StandardCharsets.UTF_8)) {
            credentials.load(r);
        }
        return credentials;
    }

    /** The password of {@code user} in {@code credentials} (as read by {@link #credentials}). */
    static String password(Properties credentials, String user) {
        String p = credentials.getProperty("password." + user);
        if (p == null) {
            throw new IllegalArgumentException("no Kafka user " + user);
        }
        return p;
    }

    /** SIGTERM to the start script (a controlled shutdown), SIGKILL after {@code graceSeconds}; its JVM too. */
    static void stop(Process broker, long graceSeconds) {
        if (broker == null || !broker.isAlive()) {
            return;
        }
        List<ProcessHandle> descendants = broker.descendants().toList();
        broker.destroy();
        try {
            if (!broker.waitFor(graceSeconds, TimeUnit.SECONDS)) {
                LOG.log(Level.WARNING, "a local Kafka broker did not stop within {0} s: killing it", graceSeconds);
                broker.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        descendants.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
    }

    /** kill -9 of the broker's JVM (a crash: no controlled shutdown); its start script then exits too. */
    static void kill(Process broker) {
        broker.descendants().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
        broker.destroyForcibly();
        try {
            broker.waitFor(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static void delete(Path dir) {
        if (dir != null && Files.isDirectory(dir)) {
            try (Stream<Path> paths = Files.walk(dir)) {
                paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            } catch (IOException e) {
                LOG.log(Level.WARNING, "could not delete {0}: {1}", dir, e.getMessage());
            }
        }
    }

    static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }


    /** {@code count} distinct free loopback ports. */
    static List<Integer> freePorts(int count) {
        List<Integer> ports = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            ports.add(FreePort.pick());
        }
        return ports;
    }

    /** SASL/SCRAM-SHA-512 client settings of {@code user} with the short timeouts of {@link KafkaBroker}. */
    static Map<String, Object> scramClient(String bootstrapServers, String user, String password) {
        Map<String, Object> props = KafkaBroker.clientPropertiesFor(bootstrapServers);
        props.put("security.protocol", "SASL_PLAINTEXT");
        props.put("sasl.mechanism", "SCRAM-SHA-512");
        props.put("sasl.jaas.config", "org.apache.kafka.common.security.scram.ScramLoginModule required username=\""
                + user + "\" password=\"" + password + "\";");
        return props;
    }
}
