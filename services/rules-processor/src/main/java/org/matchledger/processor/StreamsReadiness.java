package org.matchledger.processor;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Ready only when Kafka Streams is RUNNING: the stores of every assigned task are restored and it judges. */
@Readiness
@ApplicationScoped
public class StreamsReadiness implements HealthCheck {
    private final StreamsHealth streams;

    public StreamsReadiness(StreamsHealth streams) {
        this.streams = streams;
    }

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("streams-running").status(streams.ready())
                .withData("state", streams.state().name()).build();
    }
}
