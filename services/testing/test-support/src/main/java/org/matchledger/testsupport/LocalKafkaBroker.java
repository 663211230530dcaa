package org.matchledger.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.System.Logger.Level;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import static org.matchledger.testsupport.LocalKafkaScripts.HOST;
import static org.matchledger.testsupport.LocalKafkaScripts.READY_TIMEOUT_SECONDS;

/**
 * The broker of {@code deploy/local/kafka}, started as {@code deploy/local/run} starts it: {@code start} (SASL/SCRAM
 * client listener, StandardAuthorizer, users generated into the data folder), {@code wait-ready}, then {@code setup}
 * (the services' users and ACLs, the ledger's topics), on free loopback ports with a temporary data folder deleted
 * by {@link #close()}. For tests of who may do what on the ledger's Kafka; {@link KafkaBroker} stays the
 * PLAINTEXT broker of every other test. Three of them replicated: {@link LocalKafkaCluster}.
 */
public final class LocalKafkaBroker implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger(LocalKafkaBroker.class.getName());

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
        Path dir = LocalKafkaScripts.tempDir("local-kafka-test-");
        List<Integer> ports = LocalKafkaScripts.freePorts(2);
        int port = ports.get(0);
        int controllerPort = ports.get(1);
        Path log = dir.resolve("kafka.log");
        Map<String, String> env = Map.of(
                "LEDGER_DATA", dir.toString(),
                "KAFKA_PORT", Integer.toString(port),
                "KAFKA_CONTROLLER_PORT", Integer.toString(controllerPort),
                "KAFKA_HEAP_OPTS", "-Xms128m -Xmx512m",
                "LEDGER_TOPICS_PARTITIONS", Integer.toString(topicPartitions));
        Process broker = null;
        try {
            broker = LocalKafkaScripts.run("start", List.of(), env, log);
            LocalKafkaScripts.step(LocalKafkaScripts.run("wait-ready",
                    List.of(HOST + ":" + port, Long.toString(READY_TIMEOUT_SECONDS)), env, log), List.of(broker), "wait-ready", log);
            LocalKafkaScripts.step(LocalKafkaScripts.run("setup", List.of(), env, log), List.of(broker), "setup", log);
            Properties credentials = LocalKafkaScripts.credentials(dir);
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
        return LocalKafkaScripts.password(credentials, user);
    }

    /** Client settings of {@code user} (SASL_PLAINTEXT, SCRAM-SHA-512) with the short timeouts of {@link KafkaBroker}. */
    public Map<String, Object> clientProperties(String user) {
        return clientProperties(user, password(user));
    }

    /** Client settings of {@code user} with {@code password}, right or wrong. */
    public Map<String, Object> clientProperties(String user, String password) {
        return LocalKafkaScripts.scramClient(bootstrapServers(), user, password);
    }

    /** Client settings without any credentials (PLAINTEXT). */
    public Map<String, Object> plaintextClientProperties() {
        return KafkaBroker.clientPropertiesFor(bootstrapServers());
    }

    /** Stops the broker (SIGTERM, as deploy/local/run does) and deletes its data folder; idempotent. */
    @Override
    public synchronized void close() {
        LocalKafkaScripts.stop(broker, 60);
        LocalKafkaScripts.delete(dataDir);
    }
}
