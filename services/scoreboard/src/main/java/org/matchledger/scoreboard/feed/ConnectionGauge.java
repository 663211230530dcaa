package org.matchledger.scoreboard.feed;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * The live feed connections (SSE and WebSocket) of this instance as the gauge {@code scoreboard.connections}
 * ({@code scoreboard_connections} in {@code /q/metrics}): what the scoreboard's HorizontalPodAutoscaler scales on
 * (deploy/k8s) and the dashboard shows.
 */
@Startup
@ApplicationScoped
public class ConnectionGauge {
    public ConnectionGauge(MeterRegistry registry, ConnectionSlots slots) {
        Gauge.builder("scoreboard.connections", slots, ConnectionSlots::inUse)
                .description("live SSE and WebSocket feed connections")
                .register(registry);
    }
}
