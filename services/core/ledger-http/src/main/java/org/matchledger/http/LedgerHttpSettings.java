package org.matchledger.http;

import io.smallrye.config.ConfigMapping;

/**
 * {@code ledger.http.*}: how a read-only service names itself in its problems ({@link ReadOnlyProblemMappers}). Found
 * by the services that index this module ({@code quarkus.index-dependency.ledger-http.*}); each of them sets both.
 */
@ConfigMapping(prefix = "ledger.http")
public interface LedgerHttpSettings {

    /** The service's name, as a 405 tells it ("… is read-only"). */
    String serviceName();

    /** Where a client finds the service's resources, as a 404 points to it. */
    String entryPoint();
}
