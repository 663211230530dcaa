package org.matchledger.kafka;

import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;

import java.util.Map;

/**
 * {@link KafkaSecurity} from a Quarkus service's configuration (properties, system properties, environment): what the
 * Kafka clients a service builds itself (admin clients, plain consumers) add to their settings, as its SmallRye
 * channels get them from {@code default-kafka-broker}.
 */
public final class KafkaSecurityConfig {
    private KafkaSecurityConfig() {
    }

    /** The security settings of the application's configuration; empty when none is given. */
    public static Map<String, Object> current() {
        return of(ConfigProvider.getConfig());
    }

    public static Map<String, Object> of(Config config) {
        return KafkaSecurity.select(config.getPropertyNames(), name -> config.getOptionalValue(name, String.class));
    }
}
