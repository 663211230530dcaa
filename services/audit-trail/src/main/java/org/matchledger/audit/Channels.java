package org.matchledger.audit;

/** SmallRye channel names (configured in application.properties). */
public final class Channels {
    /** Incoming, in batches: table-events, match-rulings, match-views and table-events-rejected, read_committed. */
    public static final String AUDIT_IN = "audit-in";

    private Channels() {
    }
}
