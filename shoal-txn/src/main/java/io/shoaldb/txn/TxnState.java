package io.shoaldb.txn;

/** Doris's transaction states, by the names SHOW TRANSACTION and the INSERT info string print. */
public enum TxnState {
    /** Begun, data being written; the label is taken. */
    PREPARE,
    /** The commit record is durable; publishing to storage is under way. */
    COMMITTED,
    /** Published: readers see the data. */
    VISIBLE,
    /** Never committed; the label may be used again. */
    ABORTED;

    /**
     * The {@code ExistingJobStatus} a Stream Load reply gives for a label held by a transaction in this
     * state (Doris's LabelAlreadyUsedException): running until committed, finished after.
     */
    public String existingJobStatus() {
        return switch (this) {
            case PREPARE -> "RUNNING";
            case COMMITTED, VISIBLE -> "FINISHED";
            case ABORTED -> "ABORTED";
        };
    }
}
