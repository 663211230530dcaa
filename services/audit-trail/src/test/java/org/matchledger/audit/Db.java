package org.matchledger.audit;

import org.matchledger.testsupport.PostgresDatabase;
import org.matchledger.testsupport.PostgresTestResource;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** Plain JDBC look at the test database (what the service stored), for assertions. */
final class Db {
    private Db() {
    }

    static long count(String sql, Object... params) {
        return count(PostgresDatabase.database(PostgresTestResource.DEFAULT_DATABASE), sql, params);
    }

    static long count(PostgresDatabase.Coordinates db, String sql, Object... params) {
        try (Connection c = DriverManager.getConnection(db.jdbcUrl(), db.user(), db.password());
             PreparedStatement q = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                q.setObject(i + 1, params[i]);
            }
            try (ResultSet rs = q.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(sql, e);
        }
    }

    /** Runs an update on the test database; the number of rows changed. */
    static int update(String sql, Object... params) {
        PostgresDatabase.Coordinates db = PostgresDatabase.database(PostgresTestResource.DEFAULT_DATABASE);
        try (Connection c = DriverManager.getConnection(db.jdbcUrl(), db.user(), db.password());
             PreparedStatement q = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                q.setObject(i + 1, params[i]);
            }
            return q.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException(sql, e);
        }
    }
}
