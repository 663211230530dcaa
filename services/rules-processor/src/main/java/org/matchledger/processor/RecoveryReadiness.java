package org.matchledger.processor;

import io.smallrye.common.annotation.Identifier;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/**
 * Not ready until this instance's partitions have been rebuilt from the log, nor while the rebuild of an assigned
 * partition has failed (its records are then not judged here).
 */
@Readiness
@ApplicationScoped
public class RecoveryReadiness implements HealthCheck {
    @Inject
    @Identifier(Channels.REBALANCE_LISTENER)
    PartitionRecovery recovery;

    @Override
    public HealthCheckResponse call() {
        String failure = recovery.failure();
        HealthCheckResponseBuilder b = HealthCheckResponse.named("partition-recovery")
                .status(recovery.recovered() && failure == null);
        if (failure != null) {
            b.withData("failedPartitions", recovery.failedPartitions().toString()).withData("error", failure);
        }
        return b.build();
    }
}
