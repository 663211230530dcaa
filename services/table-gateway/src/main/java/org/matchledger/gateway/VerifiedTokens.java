package org.matchledger.gateway;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.security.identity.AuthenticationRequestContext;
import io.quarkus.security.identity.IdentityProvider;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.identity.request.TokenAuthenticationRequest;
import io.quarkus.security.runtime.QuarkusSecurityIdentity;
import io.quarkus.vertx.http.runtime.security.HttpSecurityUtils;
import io.smallrye.mutiny.Uni;
import io.vertx.ext.web.RoutingContext;
import jakarta.annotation.Priority;
import jakarta.decorator.Decorator;
import jakarta.decorator.Delegate;
import jakarta.enterprise.inject.Any;
import jakarta.inject.Inject;
import org.eclipse.microprofile.jwt.JsonWebToken;

import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Bearer tokens the OIDC extension has verified, kept until they expire (and at most {@link #MAX_AGE}), so that a
 * table client's next post with the same token is not verified again. A table posts hundreds of events with one token;
 * checking its RS256 signature and parsing its claims three times for every post was 39 % of the gateway's CPU at
 * 1,000 posts/s (JFR, README "Where the time goes").
 *
 * <ul>
 *   <li>Only what the OIDC extension accepted is kept, keyed by the whole token (signature included): a token
 *       changed by one character is a different key and is verified (and refused) as before.</li>
 *   <li>Every use checks the token's {@code exp} again: an expired token is refused as the OIDC extension refuses it.</li>
 *   <li>{@link #MAX_AGE} bounds how long a token stays trusted after the identity provider stops trusting its signing
 *       key; {@link #MAX_TOKENS} bounds the memory (beyond it, expired entries are swept, then all are dropped).</li>
 *   <li>The identity handed out is the verified one with the current request's routing context.</li>
 * </ul>
 * A CDI decorator of the OIDC extension's identity provider (the one for {@link TokenAuthenticationRequest}): what it
 * does not serve from here, it asks the provider it decorates.
 */
@Decorator
@Priority(1)
public class VerifiedTokens implements IdentityProvider<TokenAuthenticationRequest> {
    static final Duration MAX_AGE = Duration.ofMinutes(5);
    static final int MAX_TOKENS = 10_000;

    private record Verified(SecurityIdentity identity, long expiresAtMillis) {
    }

    /** Name of the counter of posts served a kept identity (on {@code /q/metrics}). */
    static final String REUSED = "gateway.tokens.reused";

    /** One map per application: the decorated provider is application scoped. */
    private final ConcurrentHashMap<String, Verified> byToken = new ConcurrentHashMap<>();
    private final IdentityProvider<TokenAuthenticationRequest> oidc;
    private final Counter reused;

    @Inject
    VerifiedTokens(@Delegate @Any IdentityProvider<TokenAuthenticationRequest> oidc, MeterRegistry registry) {
        this.oidc = oidc;
        this.reused = registry.counter(REUSED);
    }

    @Override
    public Class<TokenAuthenticationRequest> getRequestType() {
        return oidc.getRequestType();
    }

    @Override
    public int priority() {
        return oidc.priority();
    }

    @Override
    public Uni<SecurityIdentity> authenticate(TokenAuthenticationRequest request, AuthenticationRequestContext context) {
        String token = request.getToken().getToken();
        long now = System.currentTimeMillis();
        Verified known = token == null ? null : byToken.get(token);
        if (known != null) {
            if (now < known.expiresAtMillis()) {
                reused.increment();
                return Uni.createFrom().item(forThisRequest(known.identity(), request));
            }
            byToken.remove(token, known);
        }
        return oidc.authenticate(request, context).invoke(identity -> keep(token, identity, now));
    }

    private void keep(String token, SecurityIdentity identity, long now) {
        if (token == null || identity == null || !(identity.getPrincipal() instanceof JsonWebToken jwt)) {
            return;
        }
        long expiresAt = Math.min(jwt.getExpirationTime() * 1000, now + MAX_AGE.toMillis());
        if (expiresAt <= now) {
            return;
        }
        if (byToken.size() >= MAX_TOKENS) {
            byToken.values().removeIf(v -> v.expiresAtMillis() <= now);
            if (byToken.size() >= MAX_TOKENS) {
                byToken.clear();
            }
        }
        byToken.put(token, new Verified(identity, expiresAt));
    }

    /** The verified identity, carrying this request's routing context instead of the one it was verified with. */
    private static SecurityIdentity forThisRequest(SecurityIdentity verified, TokenAuthenticationRequest request) {
        RoutingContext current = HttpSecurityUtils.getRoutingContextAttribute(request);
        if (current == null) {
            return verified;
        }
        QuarkusSecurityIdentity.Builder copy = QuarkusSecurityIdentity.builder(verified);
        if (verified.getAttribute(HttpSecurityUtils.ROUTING_CONTEXT_ATTRIBUTE) != null) {
            copy.addAttribute(HttpSecurityUtils.ROUTING_CONTEXT_ATTRIBUTE, current);
        }
        if (verified.getAttribute(RoutingContext.class.getName()) != null) {
            copy.addAttribute(RoutingContext.class.getName(), current);
        }
        return copy.build();
    }
}
