package org.matchledger.gateway;

import io.quarkus.test.junit.QuarkusTestProfile;

import java.util.HashMap;
import java.util.Map;

/** The gateway's channels on a real broker (test-support's {@code KafkaTestResource}), its topics created at start. */
public class RealKafkaProfile implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
        Map<String, String> config = new HashMap<>();
        for (String channel : new String[]{"outgoing.table-events-out", "outgoing.rejected-out", "incoming.rulings-feed"}) {
            config.put("mp.messaging." + channel + ".connector", "smallrye-kafka");
            config.put("%test.mp.messaging." + channel + ".connector", "smallrye-kafka");
        }
        config.put("%test.ledger.topics.create", "true");
        config.put("ledger.topics.partitions", "3");
        return config;
    }
}
