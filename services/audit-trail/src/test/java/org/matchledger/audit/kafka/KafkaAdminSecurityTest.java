package org.matchledger.audit.kafka;

import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfigBuilder;
import org.eclipse.microprofile.config.Config;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.matchledger.kafka.KafkaSecurityConfig;
import org.matchledger.kafka.LedgerAcls;
import org.matchledger.kafka.Topics;
import org.matchledger.testsupport.LocalKafkaBroker;

import java.time.Duration;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Readiness under the local SASL/SCRAM broker: the admin client of the lag check and the topic ids authenticates as
 * the audit trail's Kafka user, from the same {@code kafka.security.protocol} / {@code kafka.sasl.*} settings the
 * consumer gets. Without them it cannot reach the broker, and readiness would never turn UP.
 */
class KafkaAdminSecurityTest {
    private static LocalKafkaBroker broker;

    @BeforeAll
    static void startBroker() {
        broker = LocalKafkaBroker.start(1);
    }

    @AfterAll
    static void stopBroker() {
        if (broker != null) {
            broker.close();
        }
    }

    @Test
    void withTheServiceSettings_theLagOfEveryLedgerTopicIsRead() {
        Map<String, Object> user = broker.clientProperties(LedgerAcls.AUDIT_TRAIL);
        // As the service is configured: kafka.* properties, read by KafkaSecurityConfig like every hand-built client.
        Config config = new SmallRyeConfigBuilder().withSources(new PropertiesConfigSource(Map.of(
                "kafka.security.protocol", (String) user.get("security.protocol"),
                "kafka.sasl.mechanism", (String) user.get("sasl.mechanism"),
                "kafka.sasl.jaas.config", (String) user.get("sasl.jaas.config")), "test", 100)).build();
        KafkaAdmin admin = new KafkaAdmin(broker.bootstrapServers(), 10_000, KafkaSecurityConfig.of(config));
        try {
            Map<String, Long> lag = new LagCheck(admin, null, "audit-trail", 100)
                    .lagPerTopic().await().atMost(Duration.ofSeconds(60));
            assertEquals(Set.copyOf(Topics.ALL), lag.keySet());
            lag.values().forEach(l -> assertEquals(0L, l, lag.toString()));
        } finally {
            admin.close();
        }
    }

    @Test
    void withoutThem_theBrokerCannotBeReached() {
        KafkaAdmin admin = new KafkaAdmin(broker.bootstrapServers(), 3_000, Map.of());
        try {
            assertThrows(RuntimeException.class, () -> new LagCheck(admin, null, "audit-trail", 100)
                    .lagPerTopic().await().atMost(Duration.ofSeconds(30)));
        } finally {
            admin.close();
        }
    }
}
