package org.matchledger.processor;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;

/** CDI producers for the plain classes of this service. */
public class Beans {
    @Produces
    @ApplicationScoped
    MatchBook matchBook() {
        return new MatchBook();
    }
}
