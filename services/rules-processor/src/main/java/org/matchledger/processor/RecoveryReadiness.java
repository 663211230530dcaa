package org.matchledger.processor;

import io.smallrye.common.annotation.Identifier;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Not ready until this instance's partitions have been rebuilt from the log and it judges new events. */
@Readiness
@ApplicationScoped
public class RecoveryReadiness implements HealthCheck {
    @Inject
    @Identifier(Channels.REBALANCE_LISTENER)
    PartitionRecovery recovery;

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("partition-recovery").status(recovery.recovered()).build();
    }
}
