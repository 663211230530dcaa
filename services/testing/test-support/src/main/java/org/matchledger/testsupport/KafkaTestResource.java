package org.matchledger.testsupport;

import java.lang.System.Logger.Level;
import java.util.Map;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

/**
 * Points a Quarkus test application at the JVM-wide {@link KafkaBroker}:
 * <pre>{@code
 * @QuarkusTest
 * @WithTestResource(KafkaTestResource.class)
 * class RulesProcessorTest { ... }
 * }</pre>
 * It sets {@code kafka.bootstrap.servers} (Quarkus' Kafka clients and default Kafka configuration) and
 * {@code mp.messaging.connector.smallrye-kafka.bootstrap.servers} (every SmallRye Kafka channel that does not
 * name servers of its own; this one also wins over an exported {@code KAFKA_BOOTSTRAP_SERVERS}).
 * The broker outlives {@link #stop()}: it is shared by every test of the JVM and stops when the JVM exits.
 * Keep {@code quarkus.kafka.devservices.enabled=false} (Dev Services need Docker).
 */
public class KafkaTestResource implements QuarkusTestResourceLifecycleManager {

    /**
     * Exported, it wins over {@code kafka.bootstrap.servers} in Quarkus' {@code default-kafka-broker} configuration,
     * which SmallRye channels would then use. The connector-level property this resource also sets keeps the
     * channels on the test broker, but anything else reading the default Kafka configuration (and any channel
     * with servers of its own) still goes to the exported address.
     */
    static final String BOOTSTRAP_ENV = "KAFKA_BOOTSTRAP_SERVERS";

    private static final System.Logger LOG = System.getLogger(KafkaTestResource.class.getName());

    @Override
    public Map<String, String> start() {
        String servers = KafkaBroker.bootstrapServers();
        String exported = System.getenv(BOOTSTRAP_ENV);
        if (exported != null && !exported.isBlank() && !exported.equals(servers)) {
            LOG.log(Level.WARNING, "{0}={1} is exported: Quarkus'' default Kafka configuration (default-kafka-broker) "
                    + "uses it instead of the test broker at {2}; SmallRye channels are pointed at the test broker "
                    + "through mp.messaging.connector.smallrye-kafka.bootstrap.servers. Unset {0} when running tests.",
                    BOOTSTRAP_ENV, exported, servers);
        }
        return Map.of(
                "kafka.bootstrap.servers", servers,
                "mp.messaging.connector.smallrye-kafka.bootstrap.servers", servers);
    }

    @Override
    public void stop() {
        // Nothing to do: the broker is JVM-wide and stops with the JVM.
    }
}
