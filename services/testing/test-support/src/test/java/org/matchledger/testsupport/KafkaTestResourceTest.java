package org.matchledger.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;

import org.junit.jupiter.api.Test;

class KafkaTestResourceTest {

    @Test
    void pointsQuarkusAndSmallRyeAtTheJvmWideBroker() {
        KafkaTestResource resource = new KafkaTestResource();
        Map<String, String> config = resource.start();
        String servers = KafkaBroker.bootstrapServers();
        assertEquals(Map.of(
                "kafka.bootstrap.servers", servers,
                "mp.messaging.connector.smallrye-kafka.bootstrap.servers", servers), config);
        resource.stop();
        assertEquals(servers, KafkaBroker.bootstrapServers(), "the broker outlives the resource");
    }
}
