package org.matchledger.gateway;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithName;

import java.time.Duration;
import java.util.Optional;

/**
 * Every setting the gateway's own code reads, with its default (application.properties, the deploy scripts and the
 * READMEs name them). No prefix: the names are the gateway's ({@code gateway.*}), the table console's
 * ({@code console.*}) and the identity provider's address that Quarkus OIDC reads too.
 */
@ConfigMapping(prefix = "")
public interface GatewayConfig {

    Gateway gateway();

    Console console();

    /**
     * {@code quarkus.oidc.auth-server-url}: the identity provider the console pairs with. Absent where tokens are
     * verified with a configured public key and no identity provider is reachable.
     */
    @WithName("quarkus.oidc.auth-server-url")
    Optional<String> identityProvider();

    interface Gateway {
        RateLimit rateLimit();

        /** {@code gateway.rate-limit.*}: posts per client address ({@link RateLimitFilter}). */
        interface RateLimit {
            /** Posts per client address and second (token bucket); 0: no limit. */
            @WithDefault("100")
            double postsPerSecond();

            /** The burst allowed above that rate. */
            @WithDefault("200")
            int burst();

            /** How many client addresses the limit remembers at most (idle ones are forgotten sooner). */
            @WithDefault("100000")
            int maxAddresses();
        }
    }

    interface Console {
        Pairing pairing();

        Lease lease();

        /** {@code console.scoreboard-url}: where the console's page finds the scoreboard. */
        @WithDefault("http://127.0.0.1:8081")
        String scoreboardUrl();

        interface Pairing {
            /** {@code console.pairing.client-id}: the identity provider's public client the console pairs through. */
            @WithDefault("table-console")
            String clientId();
        }

        /** {@code console.lease.*}: the scoring leases ({@link ConsoleLeases}). */
        interface Lease {
            /** A lease whose holder has not been seen for this long may be taken without asking. */
            @WithDefault("120s")
            Duration staleAfter();

            /** How many matches' leases this instance keeps at most. */
            @WithDefault("10000")
            int maxMatches();
        }
    }
}
