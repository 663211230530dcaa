package org.matchledger.processor;

/** SmallRye channel names (configured in application.properties). */
public final class Channels {
    /** Incoming: the {@code table-events} topic, consumed in batches, read_committed. */
    public static final String TABLE_EVENTS = "table-events";
    /** Outgoing, transactional: the records of a batch go to their topics through this one producer. */
    public static final String LEDGER_OUT = "ledger-out";
    /** The rebalance listener that rebuilds a partition's matches from the log. */
    public static final String REBALANCE_LISTENER = "ledger-rebalance";

    private Channels() {
    }
}
