package org.matchledger.scoreboard.ingest;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Not ready until the read model holds everything that was on the topics when this instance started. */
@Readiness
@ApplicationScoped
public class CaughtUpReadiness implements HealthCheck {
    private final LedgerFollower consumer;

    public CaughtUpReadiness(LedgerFollower consumer) {
        this.consumer = consumer;
    }

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("ledger-caught-up").status(consumer.caughtUp()).build();
    }
}
