package org.matchledger.audit.intake;

import io.vertx.pgclient.PgException;

import java.sql.SQLException;

/**
 * What a failed write says about its rows. Hibernate Reactive re-throws PostgreSQL's errors as JDBC exceptions whose
 * {@link SQLException} carries the SQLSTATE (not the driver's {@link PgException}): both are looked at.
 */
public final class StoreFailure {
    private StoreFailure() {
    }

    /** The SQLSTATE PostgreSQL answered with, or null (no answer: a connection problem, or not a database error). */
    public static String sqlState(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (c instanceof PgException pg && pg.getSqlState() != null) {
                return pg.getSqlState();
            }
            if (c instanceof SQLException sql && sql.getSQLState() != null) {
                return sql.getSQLState();
            }
        }
        return null;
    }

    /**
     * PostgreSQL refused the content of a row: a data exception (class 22, e.g. a NUL character in a text value), an
     * integrity violation (class 23; the idempotency conflicts never get here, ON CONFLICT absorbs them) or a program
     * limit (class 54, e.g. a value too large for an index). Storing it again will fail again: such a row is
     * quarantined. Anything else (connection errors, classes 08, 53, 57P0x, no answer at all) is the database
     * being away or unwell and is retried.
     */
    public static boolean refusedContent(Throwable t) {
        String state = sqlState(t);
        return state != null && (state.startsWith("22") || state.startsWith("23") || state.startsWith("54"));
    }

    /** The innermost cause, as "Class: message", for logs and the quarantine. */
    public static String rootMessage(Throwable t) {
        Throwable c = t;
        while (c.getCause() != null && c.getCause() != c) {
            c = c.getCause();
        }
        return c.getClass().getSimpleName() + ": " + c.getMessage();
    }

    /** The most telling message: PostgreSQL's own when there is one. */
    public static String message(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (c instanceof PgException pg) {
                return pg.getErrorMessage() != null ? pg.getErrorMessage() : pg.getMessage();
            }
            if (c instanceof SQLException sql && sql.getSQLState() != null) {
                return sql.getMessage();
            }
        }
        return rootMessage(t);
    }
}
