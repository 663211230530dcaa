package org.matchledger.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.System.Logger.Level;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.postgresql.PostgreSQLContainer;

/**
 * One real PostgreSQL server per test JVM, started on first use and stopped when the JVM exits (like
 * {@link KafkaBroker}).
 *
 * <ul>
 *   <li>With a Docker engine: Testcontainers' {@link PostgreSQLContainer} ({@value #IMAGE}).</li>
 *   <li>Without one: zonky's {@link EmbeddedPostgres} (PostgreSQL 15 binaries from Maven Central) on a free
 *       loopback port, data in a temporary folder.</li>
 * </ul>
 * {@link #database(String)} creates a database of that name when absent, so that test classes can keep apart.
 *
 * <p>System properties: {@value #JDBC_PROPERTY} (+ {@value #USER_PROPERTY}, {@value #PASSWORD_PROPERTY}) to use a
 * running server instead (e.g. {@code deploy/local/postgres/start}), {@value #MODE_PROPERTY}: {@code auto} (default),
 * {@code testcontainers} or {@code embedded}. The address is also set as a system property once a server is
 * started, which keeps it JVM-wide across the class loaders Quarkus creates for its test applications.
 */
public final class PostgresDatabase {
    /** JDBC URL of the server's {@code postgres} database. */
    public static final String JDBC_PROPERTY = "testsupport.postgres.jdbc.url";
    public static final String USER_PROPERTY = "testsupport.postgres.user";
    public static final String PASSWORD_PROPERTY = "testsupport.postgres.password";
    /** {@code auto} (Testcontainers if Docker is available, else embedded), {@code testcontainers}, {@code embedded}. */
    public static final String MODE_PROPERTY = "testsupport.postgres.mode";

    static final String IMAGE = "postgres:15-alpine";

    private static final System.Logger LOG = System.getLogger(PostgresDatabase.class.getName());
    /** Interned: one lock per JVM whichever class loader loaded this class. */
    private static final Object LOCK = "org.matchledger.testsupport.PostgresDatabase.lock";
    private static RuntimeException failure;

    /** Where to reach one database: JDBC and Vert.x reactive URLs, user and password. */
    public record Coordinates(String host, int port, String database, String user, String password) {
        public String jdbcUrl() {
            return "jdbc:postgresql://" + host + ":" + port + "/" + database;
        }

        public String reactiveUrl() {
            return "postgresql://" + host + ":" + port + "/" + database;
        }
    }

    private PostgresDatabase() {
    }

    /** The JVM-wide server's {@code postgres} database; starts the server on the first call. */
    public static Coordinates server() {
        synchronized (LOCK) {
            if (System.getProperty(JDBC_PROPERTY) == null) {
                if (failure != null) {
                    throw failure;
                }
                try {
                    start();
                } catch (RuntimeException e) {
                    failure = e;
                    throw e;
                }
            }
            return parse(System.getProperty(JDBC_PROPERTY), System.getProperty(USER_PROPERTY, "postgres"),
                    System.getProperty(PASSWORD_PROPERTY, "postgres"));
        }
    }

    /** A database of that name on the JVM-wide server, created when absent. */
    public static Coordinates database(String name) {
        Coordinates server = server();
        createIfAbsent(server, name);
        return new Coordinates(server.host(), server.port(), name, server.user(), server.password());
    }

