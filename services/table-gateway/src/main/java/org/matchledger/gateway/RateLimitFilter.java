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
    private final PostRateLimit rateLimit;

    public RateLimitFilter(PostRateLimit rateLimit) {
        this.rateLimit = rateLimit;
    }

    @ServerRequestFilter
    public Optional<Response> limit(HttpServerRequest request) {
        if (request.method() != HttpMethod.POST) {
            return Optional.empty();
        }
        String address = request.remoteAddress() == null ? "unknown" : request.remoteAddress().hostAddress();
        Optional<TokenBuckets.Decision> taken = rateLimit.take(address);
        if (taken.isEmpty() || taken.get().allowed()) {
            return Optional.empty();
        }
        TokenBuckets.Decision d = taken.get();
        Problem p = Problem.of(429, "Too many requests", "more posts from this address than the gateway accepts; "
                + "send again after " + d.retryAfterSeconds() + " s (the same events: a re-sent event is a no-op)");
        return Optional.of(Response.status(429).header("Retry-After", Long.toString(d.retryAfterSeconds()))
                .type(Problem.MEDIA_TYPE).entity(p).build());
    }
}
