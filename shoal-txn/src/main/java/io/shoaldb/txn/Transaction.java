package io.shoaldb.txn;

import io.shoaldb.common.error.ErrorCode;
import java.util.Set;

/**
 * One transaction and its state machine: PREPARE → COMMITTED → VISIBLE, or PREPARE → ABORTED. While a
 * commit is in flight the transaction stays PREPARE but is claimed, so a second commit or an abort cannot
 * race it. Transitions synchronise on the transaction; readers see the volatile state.
 */
public final class Transaction {
    /** Doris's abort reason for a transaction that outlived its timeout. */
    static final String TIMEOUT_REASON = "timeout by txn manager";

    private final long txnId;
    private final long databaseId;
    private final String label;
    private final Set<Long> tableIds;
    private final long prepareTimeMillis;
    private final long deadlineMillis;
    /** Begun by the system (a group-commit batch): no label dedup, forgotten once released. */
    private final boolean internal;
    private volatile TxnState state;
    private boolean committing;
    private long commitTimeMillis = -1;
    private long finishTimeMillis = -1;
    private String reason = "";
    /** The commit record's append failed: it may be on disk all the same, so the commit may stand after a restart. */
    private boolean outcomeUnknown;

    Transaction(long txnId, long databaseId, String label, Set<Long> tableIds, long prepareTimeMillis,
            long timeoutMillis) {
        this(txnId, databaseId, label, tableIds, prepareTimeMillis, timeoutMillis, false);
    }

    Transaction(long txnId, long databaseId, String label, Set<Long> tableIds, long prepareTimeMillis,
            long timeoutMillis, boolean internal) {
        this.internal = internal;
        this.txnId = txnId;
        this.databaseId = databaseId;
        this.label = label;
        this.tableIds = Set.copyOf(tableIds);
        this.prepareTimeMillis = prepareTimeMillis;
        this.deadlineMillis = saturatedAdd(prepareTimeMillis, timeoutMillis);
        this.state = TxnState.PREPARE;
    }

    /** A transaction that was already committed before a restart (from the image or the commit log). */
    static Transaction recovered(TransactionInfo info) {
        Transaction t = new Transaction(info.txnId(), info.databaseId(), info.label(), info.tableIds(),
                info.prepareTimeMillis(), Long.MAX_VALUE);
        t.state = info.state();
        t.commitTimeMillis = info.commitTimeMillis();
        t.finishTimeMillis = info.finishTimeMillis();
        t.reason = info.reason();
        return t;
    }

    public long txnId() {
        return txnId;
    }

    public long databaseId() {
        return databaseId;
    }

    public String label() {
        return label;
    }

    public Set<Long> tableIds() {
        return tableIds;
    }

    public TxnState state() {
        return state;
    }

    /**
     * Whether the commit record may be durable: COMMITTED or VISIBLE (decided: the data must stay even when
     * publishing failed), or its append failed in a way that may have left it on disk (a restart decides).
     * A caller that wrote files for this transaction must not delete them then; storage's start-up sweep
     * removes them if the record turns out absent.
     */
    public synchronized boolean mayBeCommitted() {
        return state == TxnState.COMMITTED || state == TxnState.VISIBLE || outcomeUnknown;
    }

    /** Begun with {@link TransactionManager#beginInternal}. */
    public boolean internal() {
        return internal;
    }

    public synchronized TransactionInfo info() {
        return new TransactionInfo(txnId, databaseId, label, state, prepareTimeMillis, commitTimeMillis,
                finishTimeMillis, reason, tableIds);
    }

    /** Whether the label is free again: aborted, or finished longer than the retention ago. */
    synchronized boolean releasesLabel(long expiredBeforeMillis) {
        return state == TxnState.ABORTED || (state == TxnState.VISIBLE && finishTimeMillis < expiredBeforeMillis);
    }

    /** Finished before the cutoff: its record can be forgotten. */
    synchronized boolean finishedBefore(long cutoffMillis) {
        return (state == TxnState.VISIBLE || state == TxnState.ABORTED) && finishTimeMillis < cutoffMillis;
    }

    /** Aborts a PREPARE transaction past its deadline (and not being committed); true if it did. */
    synchronized boolean abortIfTimedOut(long nowMillis) {
        if (state == TxnState.PREPARE && !committing && nowMillis > deadlineMillis) {
            toAborted(TIMEOUT_REASON, nowMillis);
            return true;
        }
        return false;
    }

    /** Claims the transaction for one commit; fails cleanly if it is aborted, timed out or done. */
    synchronized void startCommit(long nowMillis) {
        abortIfTimedOut(nowMillis);
        if (state == TxnState.ABORTED) {
            throw ErrorCode.TXN_ALREADY_ABORTED.exception(txnId, reason);
        }
        if (state != TxnState.PREPARE || committing) {
            throw ErrorCode.TXN_INVALID_STATE.exception(txnId, committing ? "being committed" : state.name());
        }
        committing = true;
    }

    /** The commit record is durable. */
    synchronized void markCommitted(long nowMillis) {
        state = TxnState.COMMITTED;
        commitTimeMillis = nowMillis;
    }

    synchronized void markVisible(long nowMillis) {
        committing = false;
        state = TxnState.VISIBLE;
        finishTimeMillis = nowMillis;
    }

    /** The commit failed before its record became durable: the transaction never happened. */
    synchronized void commitFailed(String why, long nowMillis) {
        committing = false;
        toAborted(why, nowMillis);
    }

    /** The commit record's append failed: aborted in memory, but the record may be on disk (see mayBeCommitted). */
    synchronized void commitOutcomeUnknown(String why, long nowMillis) {
        outcomeUnknown = true;
        commitFailed(why, nowMillis);
    }

    /** A user or system abort; aborting twice is harmless, aborting a (being) committed one is refused. */
    synchronized void abort(String why, long nowMillis) {
        if (state == TxnState.ABORTED) {
            return;
        }
        if (committing || state != TxnState.PREPARE) {
            throw ErrorCode.TXN_INVALID_STATE.exception(txnId, committing ? "being committed" : state.name());
        }
        toAborted(why, nowMillis);
    }

    private void toAborted(String why, long nowMillis) {
        state = TxnState.ABORTED;
        reason = why == null ? "" : why;
        finishTimeMillis = nowMillis;
    }

    private static long saturatedAdd(long a, long b) {
        long r = a + b;
        return ((a ^ r) & (b ^ r)) < 0 ? Long.MAX_VALUE : r;
    }

    @Override
    public String toString() {
        return "Transaction[" + txnId + ", " + label + ", " + state + "]";
    }
}
