package org.matchledger.gateway;

import jakarta.enterprise.context.ApplicationScoped;

import java.util.Optional;

/**
 * The posts allowed per client address ({@code gateway.rate-limit.*}), one token bucket each. A bean of its own, behind
 * a client proxy: the request filter is made while the application is built, before the runtime settings are there;
 * this is made at the first post, with them.
 */
@ApplicationScoped
public class PostRateLimit {
    /** Null when the limit is off ({@code posts-per-second} 0). */
    private final TokenBuckets buckets;

    public PostRateLimit(GatewayConfig config) {
        GatewayConfig.Gateway.RateLimit limit = config.gateway().rateLimit();
        this.buckets = limit.postsPerSecond() > 0
                ? new TokenBuckets(limit.postsPerSecond(), Math.max(1, limit.burst()), limit.maxAddresses(), System::nanoTime)
                : null;
    }

    /** Takes a token for a post from {@code address}; empty when there is no limit. */
    Optional<TokenBuckets.Decision> take(String address) {
        return buckets == null ? Optional.empty() : Optional.of(buckets.take(address));
    }
}
