package org.matchledger.processor;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Ready only when Kafka Streams is RUNNING: the stores of every assigned task are restored and it judges. */
@Readiness
@ApplicationScoped
public class StreamsReadiness implements HealthCheck {
    @Inject
    StreamsHealth streams;

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("streams-running").status(streams.ready())
                .withData("state", streams.state().name()).build();
    }
}
