package org.matchledger.kafka;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

class KafkaSecurityTest {

    private static Map<String, Object> select(Map<String, String> given) {
        return KafkaSecurity.select(given.keySet(), name -> Optional.ofNullable(given.get(name)));
    }

    @Test
    void propertiesAndEnvironmentNamesGiveTheClientSettings() {
        Map<String, String> given = new LinkedHashMap<>();
        given.put("kafka.security.protocol", "SASL_PLAINTEXT");
        given.put("KAFKA_SASL_MECHANISM", "SCRAM-SHA-512");
        given.put("KAFKA_SASL_JAAS_CONFIG", "ScramLoginModule required username=\"scoreboard\" password=\"p\";");
        given.put("kafka.ssl.truststore.location", "/x.p12");
        assertEquals(Map.of(
                "security.protocol", "SASL_PLAINTEXT",
                "sasl.mechanism", "SCRAM-SHA-512",
                "sasl.jaas.config", "ScramLoginModule required username=\"scoreboard\" password=\"p\";",
                "ssl.truststore.location", "/x.p12"), select(given));
    }

    @Test
    void otherSettingsAndBlankValuesAreLeftOut() {
        Map<String, String> given = new LinkedHashMap<>();
        given.put("kafka.bootstrap.servers", "127.0.0.1:9092");
        given.put("KAFKA_PORT", "9092");
        given.put("KAFKA_CONTROLLER_PORT", "9093");
        given.put("kafkasasl.mechanism", "PLAIN");
        given.put("mp.messaging.incoming.x.sasl.mechanism", "PLAIN");
        given.put("kafka.sasl.jaas.config", " ");
        given.put("kafka", "x");
        assertEquals(Map.of(), select(given));
    }

    @Test
    void noSettingsNoSecurity() {
        assertEquals(Map.of(), select(Map.of()));
    }
}
