package org.matchledger.gateway;

import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import jakarta.inject.Singleton;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;
import org.matchledger.http.Problem;

import java.util.Optional;

/**
 * Posts per client address: {@code gateway.rate-limit.posts-per-second} (0: no limit) with bursts of
 * {@code gateway.rate-limit.burst}; over it, 429 with {@code Retry-After}. A table posts a few events a minute: the
 * limit only stops a client that floods the gateway.
 */
@Singleton
public class RateLimitFilter {
    private final TokenBuckets buckets;

    public RateLimitFilter(GatewayConfig config) {
        GatewayConfig.Gateway.RateLimit limit = config.gateway().rateLimit();
        this.buckets = limit.postsPerSecond() > 0
                ? new TokenBuckets(limit.postsPerSecond(), Math.max(1, limit.burst()), limit.maxAddresses(), System::nanoTime)
                : null;
    }

    @ServerRequestFilter
    public Optional<Response> limit(HttpServerRequest request) {
        if (buckets == null || request.method() != HttpMethod.POST) {
            return Optional.empty();
        }
        String address = request.remoteAddress() == null ? "unknown" : request.remoteAddress().hostAddress();
        TokenBuckets.Decision d = buckets.take(address);
        if (d.allowed()) {
            return Optional.empty();
        }
        Problem p = Problem.of(429, "Too many requests", "more posts from this address than the gateway accepts; "
                + "send again after " + d.retryAfterSeconds() + " s (the same events: a re-sent event is a no-op)");
        return Optional.of(Response.status(429).header("Retry-After", Long.toString(d.retryAfterSeconds()))
                .type(Problem.MEDIA_TYPE).entity(p).build());
    }
}
