package io.shoaldb.txn;

import io.shoaldb.txn.log.CommitLog;
import java.util.Map;

/**
 * A commit whose record is queued in the commit log with its versions given ({@link
 * TransactionManager#appendCommit}); {@link #await} waits for the record's fsync and the publish. Until then the
 * transaction is COMMITTING.
 */
public final class PendingCommit {
    private final TransactionManager manager;
    final Transaction txn;
    final long commitTimeMillis;
    /** Table id → the version this commit gives it. */
    final Map<Long, Long> versions;
    final CommitLog.Ticket ticket;
    final TxnCommitEvent event;
    final long begunNanos;
    final long lockedNanos;
    final int rowsets;

    PendingCommit(TransactionManager manager, Transaction txn, long commitTimeMillis, Map<Long, Long> versions,
            CommitLog.Ticket ticket, TxnCommitEvent event, long begunNanos, long lockedNanos, int rowsets) {
        this.manager = manager;
        this.txn = txn;
        this.commitTimeMillis = commitTimeMillis;
        this.versions = versions;
        this.ticket = ticket;
        this.event = event;
        this.begunNanos = begunNanos;
        this.lockedNanos = lockedNanos;
        this.rowsets = rowsets;
    }

    /**
     * Waits until the commit is durable and published (the transaction VISIBLE); throws as {@link
     * TransactionManager#commit} does. Called once, by the committer.
     */
    public CommitResult await() {
        return manager.finishCommit(this);
    }
}
