package org.matchledger.processor;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Liveness;

/** DOWN once the Kafka Streams client has failed (a stream thread died): it judges nothing any more. */
@Liveness
@ApplicationScoped
public class StreamsLiveness implements HealthCheck {
    private final StreamsHealth streams;

    public StreamsLiveness(StreamsHealth streams) {
        this.streams = streams;
    }

    @Override
    public HealthCheckResponse call() {
        HealthCheckResponseBuilder b = HealthCheckResponse.named("streams-alive").status(streams.live())
                .withData("state", streams.state().name());
        if (streams.failure() != null) {
            b.withData("error", String.valueOf(streams.failure().getMessage()));
        }
        return b.build();
    }
}
