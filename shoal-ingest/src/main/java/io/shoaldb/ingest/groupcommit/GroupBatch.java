package io.shoaldb.ingest.groupcommit;

import io.shoaldb.ingest.groupcommit.wal.WalWriter;
import io.shoaldb.ingest.write.WriteTarget;
import io.shoaldb.txn.Transaction;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One merged load: the loads of one table that share one internal transaction (label, txn id), one WAL file
 * (created by the first async load) and one commit. Mutable fields are guarded by the owning
 * {@link TableQueue}'s lock until the batch is sealed; after that only the committer touches it. The WAL is
 * the exception: it is created and appended to under {@link #walLock}, outside the table lock, and the
 * committer waits for every append that joined ({@link #awaitAppends}) before it reads the batch.
 */
final class GroupBatch {
    /** Why a batch stopped taking loads, for the commit log line. */
    enum SealReason { TIME, SIZE, SYNC, SCHEMA, MEMORY, VISIBILITY, DRAIN, DROP, WAL_FAILURE, SHUTDOWN }

    final long seq;
    final WriteTarget target;
    final Transaction txn;
    final long openedMillis;
    /** When the batch opened and was sealed, for {@link GroupCommitEvent}. */
    final long openedNanos = System.nanoTime();
    final long intervalMs;
    final long dataBytesLimit;
    final GatheredRows rows = new GatheredRows();
    /** The loads that carried a request id, to record them as committed. */
    final List<Member> identified = new ArrayList<>();
    /** Completes when the batch is visible (value: commit millis) or fails. */
    final CompletableFuture<Long> done = new CompletableFuture<>();
    /** Where this batch's WAL goes, fixed at open (so replay never takes it for a leftover, even mid-creation). */
    final Path walPath;
    /**
     * Serialises this batch's WAL creation and appends (records must not interleave). Lock order: a table's
     * {@link TableQueue#lock} is never taken while holding it, and it is never taken under the table lock.
     */
    final ReentrantLock walLock = new ReentrantLock();
    /** Set under {@link #walLock}; read without it by status and after {@link #awaitAppends}. */
    volatile WalWriter wal;
    /** An async load joined: the batch owns a WAL (counted against the table's WAL limit) even before it exists. */
    boolean walClaimed;
    /** Appends of joined async loads still running; guarded by this batch's monitor. */
    private int appending;
    long rowCount;
    long bytes;
    int loads;
    int syncLoads;
    boolean sealed;
    SealReason sealReason;
    long sealedNanos;
    /** A WAL write failed: the batch must not commit (its loads were told they failed). */
    volatile Throwable poison;
    /** Set by the committer after a failed commit: the WAL (or its acknowledged prefix) waits for replay. */
    volatile boolean walKeptForReplay;
    CommitTimer.Cancellable intervalTask;
    CommitTimer.Cancellable windowTask;
    /**
     * The batch sealed just before this one, still committing when this one started (pipelined commits), or
     * null; set under the table lock before the committer runs, cleared once awaited (no chain of old batches).
     */
    GroupBatch predecessor;
    /** Completes once this batch's commit record is queued in the log, or once it will not be ({@link #awaitTurn}). */
    private final CompletableFuture<Void> recordQueued = new CompletableFuture<>();

    GroupBatch(long seq, WriteTarget target, Transaction txn, Path walPath, long openedMillis, long intervalMs,
            long dataBytesLimit) {
        this.seq = seq;
        this.target = target;
        this.txn = txn;
        this.walPath = walPath;
        this.openedMillis = openedMillis;
        this.intervalMs = intervalMs;
        this.dataBytesLimit = dataBytesLimit;
    }

    String label() {
        return txn.label();
    }

    long txnId() {
        return txn.txnId();
    }

    long expectedCommitMillis() {
        return openedMillis + intervalMs;
    }

    /** A load with a client request id: enough to rebuild the result it was (or will be) given. */
    record Member(String requestId, long rows, GroupCommitMode mode, boolean ranAsSync) {
    }

    /** The result a load of this batch reports: async at ack (expected visibility), sync at commit. */
    LoadResult resultFor(long rows, GroupCommitMode mode, boolean ranAsSync, long commitMillis) {
        return new LoadResult(label(), txnId(), LoadResult.STATUS, rows, ranAsSync,
                mode == GroupCommitMode.ASYNC ? expectedCommitMillis() : commitMillis);
    }

    /** An async load joined and will append its record (called under the table lock). */
    synchronized void appendStarted() {
        appending++;
    }

    /** That load's append ended (written or failed); the poison, if any, is set before. */
    synchronized void appendFinished(Throwable failure) {
        if (failure != null && poison == null) {
            poison = failure;
        }
        appending--;
        notifyAll();
    }

    /**
     * Waits until every load that joined has written its WAL record (or failed), so the committer sees the
     * batch whole and never deletes a WAL that is still being written. Appends take no lock the committer
     * holds, so this ends.
     */
    synchronized void awaitAppends() {
        boolean interrupted = false;
        while (appending > 0) {
            try {
                wait();
            } catch (InterruptedException e) {
                interrupted = true; // the commit must not start on a half-written batch
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Waits until the batch sealed before this one queued its commit record (or failed without one), so the
     * table's versions follow the order batches were sealed in, as the loads that filled them arrived.
     */
    void awaitTurn() {
        GroupBatch before = predecessor;
        predecessor = null;
        if (before != null) {
            before.recordQueued.join();
        }
    }

    /** Whether this batch's record is queued (or will never be). */
    boolean hasQueuedRecord() {
        return recordQueued.isDone();
    }

    /** This batch's record is queued (or will never be): the next batch may queue its own. Idempotent. */
    void recordQueued() {
        predecessor = null;
        recordQueued.complete(null);
    }

    void cancelTimers() {
        if (intervalTask != null) {
            intervalTask.cancel();
            intervalTask = null;
        }
        if (windowTask != null) {
            windowTask.cancel();
            windowTask = null;
        }
    }
}
