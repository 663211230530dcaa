package org.matchledger.core.event;

/**
 * Who posted an event, as the gateway verified it from the poster's bearer token: the account ({@code sub}, or
 * {@code preferred_username} when the token has one), the highest posting role it used ({@code director} &gt;
 * {@code referee} &gt; {@code table}) and, for a table account, its table ({@code tableId} claim; null otherwise).
 *
 * <p>It travels with the event as Kafka headers on {@code table-events} and, in exported or replayable JSONL, as the
 * CloudEvents extension attributes {@value #SUBJECT_ATTRIBUTE}, {@value #ROLE_ATTRIBUTE} and
 * {@value #TABLE_ATTRIBUTE}. It is part of the fold's input (a table may post only on its own table's matches) but not
 * of the event's content: a re-sent event is a duplicate whoever re-sends it.
 */
public record Poster(String subject, String role, String tableId) {
    public static final String SUBJECT_ATTRIBUTE = "ledgerpostersubject";
    public static final String ROLE_ATTRIBUTE = "ledgerposterrole";
    public static final String TABLE_ATTRIBUTE = "ledgerpostertable";
    public static final String TABLE = "table";
    public static final String REFEREE = "referee";
    public static final String DIRECTOR = "director";

    /** Whether the poster is a table account: bound to its own table. */
    public boolean isTable() {
        return TABLE.equals(role);
    }

    /** Whether {@code name} is one of the poster's extension attributes (which a client may never set). */
    public static boolean isAttribute(String name) {
        return SUBJECT_ATTRIBUTE.equals(name) || ROLE_ATTRIBUTE.equals(name) || TABLE_ATTRIBUTE.equals(name);
    }
}
