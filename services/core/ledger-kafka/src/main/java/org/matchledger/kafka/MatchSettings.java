package org.matchledger.kafka;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;

/**
 * The ledger's rules for a match that every service applies the same way, {@code ledger.matches.*}: the processor
 * closes matches by them, and the audit trail re-folds a match with them to check what the processor published.
 */
@ConfigMapping(prefix = "ledger.matches")
public interface MatchSettings {

    /**
     * {@code ledger.matches.correction-window}: a finished match takes corrections for this long (of the log's own
     * time), then closes (docs/events.md "Closing"). The audit trail folds with it while no closing of a match has
     * been received (a recorded closing brings its own window): set it the same for both services.
     */
    @WithDefault("24h")
    Duration correctionWindow();
}
