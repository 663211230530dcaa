package org.matchledger.kafka;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The security settings of a Kafka client ({@code security.protocol}, {@code sasl.*}, {@code ssl.*}) as a service is
 * given them: {@code kafka.security.protocol}, {@code kafka.sasl.mechanism}, {@code kafka.sasl.jaas.config}, … as
 * properties, or {@code KAFKA_SECURITY_PROTOCOL}, {@code KAFKA_SASL_JAAS_CONFIG}, … in the environment (named the way
 * Quarkus' own {@code default-kafka-broker} configuration reads them, which the SmallRye channels use). Every Kafka
 * client a service builds itself adds these, so that it authenticates as the service's user; none given: none added
 * (PLAINTEXT, as on the test brokers).
 */
public final class KafkaSecurity {
    private static final String PREFIX = "kafka";

    private KafkaSecurity() {
    }

    /**
     * The security settings among {@code names}, each looked up with {@code value}: {@code kafka.sasl.jaas.config}
     * and {@code KAFKA_SASL_JAAS_CONFIG} both give {@code sasl.jaas.config}. Blank values are left out.
     */
    public static Map<String, Object> select(Iterable<String> names, Function<String, Optional<String>> value) {
        Map<String, Object> out = new TreeMap<>();
        for (String name : names) {
            String key = clientKey(name);
            if (key != null) {
                value.apply(name).filter(v -> !v.isBlank()).ifPresent(v -> out.put(key, v));
            }
        }
        return out;
    }

    /** The security settings of this process's environment ({@code KAFKA_SECURITY_PROTOCOL}, …): tools, benchmarks. */
    public static Map<String, Object> fromEnvironment() {
        Map<String, String> env = System.getenv();
        return select(env.keySet(), name -> Optional.ofNullable(env.get(name)));
    }

    /** The client setting a configuration name stands for, or null when it is not a security setting. */
    static String clientKey(String name) {
        if (name.length() <= PREFIX.length() + 1 || !name.regionMatches(true, 0, PREFIX, 0, PREFIX.length())) {
            return null;
        }
        char separator = name.charAt(PREFIX.length());
        if (separator != '.' && separator != '_') {
            return null;
        }
        String key = name.substring(PREFIX.length() + 1).toLowerCase(Locale.ROOT).replace('_', '.');
        return key.equals("security.protocol") || key.startsWith("sasl.") || key.startsWith("ssl.") ? key : null;
    }
}
