package org.matchledger.processor;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.time.Duration;

/** CDI producers for the plain classes of this service. */
public class Beans {
    @Produces
    @ApplicationScoped
    MatchBook matchBook() {
        return new MatchBook();
    }

    @Produces
    @ApplicationScoped
    StallWatch stallWatch(@ConfigProperty(name = "ledger.processor.stall-timeout", defaultValue = "30s") Duration timeout) {
        return new StallWatch(timeout, System::nanoTime);
    }
}
