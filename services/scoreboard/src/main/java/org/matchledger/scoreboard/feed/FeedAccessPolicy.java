package org.matchledger.scoreboard.feed;

import io.quarkus.oidc.AccessTokenCredential;
import io.quarkus.oidc.TenantIdentityProvider;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;
import org.matchledger.http.Problem;
import org.matchledger.scoreboard.ScoreboardConfig;

import java.util.List;

/**
 * Who gets the live feeds. The REST views and the pages are public and need no token; the SSE and WebSocket feeds
 * serve a client without a token (or with a valid token of a role other than {@code broadcaster} / {@code director})
 * each message no earlier than {@code scoreboard.public-delay} after it was received, and a valid
 * {@code broadcaster} or {@code director} token gets them live. A token that is there but not valid is refused with
 * 401: a client that meant to be live must learn that it is not, rather than be delayed without knowing.
 *
 * <p>The token comes from {@code Authorization: Bearer …}, or from {@code ?access_token=} for the clients that cannot
 * set headers (EventSource, browser WebSocket); the header wins. It is verified by the service's OIDC configuration
 * (the same issuer, audience and roles claim as every service), outside of Quarkus' HTTP authentication, which stays
 * lazy ({@code quarkus.http.auth.proactive=false}) so that public endpoints never look at a token.
 */
@ApplicationScoped
public class FeedAccessPolicy {
    private static final Logger LOG = Logger.getLogger(FeedAccessPolicy.class);

    /** The roles that may follow the feeds live, the first one held is named in the decision. */
    public static final List<String> LIVE_ROLES = List.of("broadcaster", "director");
    public static final String ACCESS_TOKEN = "access_token";
    /** RFC 6750 §3: the challenge of a refused bearer token. */
    public static final String INVALID_TOKEN_CHALLENGE = "Bearer error=\"invalid_token\"";

    private final long publicDelayMs;
    private final TenantIdentityProvider identities;

    public FeedAccessPolicy(ScoreboardConfig config, TenantIdentityProvider identities) {
        this.publicDelayMs = Math.max(0, config.publicDelay().toMillis());
        this.identities = identities;
    }

    public long publicDelayMs() {
        return publicDelayMs;
    }

    /**
     * The decision for a request with this {@code Authorization} header and {@code access_token} query parameter
     * (either may be null).
     */
    public Uni<FeedAccess> decide(String authorization, String accessTokenParameter) {
        String token;
        if (authorization != null) {
            token = bearer(authorization);
            if (token == null) {
                return Uni.createFrom().item(refused("the Authorization header must be \"Bearer <token>\""));
            }
        } else if (accessTokenParameter != null) {
            token = accessTokenParameter.trim();
            if (token.isEmpty()) {
                return Uni.createFrom().item(refused("access_token is empty"));
            }
        } else {
            return Uni.createFrom().item(new FeedAccess.Public(publicDelayMs));
        }
        return Uni.createFrom().deferred(() -> identities.authenticate(new AccessTokenCredential(token)))
                .map(this::granted)
                .onFailure().recoverWithItem(e -> {
                    if (!(e instanceof AuthenticationFailedException)) {
                        // Not the token's fault: the identity provider's keys could not be had.
                        LOG.warnf("cannot verify a feed token: %s", e.toString());
                        return new FeedAccess.Refused(Problem.of(503, "Service Unavailable",
                                "tokens cannot be verified right now; try again, or connect without a token for the public feed"));
                    }
                    LOG.debugf("feed token refused: %s", e.toString());
                    return refused("the bearer token is not valid (malformed, expired, altered or not issued for "
                            + "this service); send a valid token, or none for the public feed");
                });
    }

    private FeedAccess granted(SecurityIdentity identity) {
        for (String role : LIVE_ROLES) {
            if (identity.hasRole(role)) {
                return new FeedAccess.Live(identity.getPrincipal().getName(), role);
            }
        }
        return new FeedAccess.Public(publicDelayMs);
    }

    /** The token of {@code Bearer <token>} (scheme case-insensitive), or null when the header is not that. */
    static String bearer(String authorization) {
        String h = authorization.trim();
        if (h.length() > 7 && h.regionMatches(true, 0, "Bearer ", 0, 7)) {
            String token = h.substring(7).trim();
            return token.isEmpty() ? null : token;
        }
        return null;
    }

    static FeedAccess.Refused refused(String detail) {
        return new FeedAccess.Refused(Problem.of(401, "Unauthorized", detail));
    }
}
