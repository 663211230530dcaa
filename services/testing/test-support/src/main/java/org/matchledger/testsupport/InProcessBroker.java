package org.matchledger.testsupport;

import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;
import org.apache.kafka.common.utils.Utils;
import org.apache.kafka.server.common.MetadataVersion;

import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A one-node KRaft broker (broker + controller) inside this JVM, from Kafka's own test kit, on loopback only, with the
 * settings a single node needs for consumer groups and transactions. {@link KafkaBroker} runs the shared one; a test
 * that must stop a broker starts one of its own.
 */
public final class InProcessBroker implements AutoCloseable {
    private static final Logger LOG = System.getLogger(InProcessBroker.class.getName());

    private final Path dir;
    private final KafkaClusterTestKit cluster;
    private final String bootstrapServers;
    private boolean closed;

    private InProcessBroker(Path dir, KafkaClusterTestKit cluster, String bootstrapServers) {
        this.dir = dir;
        this.cluster = cluster;
        this.bootstrapServers = bootstrapServers;
    }

    /** Starts a broker whose data lives in a new temporary folder named with {@code prefix}. */
    public static InProcessBroker start(String prefix) {
        Path dir = null;
        KafkaClusterTestKit cluster = null;
        try (QuietKafkaLogging.Window quiet = QuietKafkaLogging.quietShared()) {
            // Our own folder: the test kit's default one is deleted by a shutdown hook of its own, which races
            // with the broker's shutdown (ERROR lines about missing checkpoint files at JVM exit).
            dir = Files.createTempDirectory(prefix);
            TestKitNodes nodes = new TestKitNodes.Builder()
                    .setCombined(true)
                    .setNumBrokerNodes(1)
                    .setNumControllerNodes(1)
                    .setBaseDirectory(dir)
                    // The test kit defaults to the latest *testing* metadata version (unstable features).
                    .setBootstrapMetadataVersion(MetadataVersion.latestProduction())
                    .build();
            String broker = nodes.brokerListenerName().value();
            String controller = nodes.controllerListenerName().value();
            cluster = new KafkaClusterTestKit.Builder(nodes)
                    // Loopback only (the test kit would bind "localhost").
                    .setConfigProp("listeners", broker + "://127.0.0.1:0," + controller + "://127.0.0.1:0")
                    // Behave like a released broker, not like Kafka's own test suite.
                    .setConfigProp("unstable.api.versions.enable", "false")
                    .setConfigProp("unstable.feature.versions.enable", "false")
                    // One node: internal topics with one replica, or groups and transactions hang.
                    .setConfigProp("offsets.topic.replication.factor", "1")
                    .setConfigProp("offsets.topic.num.partitions", "5")
                    .setConfigProp("transaction.state.log.replication.factor", "1")
                    .setConfigProp("transaction.state.log.min.isr", "1")
                    .setConfigProp("transaction.state.log.num.partitions", "5")
                    .setConfigProp("share.coordinator.state.topic.replication.factor", "1")
                    .setConfigProp("share.coordinator.state.topic.min.isr", "1")
                    .setConfigProp("default.replication.factor", "1")
                    .setConfigProp("min.insync.replicas", "1")
                    .setConfigProp("group.initial.rebalance.delay.ms", "0")
                    .build();
            cluster.format();
            cluster.startup();
            cluster.waitForReadyBrokers();
            int port = cluster.brokers().values().iterator().next().boundPort(nodes.brokerListenerName());
            return new InProcessBroker(dir, cluster, "127.0.0.1:" + port);
        } catch (Exception e) {
            new InProcessBroker(dir, cluster, null).close();
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            throw new IllegalStateException("Could not start the in-process Kafka broker", e);
        }
    }

    public String bootstrapServers() {
        return bootstrapServers;
    }

    /** Stops the broker and deletes its data; idempotent. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try (QuietKafkaLogging.Window quiet = QuietKafkaLogging.quietShared()) {
            if (cluster != null) {
                cluster.close();
            }
        } catch (Exception e) {
            LOG.log(Level.WARNING, "Could not stop the in-process Kafka broker cleanly", e);
        }
        if (dir != null) {
            try {
                Utils.delete(dir.toFile());
            } catch (IOException e) {
                LOG.log(Level.WARNING, "Could not delete " + dir, e);
            }
        }
    }
}
