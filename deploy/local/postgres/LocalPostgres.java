import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.concurrent.CountDownLatch;

/**
 * A local PostgreSQL 15 for deploy/local (run by ./start as a single-file program: no build step). Data in
 * args[0] (kept across restarts), port args[1], loopback only. Creates role and database "ledger" (password "ledger")
 * when absent, prints "postgres: ready" and blocks; SIGTERM stops the server cleanly (fast shutdown).
 */
public class LocalPostgres {
    public static void main(String[] args) throws Exception {
        Path data = Path.of(args[0]).toAbsolutePath();
        int port = Integer.parseInt(args[1]);
        Files.createDirectories(data);
        EmbeddedPostgres pg = EmbeddedPostgres.builder()
                .setDataDirectory(data)
                .setCleanDataDirectory(false)
                .setPort(port)
                .setServerConfig("listen_addresses", "127.0.0.1")
                .start();
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                pg.close();
                System.err.println("postgres: stopped");
            } catch (Exception e) {
                System.err.println("postgres: stop failed: " + e);
            } finally {
                stopped.countDown();
            }
        }, "postgres-stop"));
        try (Connection c = pg.getPostgresDatabase().getConnection(); Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT 1 FROM pg_roles WHERE rolname = 'ledger'")) {
                if (!rs.next()) {
                    s.execute("CREATE ROLE ledger LOGIN PASSWORD 'ledger'");
                }
            }
            try (ResultSet rs = s.executeQuery("SELECT 1 FROM pg_database WHERE datname = 'ledger'")) {
                if (!rs.next()) {
                    s.execute("CREATE DATABASE ledger OWNER ledger");
                    System.err.println("postgres: created database ledger");
                }
            }
        }
        System.err.println("postgres: ready on 127.0.0.1:" + port + ", data in " + data
                + " (jdbc:postgresql://127.0.0.1:" + port + "/ledger, user ledger)");
        stopped.await();
    }
}