    /** Creates database {@code name} on the server of {@code server} when it does not exist yet. */
    public static void createIfAbsent(Coordinates server, String name) {
        if (!name.matches("[a-z_][a-z0-9_]{0,62}")) {
            throw new IllegalArgumentException("database name must match [a-z_][a-z0-9_]*: " + name);
        }
        try (Connection c = DriverManager.getConnection(server.jdbcUrl(), server.user(), server.password());
             PreparedStatement q = c.prepareStatement("SELECT 1 FROM pg_database WHERE datname = ?")) {
            q.setString(1, name);
            try (ResultSet rs = q.executeQuery()) {
                if (rs.next()) {
                    return;
                }
            }
            try (Statement s = c.createStatement()) {
                s.execute("CREATE DATABASE " + name);
            } catch (SQLException e) {
                if (!"42P04".equals(e.getSQLState())) { // created meanwhile by someone else: fine
                    throw e;
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create database " + name + " at " + server.jdbcUrl(), e);
        }
    }

    /**
     * A PostgreSQL server of the caller's own (always embedded: tests that stop and start it), data in {@code dataDir}
     * which survives {@link EmbeddedServer#stop()}, on a fixed free loopback port so that clients can reconnect.
     */
    public static EmbeddedServer dedicated(Path dataDir) {
        EmbeddedServer s = new EmbeddedServer(dataDir, FreePort.pick());
        s.start();
        return s;
    }

    /** An embedded server that can be stopped and started again on the same port and data. */
    public static final class EmbeddedServer implements AutoCloseable {
        private final Path dataDir;
        private final int port;
        private EmbeddedPostgres pg;

        EmbeddedServer(Path dataDir, int port) {
            this.dataDir = dataDir;
            this.port = port;
        }

        public synchronized void start() {
            if (pg != null) {
                return;
            }
            try {
                Files.createDirectories(dataDir);
                pg = EmbeddedPostgres.builder()
                        .setDataDirectory(dataDir)
                        .setCleanDataDirectory(false)
                        .setPort(port)
                        .setServerConfig("listen_addresses", "127.0.0.1")
                        .start();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot start an embedded PostgreSQL in " + dataDir, e);
            }
        }

        public synchronized void stop() {
            if (pg != null) {
                try {
                    pg.close();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                } finally {
                    pg = null;
                }
            }
        }

        public Coordinates coordinates() {
            return new Coordinates("127.0.0.1", port, "postgres", "postgres", "postgres");
        }

        @Override
        public void close() {
            stop();
        }
    }

    private static void start() {
        String mode = System.getProperty(MODE_PROPERTY, "auto").trim();
        boolean docker = switch (mode) {
            case "testcontainers" -> true;
            case "embedded" -> false;
            case "auto" -> DockerClientFactory.instance().isDockerAvailable();
            default -> throw new IllegalArgumentException(
                    MODE_PROPERTY + " must be auto, testcontainers or embedded, not '" + mode + "'");
        };
        long t0 = System.nanoTime();
        String url;
        String user;
        String password;
        if (docker) {
            PostgreSQLContainer pg = new PostgreSQLContainer(IMAGE).withDatabaseName("postgres");
            pg.start();
            Runtime.getRuntime().addShutdownHook(new Thread(pg::stop, "postgres-container-stop"));
            url = "jdbc:postgresql://" + pg.getHost() + ":" + pg.getMappedPort(5432) + "/postgres";
            user = pg.getUsername();
            password = pg.getPassword();
        } else {
            try {
                Path dir = Files.createTempDirectory("matchledger-postgres-");
                EmbeddedServer server = new EmbeddedServer(dir, FreePort.pick());
                server.start();
                Runtime.getRuntime().addShutdownHook(new Thread(server::stop, "postgres-embedded-stop"));
                Coordinates c = server.coordinates();
                url = c.jdbcUrl();
                user = c.user();
                password = c.password();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        System.setProperty(USER_PROPERTY, user);
        System.setProperty(PASSWORD_PROPERTY, password);
        System.setProperty(JDBC_PROPERTY, url);
        LOG.log(Level.INFO, "PostgreSQL ({0}) ready at {1} in {2} ms", docker ? IMAGE : "embedded", url,
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0));
    }

    static Coordinates parse(String jdbcUrl, String user, String password) {
        var m = java.util.regex.Pattern.compile("jdbc:postgresql://([^:/]+):(\\d+)/([^?]+).*").matcher(jdbcUrl);
        if (!m.matches()) {
            throw new IllegalArgumentException(JDBC_PROPERTY + " must look like jdbc:postgresql://host:port/db, not " + jdbcUrl);
        }
        return new Coordinates(m.group(1), Integer.parseInt(m.group(2)), m.group(3), user, password);
    }

}
