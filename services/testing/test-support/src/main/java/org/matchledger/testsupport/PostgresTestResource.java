package org.matchledger.testsupport;

import java.util.Map;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

/**
 * Points a Quarkus test application at a database on the JVM-wide {@link PostgresDatabase}:
 * <pre>{@code
 * @QuarkusTest
 * @WithTestResource(PostgresTestResource.class)
 * class RepositoryTest { ... }
 * }</pre>
 * It sets the reactive and JDBC URLs of the default datasource, user and password. The database is named by the
 * init argument {@code database} (default {@value #DEFAULT_DATABASE}) and created when absent; keep
 * {@code quarkus.devservices.enabled=false}. The server outlives {@link #stop()}: it stops when the JVM exits.
 */
public class PostgresTestResource implements QuarkusTestResourceLifecycleManager {
    public static final String DEFAULT_DATABASE = "ledger_test";

    private String database = DEFAULT_DATABASE;

    @Override
    public void init(Map<String, String> initArgs) {
        database = initArgs.getOrDefault("database", DEFAULT_DATABASE);
    }

    @Override
    public Map<String, String> start() {
        PostgresDatabase.Coordinates db = PostgresDatabase.database(database);
        return properties(db);
    }

    /** The Quarkus datasource settings for {@code db}. */
    public static Map<String, String> properties(PostgresDatabase.Coordinates db) {
        return Map.of(
                "quarkus.datasource.reactive.url", db.reactiveUrl(),
                "quarkus.datasource.jdbc.url", db.jdbcUrl(),
                "quarkus.datasource.username", db.user(),
                "quarkus.datasource.password", db.password());
    }

    @Override
    public void stop() {
        // Nothing to do: the server is JVM-wide and stops with the JVM.
    }
}
