package org.matchledger.processor;

/** A consumed record of a partition whose matches were not (or are no longer) rebuilt here: it is not judged. */
public final class PartitionNotRebuiltException extends IllegalStateException {
    private final int partition;

    public PartitionNotRebuiltException(int partition) {
        super("partition " + partition + " of table-events has not been rebuilt here; its records are not judged");
        this.partition = partition;
    }

    public int partition() {
        return partition;
    }
}
