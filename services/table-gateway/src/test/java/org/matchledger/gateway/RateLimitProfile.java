package org.matchledger.gateway;

import io.quarkus.test.junit.QuarkusTestProfile;

import java.util.Map;

/** A low limit: one post a second, bursts of three. */
public class RateLimitProfile implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("gateway.rate-limit.posts-per-second", "1", "gateway.rate-limit.burst", "3");
    }
}
