package io.shoaldb.ingest.groupcommit;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.ingest.groupcommit.wal.WalWriter;
import io.shoaldb.ingest.write.TableLoad;
import io.shoaldb.ingest.write.WriteTarget;
import io.shoaldb.storage.rowset.RowsetMeta;
import io.shoaldb.txn.PendingCommit;
import io.shoaldb.vector.Batch;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Commits one sealed batch: one {@link TableLoad} (one rowset per touched tablet), one transaction commit
 * (one version, its record queued after the previous batch's, see {@link GroupBatch#awaitTurn}), then - visible -
 * the request ids are made durable, the WAL is deleted and every waiter released. On failure the transaction
 * is aborted, sync waiters get the error, and the WAL (holding the acknowledged async rows) is kept for replay. A batch whose WAL failed (append or fsync) never commits: the
 * loads past the last good fsync were told they failed, and only the acknowledged prefix is kept for replay
 * (see {@link WalWriter}'s fsync-failure policy).
 */
final class BatchCommitter {
    private static final Logger LOG = LoggerFactory.getLogger(BatchCommitter.class);

    private final Services services;
    private final TableQueue queue;

    BatchCommitter(Services services, TableQueue queue) {
        this.services = services;
        this.queue = queue;
    }

    /** Commits the batch, then every batch the queue hands on meanwhile, one after another on this thread. */
    void commitFrom(GroupBatch first) {
        for (GroupBatch b = first; b != null; ) {
            b.awaitAppends();
            b = run(b, null);
        }
    }

    /**
     * The batch cannot be committed at all (the commit executor refused it): it fails the way a failed
     * commit does - transaction aborted, WAL kept for replay, waiters answered, the queue goes on.
     */
    void refuse(GroupBatch b, Throwable why) {
        GroupBatch next = run(b, why);
        if (next != null) {
            queue.dispatch(next); // refused again, most likely: it fails the same way on a thread of its own
        }
    }

    /** Commits (or fails) one batch; returns the next one the queue handed to this committer, or null. */
    private GroupBatch run(GroupBatch b, Throwable refused) {
        GroupCommitEvent event = new GroupCommitEvent();
        event.begin();
        long start = System.nanoTime();
        GroupBatch next = null;
        Throwable failure = refused;
        boolean committed = false;
        long commitMillis = -1;
        try {
            if (failure == null) {
                failure = b.poison;
            }
            if (failure == null && b.wal != null) {
                IOException walFailure = b.wal.settle();
                if (walFailure != null) {
                    failure = ErrorCode.IO_ERROR.exceptionWithCause(walFailure, b.wal.file(),
                            "group commit WAL failed, the batch is not committed: " + walFailure.getMessage());
                }
            }
            if (failure == null) {
                try {
                    write(b, event);
                    committed = true;
                } catch (Throwable e) { // the error goes to the waiters
                    failure = e;
                }
            }
            commitMillis = services.timer().nowMillis();
            if (committed) {
                finishVisible(b, commitMillis);
                services.metrics().batchCommitted(b.loads, b.rowCount, b.bytes, System.nanoTime() - start);
                LOG.debug("finish group commit, db_id={}, table_id={}, label={}, txn_id={}, this group commit includes"
                        + " {} loads ({} rows, {} bytes), flush because of {}", b.target.databaseId(),
                        b.target.tableId(), b.label(), b.txnId(), b.loads, b.rowCount, b.bytes, b.sealReason);
            } else {
                finishFailed(b, failure);
                services.metrics().batchFailed();
            }
        } catch (Throwable unexpected) {
            // A bug in the steps around the commit must not wedge the table's queue: the finally still answers
            // the waiters and lets the next batch commit. A committed batch stays committed for its waiters.
            LOG.error("group commit {} (txn {}) of table {}: unexpected failure {} the commit", b.label(), b.txnId(),
                    b.target.tableName(), committed ? "after" : "before", unexpected);
            if (!committed && failure == null) {
                failure = unexpected;
            }
        } finally {
            if (commitMillis < 0) {
                commitMillis = services.timer().nowMillis();
            }
            b.recordQueued(); // a batch that failed before its record must not hold up the next one
            next = queue.commitFinished(b, committed ? null : failure, commitMillis);
            if (committed) {
                b.done.complete(commitMillis);
            } else {
                b.done.completeExceptionally(failure);
                if (b.walKeptForReplay) {
                    services.replaySoon().accept(queue);
                }
            }
            emit(event, b, start, committed);
        }
        return next;
    }

    private static void emit(GroupCommitEvent event, GroupBatch b, long start, boolean committed) {
        if (event.shouldCommit()) {
            event.tableId = b.target.tableId();
            event.loads = b.loads;
            event.syncLoads = b.syncLoads;
            event.rows = b.rowCount;
            event.sealReason = String.valueOf(b.sealReason);
            event.gatherNanos = b.sealedNanos - b.openedNanos;
            event.queuedNanos = start - b.sealedNanos;
            event.committed = committed;
            event.commit();
        }
    }

    private void write(GroupBatch b, GroupCommitEvent event) throws IOException {
        long start = System.nanoTime();
        WriteTarget target = currentTarget(b);
        SchemaMapper mapper = target == b.target ? null : new SchemaMapper(b.target.schema().columns(), target.schema());
        TableLoad load = new TableLoad(services.storage(), target, b.bytes);
        for (Batch rows : b.rows.batches()) {
            load.append(mapper == null ? rows : mapper.map(rows));
        }
        Map<Long, RowsetMeta> rowsets = load.finish(b.txnId());
        long built = System.nanoTime();
        try {
            queue.requests.intend(requestIds(b, services.timer().nowMillis()));
            PendingCommit pending = appendInTurn(b, rowsets);
            long appended = System.nanoTime();
            pending.await();
            event.buildNanos = built - start;
            event.turnNanos = appended - built;
            event.commitNanos = System.nanoTime() - appended;
        } catch (RuntimeException e) {
            if (b.txn.mayBeCommitted()) {
                // The commit record is (or may be) durable: the rowsets are the table's now. Its WAL stays, and
                // replay finds the label committed and drops it (or loads it if the record did not survive).
                LOG.error("group commit {} (txn {}) may be committed but failed after its commit record; its files"
                        + " and WAL stay", b.label(), b.txnId(), e);
            } else {
                load.abort();
            }
            throw e;
        }
    }

    /**
     * Queues the batch's commit record once the batch sealed before it queued its own, then lets the next batch
     * queue its record: this batch's fsync may then run while the next one is built (pipelined commits).
     */
    private PendingCommit appendInTurn(GroupBatch b, Map<Long, RowsetMeta> rowsets) {
        b.awaitTurn();
        try {
            return services.txns().appendCommit(b.txn, rowsets.isEmpty() ? Map.of() : Map.of(b.target.tableId(),
                    rowsets));
        } finally {
            b.recordQueued();
            if (services.options().pipelineDepth() > 1) {
                queue.recordQueued(); // a sync batch gathered meanwhile may start now
            }
        }
    }

    /**
     * The table's write target now: a light schema change between a batch's loads and its commit means
     * the rows are mapped onto the current columns (as WAL replay does), since storage writes only those.
     */
    private WriteTarget currentTarget(GroupBatch b) {
        WriteTarget now = services.currentTargets().resolve(b.target.databaseId(), b.target.tableId());
        if (now == null || now.schema().equals(b.target.schema())) {
            return b.target;
        }
        return now;
    }

    private static List<RequestIdLog.Entry> requestIds(GroupBatch b, long commitMillis) {
        List<RequestIdLog.Entry> ids = new ArrayList<>();
        for (GroupBatch.Member m : b.identified) {
            ids.add(new RequestIdLog.Entry(m.requestId(), b.resultFor(m.rows(), m.mode(), m.ranAsSync(), commitMillis),
                    commitMillis, b.txnId()));
        }
        return ids;
    }

    private void finishVisible(GroupBatch b, long commitMillis) {
        try {
            queue.requests.committed(requestIds(b, commitMillis), commitMillis);
        } catch (IOException e) {
            LOG.warn("could not record the request ids of group commit {} durably; retries after a restart may"
                    + " load again: {}", b.label(), e.toString());
        }
        if (b.wal != null) {
            try {
                b.wal.closeCommitted();
            } catch (IOException e) {
                LOG.warn("could not delete WAL {} of visible group commit {}; replay will drop it: {}",
                        b.wal.file(), b.label(), e.toString());
            }
        }
    }

    private void finishFailed(GroupBatch b, Throwable failure) {
        try {
            services.txns().abort(b.txn, "group commit failed: " + failure.getMessage());
        } catch (RuntimeException e) {
            LOG.debug("abort of {} after failure: {}", b.txnId(), e.toString());
        }
        if (b.wal == null) {
            LOG.warn("group commit {} (txn {}) of table {} failed: {}", b.label(), b.txnId(), b.target.tableName(),
                    failure.toString());
            return;
        }
        try {
            WalWriter.Kept kept = b.wal.closeForReplay();
            b.walKeptForReplay = kept != WalWriter.Kept.NOTHING;
            switch (kept) {
                case ALL -> LOG.error("group commit {} (txn {}) of table {} failed; its {} acknowledged async rows stay"
                        + " in WAL {} and are replayed: {}", b.label(), b.txnId(), b.target.tableName(), b.rowCount,
                        b.wal.file(), failure.toString(), failure);
                case ACKNOWLEDGED_PREFIX -> LOG.error("group commit {} (txn {}) of table {} is not committed: its WAL"
                        + " {} failed. The loads acknowledged before the failure stay in it ({} bytes) and are"
                        + " replayed; the loads after it were told they failed and are removed from it: {}", b.label(),
                        b.txnId(), b.target.tableName(), b.wal.file(), b.wal.acknowledgedBytes(), failure.toString());
                case NOTHING -> LOG.error("group commit {} (txn {}) of table {} is not committed: its WAL {} failed"
                        + " before any load was acknowledged; the WAL is deleted: {}", b.label(), b.txnId(),
                        b.target.tableName(), b.wal.file(), failure.toString());
            }
        } catch (IOException e) {
            // The file's contents on disk are not settled: it stays pending, and replay in this process loads only
            // the acknowledged prefix. A crash now may bring back records of loads that were told they failed.
            b.walKeptForReplay = true;
            services.walHealth().limitReplay(b.wal.file(), b.wal.acknowledgedBytes());
            LOG.error("group commit {} failed and its WAL {} could not be settled either ({}); replay loads only its"
                    + " first {} bytes (the acknowledged loads)", b.label(), b.wal.file(), e.toString(),
                    b.wal.acknowledgedBytes(), failure);
        }
    }
}
