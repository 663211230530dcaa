package org.matchledger.testsupport;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartitionInfo;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.System.Logger.Level;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.matchledger.testsupport.LocalKafkaScripts.HOST;

/**
 * Three nodes of {@code deploy/local/kafka} (KRaft, each a controller and a broker), started as
 * {@code deploy/local/cluster} starts them: one controller quorum of the three, Kafka's internal topics with three
 * replicas and min ISR 2, the ledger's topics as topics.properties says (three replicas, min ISR 2), SASL/SCRAM users
 * and ACLs by {@code setup}; free loopback ports, a temporary data folder deleted by {@link #close()}. A node can be
 * killed ({@code kill -9}) and started again on the same ports and storage.
 */
public final class LocalKafkaCluster implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger(LocalKafkaCluster.class.getName());
    public static final int NODES = 3;
    /** A quorum of three JVMs on a loaded 2-core machine takes minutes to form: generous, as the runner's. */
    private static final long READY_TIMEOUT_SECONDS = Long.getLong("testsupport.kafka.cluster.ready-timeout", 480);

    private final Path dataDir;
    private final List<Integer> ports;
    private final List<Integer> controllerPorts;
    private final Process[] nodes = new Process[NODES];
    private Properties credentials;

    private LocalKafkaCluster(Path dataDir, List<Integer> ports, List<Integer> controllerPorts) {
        this.dataDir = dataDir;
        this.ports = ports;
        this.controllerPorts = controllerPorts;
    }

    /** Starts the three nodes, waits for them and sets them up ({@code topicPartitions} per ledger topic). */
    public static LocalKafkaCluster start(int topicPartitions) {
        List<Integer> free = LocalKafkaScripts.freePorts(2 * NODES);
        LocalKafkaCluster cluster = new LocalKafkaCluster(LocalKafkaScripts.tempDir("local-kafka-cluster-"),
                free.subList(0, NODES), free.subList(NODES, 2 * NODES));
        try {
            cluster.startNode(1);
            // The first node writes the shared credentials and cluster id before its JVM starts.
            cluster.awaitLine(1, "kafka: starting on");
            for (int n = 2; n <= NODES; n++) {
                cluster.startNode(n);
            }
            Path log = cluster.log(1);
            Map<String, String> env = cluster.env(1, topicPartitions);
            LocalKafkaScripts.step(LocalKafkaScripts.run("wait-ready",
                    List.of(HOST + ":" + cluster.ports.get(0), Long.toString(READY_TIMEOUT_SECONDS)), env, log),
                    cluster.processes(), "wait-ready", log, READY_TIMEOUT_SECONDS);
            LocalKafkaScripts.step(LocalKafkaScripts.run("setup", List.of(), env, log), cluster.processes(), "setup", log,
                    READY_TIMEOUT_SECONDS);
            cluster.credentials = LocalKafkaScripts.credentials(cluster.dataDir);
            LOG.log(Level.INFO, "local Kafka cluster (3 nodes, SASL) ready at {0} (data {1})",
                    cluster.bootstrapServers(), cluster.dataDir);
            return cluster;
        } catch (IOException | RuntimeException e) {
            cluster.close();
            throw e instanceof RuntimeException r ? r : new UncheckedIOException((IOException) e);
        }
    }

    /** Every node's client address: clients keep working while any one node is down. */
    public String bootstrapServers() {
        return ports.stream().map(p -> HOST + ":" + p).collect(Collectors.joining(","));
    }

    public Path dataDir() {
        return dataDir;
    }

    /** The password of a Kafka user ({@code admin}, {@code table-gateway}, …) from the generated credentials. */
    public String password(String user) {
        return LocalKafkaScripts.password(credentials, user);
    }

    /** Client settings of {@code user} (SASL_PLAINTEXT, SCRAM-SHA-512) with the short timeouts of {@link KafkaBroker}. */
    public Map<String, Object> clientProperties(String user) {
        return LocalKafkaScripts.scramClient(bootstrapServers(), user, password(user));
    }

    /** The node (1…3) that leads most partitions of {@code topics}. */
    public int leaderOfMost(Collection<String> topics) {
        Map<String, Object> props = clientProperties("admin");
        // Patient: a node may just have died, and the machine may be loaded.
        props.put("request.timeout.ms", 30_000);
        props.put("default.api.timeout.ms", 120_000);
        try (Admin admin = Admin.create(props)) {
            Map<Integer, Integer> led = new HashMap<>();
            for (TopicDescription d : admin.describeTopics(topics).allTopicNames().get(120, TimeUnit.SECONDS).values()) {
                for (TopicPartitionInfo p : d.partitions()) {
                    Node leader = p.leader();
                    if (leader != null) {
                        led.merge(leader.id(), 1, Integer::sum);
                    }
                }
            }
            return led.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
        } catch (Exception e) {
            throw new IllegalStateException("cannot describe " + topics + ": " + e.getMessage(), e);
        }
    }

    /** {@code kill -9} of node {@code n}'s JVM: no controlled shutdown, as a crash. */
    public synchronized void kill(int n) {
        LocalKafkaScripts.kill(nodes[n - 1]);
    }

    /** Starts node {@code n} again (same ports, same storage); returns once it says it has started. */
    public synchronized void restart(int n) {
        long mark = logSize(n);
        startNode(n);
        awaitLine(n, "Kafka Server started", mark);
    }

    public boolean isAlive(int n) {
        return nodes[n - 1] != null && nodes[n - 1].isAlive();
    }

    /** Stops every node (SIGTERM, as deploy/local/cluster does) and deletes the data folder; idempotent. */
    @Override
    public synchronized void close() {
        for (int n = NODES; n >= 1; n--) {
            LocalKafkaScripts.stop(nodes[n - 1], 60);
        }
        LocalKafkaScripts.delete(dataDir);
    }

    private void startNode(int n) {
        try {
            nodes[n - 1] = LocalKafkaScripts.run("start", List.of(), env(n, 0), log(n));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Map<String, String> env(int n, int topicPartitions) {
        Map<String, String> env = new HashMap<>();
        env.put("LEDGER_DATA", dataDir.toString());
        env.put("KAFKA_NODE_ID", Integer.toString(n));
        env.put("KAFKA_NODE_DIR", dataDir.resolve("kafka/node-" + n).toString());
        env.put("KAFKA_PORT", Integer.toString(ports.get(n - 1)));
        env.put("KAFKA_CONTROLLER_PORT", Integer.toString(controllerPorts.get(n - 1)));
        List<String> voters = new ArrayList<>();
        for (int i = 1; i <= NODES; i++) {
            voters.add(i + "@" + HOST + ":" + controllerPorts.get(i - 1));
        }
        env.put("KAFKA_VOTERS", String.join(",", voters));
        env.put("KAFKA_INTERNAL_REPLICATION", "3");
        env.put("KAFKA_INTERNAL_MIN_ISR", "2");
        env.put("KAFKA_HEAP_OPTS", "-Xms128m -Xmx384m");
        env.put("KAFKA_BOOTSTRAP", bootstrapServers());
        if (topicPartitions > 0) {
            env.put("LEDGER_TOPICS_PARTITIONS", Integer.toString(topicPartitions));
        }
        return env;
    }

    private Path log(int n) {
        return dataDir.resolve("kafka-" + n + ".log");
    }

    private List<Process> processes() {
        List<Process> list = new ArrayList<>();
        for (Process p : nodes) {
            if (p != null) {
                list.add(p);
            }
        }
        return list;
    }

    private long logSize(int n) {
        try {
            return Files.exists(log(n)) ? Files.size(log(n)) : 0;
        } catch (IOException e) {
            return 0;
        }
    }

    private void awaitLine(int n, String text) {
        awaitLine(n, text, 0);
    }

    /** Waits until node n's log has {@code text} after byte {@code from}; fails when the node exits first. */
    private void awaitLine(int n, String text, long from) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(READY_TIMEOUT_SECONDS);
        while (System.nanoTime() < deadline) {
            try {
                String s = Files.exists(log(n)) ? Files.readString(log(n)) : "";
                if (s.length() > from && s.substring((int) Math.min(from, s.length())).contains(text)) {
                    return;
                }
            } catch (IOException e) {
                // not written yet
            }
            if (!nodes[n - 1].isAlive()) {
                throw new IllegalStateException("Kafka node " + n + " exited; log:\n" + LocalKafkaScripts.tail(log(n)));
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        throw new IllegalStateException("Kafka node " + n + " did not log '" + text + "'; log:\n" + LocalKafkaScripts.tail(log(n)));
    }
}
