package org.matchledger.audit;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import org.matchledger.testsupport.PostgresDatabase;
import org.matchledger.testsupport.PostgresTestResource;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.Map;

/** A PostgreSQL of the test's own that the test stops and starts again (same port, same data). */
public class RestartablePostgres implements QuarkusTestResourceLifecycleManager {
    static volatile PostgresDatabase.EmbeddedServer server;
    static volatile PostgresDatabase.Coordinates database;

    @Override
    public Map<String, String> start() {
        try {
            server = PostgresDatabase.dedicated(Files.createTempDirectory("audit-restart-pg-"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        PostgresDatabase.createIfAbsent(server.coordinates(), "ledger_restart");
        PostgresDatabase.Coordinates s = server.coordinates();
        database = new PostgresDatabase.Coordinates(s.host(), s.port(), "ledger_restart", s.user(), s.password());
        return PostgresTestResource.properties(database);
    }

    @Override
    public void stop() {
        if (server != null) {
            server.stop();
        }
    }
}
