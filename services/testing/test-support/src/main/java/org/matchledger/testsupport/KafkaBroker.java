package org.matchledger.testsupport;

import java.lang.System.Logger.Level;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.kafka.KafkaContainer;

/**
 * One real Kafka broker per test JVM, started on first use and stopped when the JVM exits.
 *
 * <ul>
 *   <li>With a Docker engine: Testcontainers' {@link KafkaContainer} ({@value #IMAGE}).</li>
 *   <li>Without one: an in-process one-node KRaft broker (broker + controller) from Kafka's own test kit,
 *       listening on 127.0.0.1 only, its logging quieted to warnings.</li>
 * </ul>
 * Both run Kafka 4.1.2 (the kafka-clients version of the Quarkus BOM) with replication factor 1 and min ISR 1
 * for the internal topics, so consumer groups and transactions ({@code read_committed}) work on one node.
 *
 * <p>System properties:
 * <ul>
 *   <li>{@value #BOOTSTRAP_PROPERTY}: use that broker instead of starting one (e.g. {@code deploy/local/kafka/start});
 *       it is also set once a broker is started, which makes the broker JVM-wide even across the class loaders
 *       Quarkus creates for its test applications.</li>
 *   <li>{@value #MODE_PROPERTY}: {@code auto} (default), {@code testcontainers} or {@code in-process}.</li>
 * </ul>
 */
public final class KafkaBroker {

    /** Bootstrap servers of the JVM-wide broker; set it to use an already running broker. */
    public static final String BOOTSTRAP_PROPERTY = "testsupport.kafka.bootstrap.servers";
    /** {@code auto} (Testcontainers if Docker is available, else in-process), {@code testcontainers}, {@code in-process}. */
    public static final String MODE_PROPERTY = "testsupport.kafka.mode";
    /** How the broker was provided: {@code testcontainers}, {@code in-process} or {@code external}. */
    public static final String KIND_PROPERTY = "testsupport.kafka.kind";

    static final String IMAGE = "apache/kafka:4.1.2";

    private static final System.Logger LOG = System.getLogger(KafkaBroker.class.getName());

    /**
     * Guards the start across class loaders: a string literal is interned, hence one object per JVM,
     * whichever class loader loaded this class.
     */
    private static final Object LOCK = "org.matchledger.testsupport.KafkaBroker.lock";

    private static RuntimeException failure;

    private KafkaBroker() {
    }

    /** The broker's bootstrap servers ({@code 127.0.0.1:port}); starts the broker on the first call. */
    public static String bootstrapServers() {
        String servers = System.getProperty(BOOTSTRAP_PROPERTY);
        if (servers != null && !servers.isBlank()) {
            return servers;
        }
        synchronized (LOCK) {
            servers = System.getProperty(BOOTSTRAP_PROPERTY);
            if (servers != null && !servers.isBlank()) {
                return servers;
            }
            if (failure != null) {
                throw failure;
            }
            try {
                servers = start();
            } catch (RuntimeException e) {
                failure = e;
                throw e;
            }
            System.setProperty(BOOTSTRAP_PROPERTY, servers);
            return servers;
        }
    }

    /** {@code testcontainers}, {@code in-process} or {@code external}; starts the broker if needed. */
    public static String kind() {
        bootstrapServers();
        return System.getProperty(KIND_PROPERTY, "external");
    }

    /**
     * Client settings for tests: the bootstrap servers and short timeouts, so that a test fails in seconds
     * rather than blocking 60 s per send when something is wrong.
     */
    public static Map<String, Object> clientProperties() {
        return clientPropertiesFor(bootstrapServers());
    }

    /** {@link #clientProperties()} for the broker at {@code bootstrapServers}. */
    static Map<String, Object> clientPropertiesFor(String bootstrapServers) {
        Map<String, Object> props = new HashMap<>();
        props.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        props.put(CommonClientConfigs.REQUEST_TIMEOUT_MS_CONFIG, 5_000);
        props.put(CommonClientConfigs.DEFAULT_API_TIMEOUT_MS_CONFIG, 10_000);
        props.put(CommonClientConfigs.SOCKET_CONNECTION_SETUP_TIMEOUT_MS_CONFIG, 2_000);
        props.put(CommonClientConfigs.SOCKET_CONNECTION_SETUP_TIMEOUT_MAX_MS_CONFIG, 5_000);
        return props;
    }

    /** {@link #clientProperties()} plus producer timeouts ({@code max.block.ms}, delivery, transactions). */
    public static Map<String, Object> producerProperties() {
        Map<String, Object> props = clientProperties();
        props.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, 10_000);
        props.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 15_000);
        props.put(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG, 15_000);
        return props;
    }

    /** {@link #clientProperties()} plus a {@code read_committed}, earliest-offset consumer setup. */
    public static Map<String, Object> consumerProperties(String groupId) {
        Map<String, Object> props = clientProperties();
        props.put(ConsumerConfig.GROUP_ID_CONFIG, groupId);
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        return props;
    }

    private static String start() {
        String mode = System.getProperty(MODE_PROPERTY, "auto").trim();
        boolean docker = switch (mode) {
            case "testcontainers" -> true;
            case "in-process" -> false;
            case "auto" -> DockerClientFactory.instance().isDockerAvailable();
            default -> throw new IllegalArgumentException(
                    MODE_PROPERTY + " must be auto, testcontainers or in-process, not '" + mode + "'");
        };
        long t0 = System.nanoTime();
        String servers = docker ? startContainer() : startInProcess();
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        System.setProperty(KIND_PROPERTY, docker ? "testcontainers" : "in-process");
        LOG.log(Level.INFO, "Kafka broker ({0}) ready at {1} in {2} ms",
                docker ? IMAGE : "in-process", servers, ms);
        return servers;
    }

    private static String startContainer() {
        KafkaContainer kafka = new KafkaContainer(IMAGE)
                // KafkaContainer already sets RF 1 for offsets and the transaction state log.
                .withEnv("KAFKA_TRANSACTION_STATE_LOG_MIN_ISR", "1")
                .withEnv("KAFKA_SHARE_COORDINATOR_STATE_TOPIC_REPLICATION_FACTOR", "1")
                .withEnv("KAFKA_SHARE_COORDINATOR_STATE_TOPIC_MIN_ISR", "1");
        kafka.start();
        Runtime.getRuntime().addShutdownHook(new Thread(kafka::stop, "kafka-container-stop"));
        return kafka.getBootstrapServers();
    }

    private static String startInProcess() {
        QuietKafkaLogging.quietBroker();
        InProcessBroker broker = InProcessBroker.start("matchledger-kafka-");
        Runtime.getRuntime().addShutdownHook(new Thread(broker::close, "kafka-in-process-stop"));
        return broker.bootstrapServers();
    }
}
