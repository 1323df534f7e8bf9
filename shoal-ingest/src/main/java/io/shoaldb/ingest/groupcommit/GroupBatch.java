package io.shoaldb.ingest.groupcommit;

import io.shoaldb.ingest.groupcommit.wal.WalWriter;
import io.shoaldb.ingest.write.WriteTarget;
import io.shoaldb.txn.Transaction;
import io.shoaldb.vector.Batch;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * One merged load: the loads of one table that share one internal transaction (label, txn id), one WAL file
 * (created by the first async load) and one commit. Mutable fields are guarded by the owning
 * {@link TableQueue}'s lock until the batch is sealed; after that only the committer touches it.
 */
final class GroupBatch {
    /** Why a batch stopped taking loads, for the commit log line. */
    enum SealReason { TIME, SIZE, SYNC, SCHEMA, MEMORY, VISIBILITY, DRAIN, WAL_FAILURE, SHUTDOWN }

    final long seq;
    final WriteTarget target;
    final Transaction txn;
    final long openedMillis;
    final long intervalMs;
    final long dataBytesLimit;
    final List<Batch> rows = new ArrayList<>();
    /** The loads that carried a request id, to record them as committed. */
    final List<Member> identified = new ArrayList<>();
    /** Completes when the batch is visible (value: commit millis) or fails. */
    final CompletableFuture<Long> done = new CompletableFuture<>();
    WalWriter wal;
    long rowCount;
    long bytes;
    int loads;
    int syncLoads;
    boolean sealed;
    SealReason sealReason;
    long sealedNanos;
    /** A WAL write failed: the batch must not commit (its loads were told they failed). */
    Throwable poison;
    /** Set by the committer after a failed commit: the WAL (or its acknowledged prefix) waits for replay. */
    volatile boolean walKeptForReplay;
    CommitTimer.Cancellable intervalTask;
    CommitTimer.Cancellable windowTask;

    GroupBatch(long seq, WriteTarget target, Transaction txn, long openedMillis, long intervalMs,
            long dataBytesLimit) {
        this.seq = seq;
        this.target = target;
        this.txn = txn;
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
