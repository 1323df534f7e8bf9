package io.shoaldb.ingest.groupcommit;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.IoErrors;
import io.shoaldb.common.error.ShoalException;
import io.shoaldb.ingest.groupcommit.GroupBatch.SealReason;
import io.shoaldb.ingest.groupcommit.wal.WalDirectories;
import io.shoaldb.ingest.groupcommit.wal.WalFileName;
import io.shoaldb.ingest.groupcommit.wal.WalHeader;
import io.shoaldb.ingest.groupcommit.wal.WalWriter;
import io.shoaldb.ingest.write.WriteTarget;
import io.shoaldb.txn.Labels;
import io.shoaldb.txn.Transaction;
import io.shoaldb.vector.Batch;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One table's group-commit queue: at most one OPEN batch taking loads, SEALED batches waiting to commit in
 * order, and up to {@code pipelineDepth} COMMITTING batches. A committing batch queues its commit record only
 * after the one sealed before it queued its own ({@link GroupBatch#awaitTurn}), so versions follow batches;
 * meanwhile it builds its rowsets, and its record's fsync follows the previous one's at once (pipelined
 * commits). A sync batch gathers followers while the commits before it run.
 *
 * <p>Triggers (see {@link TriggerPolicy}): the open batch is sealed when its interval passes, when its data
 * reaches the data-bytes threshold, or - when it holds a sync load - by the adaptive rule. All state is
 * guarded by {@link #lock}; no I/O happens under it (transaction begins, WAL creation, appends and fsyncs,
 * storage writes and commits all run outside it), so nothing that takes it waits for a disk.
 *
 * <p>Lock order: {@link #replayLock} before {@link #lock}; {@link #lock} before {@code MemoryBudget}'s lock
 * (release); a batch's {@link GroupBatch#walLock} and the {@code WalWriter}'s lock are never held together
 * with {@link #lock}. Nothing waits for a commit while holding {@link #lock}.
 */
final class TableQueue {
    final long tableId;
    final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final Services services;
    final RequestIds requests;
    /** Serialises replays of this table's leftover WALs. */
    final ReentrantLock replayLock = new ReentrantLock();

    private volatile long databaseId;
    private volatile String tableName;
    private GroupBatch open;
    private final Deque<GroupBatch> sealed = new ArrayDeque<>();
    /** Batches committing, in seal order: at most the pipeline depth, each on a committer thread of its own. */
    private final Deque<GroupBatch> committing = new ArrayDeque<>();
    private long nextSeq = 1;
    private int inFlight;
    private boolean blocked;
    private boolean closed;
    private boolean dropped;
    /** WAL files on disk that no batch owns: left by a crash or a failed commit, waiting for replay. */
    private final Map<Path, Long> pendingWals = new HashMap<>();
    private GroupCommitMode lastMode;
    private long lastCommitMillis = -1;
    /** Sync loads in the last committed batch that had any: the size of the group the adaptive rule waits for. */
    private int lastSyncGroup = 1;
    private volatile String lastFailure = "";

    TableQueue(long databaseId, long tableId, String tableName, Services services, RequestIds requests) {
        this.databaseId = databaseId;
        this.tableId = tableId;
        this.tableName = tableName;
        this.services = services;
        this.requests = requests;
    }

    long databaseId() {
        return databaseId;
    }

    String tableName() {
        return tableName == null ? Long.toString(tableId) : tableName;
    }

    void identify(long dbId) {
        databaseId = dbId;
    }

    void identify(WriteTarget target) {
        databaseId = target.databaseId();
        tableName = target.tableName();
    }

    /** Where a load landed: its batch and, for async, the WAL offset that must be durable before the ack. */
    record Joined(GroupBatch batch, long walOffset, boolean createdWal) {
    }

    void enter() {
        lock.lock();
        try {
            inFlight++;
        } finally {
            lock.unlock();
        }
    }

    /** Leaves without joining (the load failed before reaching the queue). */
    void leave() {
        lock.lock();
        try {
            inFlight--;
            adaptive();
        } finally {
            lock.unlock();
        }
    }

    /** Fails fast (before any memory is reserved) when the table cannot take the load. */
    void precheck(WriteTarget target, GroupCommitMode mode) {
        lock.lock();
        try {
            checkAccepting(target);
            if (mode == GroupCommitMode.ASYNC && (open == null || open.wal == null)) {
                checkWalLimit(target);
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * Adds a load's rows to the open batch (opening one if needed); for async, appends its WAL record.
     * The caller called {@link #enter()} and reserved {@code bytes} of memory, which the batch now owns.
     *
     * <p>No I/O happens under {@link #lock}: a batch's transaction is begun (the transaction log may fsync an
     * id block) and its WAL path chosen before the lock is taken, and the WAL is created and appended to under
     * the batch's own {@link GroupBatch#walLock} after it is released. So a slow disk holds up only the loads
     * that need that very write, never the timers, commits, status or memory relief that take the table lock.
     */
    Joined join(WriteTarget target, Batch rows, long bytes, GroupCommitMode mode, boolean ranAsSync, long intervalMs,
            long dataBytes, ByteBuffer walRecord, String requestId) {
        GroupBatch b = null;
        Opening opening = null;
        try {
            while (b == null) {
                boolean arrived = false;
                lock.lock();
                try {
                    checkAccepting(target);
                    GroupBatch current = open;
                    if (current != null && !current.target.equals(target)) {
                        // Another schema or tablet set (light schema change, ALTER): rows of one batch share one layout.
                        seal(current, SealReason.SCHEMA);
                        current = null;
                    }
                    if (mode == GroupCommitMode.ASYNC && (current == null || !current.walClaimed)) {
                        checkWalLimit(target);
                    }
                    if (current == null && opening != null) {
                        current = openBatch(target, opening, intervalMs, dataBytes);
                        opening = null;
                    }
                    if (current != null) {
                        arrived = true;
                        inFlight--;
                        add(current, rows, bytes, mode, ranAsSync, requestId);
                        b = current;
                    }
                } catch (RuntimeException e) {
                    if (!arrived) {
                        inFlight--;
                    }
                    adaptive();
                    throw e;
                } finally {
                    lock.unlock();
                }
                if (b == null) {
                    try {
                        opening = prepareOpening(target);
                    } catch (RuntimeException e) {
                        leave();
                        throw e;
                    }
                }
            }
        } finally {
            if (opening != null) {
                // Another load opened a batch while this one began a transaction for it: give it back.
                discard(opening);
            }
        }
        if (mode != GroupCommitMode.ASYNC) {
            return new Joined(b, -1, false);
        }
        return appendWal(b, walRecord, bytes);
    }

    /** Under the lock: the load's rows join the batch; seals it when full, else asks the adaptive rule. */
    private void add(GroupBatch b, Batch rows, long bytes, GroupCommitMode mode, boolean ranAsSync, String requestId) {
        if (mode == GroupCommitMode.ASYNC) {
            b.walClaimed = true;
            b.appendStarted();
        } else {
            b.syncLoads++;
        }
        b.rows.add(rows);
        b.rowCount += rows.positionCount();
        b.bytes += bytes;
        b.loads++;
        if (requestId != null) {
            b.identified.add(new GroupBatch.Member(requestId, rows.positionCount(), mode, ranAsSync));
        }
        lastMode = mode;
        if (TriggerPolicy.sizeReached(b)) {
            seal(b, SealReason.SIZE);
        } else {
            adaptive();
        }
        kick();
    }

    /**
     * Writes an async load's record to the batch's WAL (creating the file for the first one), outside the
     * table lock; the committer waits for it ({@link GroupBatch#awaitAppends}).
     */
    private Joined appendWal(GroupBatch b, ByteBuffer walRecord, long bytes) {
        Throwable failure = null;
        try {
            b.walLock.lock();
            try {
                boolean created = false;
                if (b.wal == null) {
                    b.wal = createWal(b);
                    created = true;
                }
                return new Joined(b, b.wal.append(walRecord), created);
            } finally {
                b.walLock.unlock();
            }
        } catch (IOException | RuntimeException e) {
            failure = e;
            // The batch cannot be trusted to match what loads were told: none of it commits.
            poison(b, e, bytes);
            throw e instanceof ShoalException s ? s
                    : e instanceof IOException io ? IoErrors.of(io, walName(b))
                    : ErrorCode.IO_ERROR.exceptionWithCause(e, walName(b), e.getMessage());
        } finally {
            b.appendFinished(failure);
        }
    }

    /** The failing load's caller releases its {@code bytes}, so the batch no longer owns them. */
    private void poison(GroupBatch b, Throwable e, long bytes) {
        lock.lock();
        try {
            if (b.poison == null) {
                b.poison = e;
            }
            b.bytes -= bytes;
            seal(b, SealReason.WAL_FAILURE);
            kick();
        } finally {
            lock.unlock();
        }
    }

    /** What a new batch needs that may cost I/O, made before taking the lock: its transaction and WAL path. */
    private record Opening(Transaction txn, Path walPath) {
    }

    private Opening prepareOpening(WriteTarget target) {
        Transaction txn = services.txns().beginInternal(target.databaseId(), Labels.generate("group_commit_"),
                Set.of(target.tableId()), null);
        try {
            Path dir = WalDirectories.tableDir(services.dirs().bestRoot(), target.databaseId(), tableId);
            return new Opening(txn, dir.resolve(new WalFileName(txn.txnId(), txn.label()).fileName()));
        } catch (RuntimeException e) {
            discard(new Opening(txn, null));
            throw e;
        }
    }

    private void discard(Opening unused) {
        try {
            services.txns().abort(unused.txn(), "group commit batch not needed: another load opened one first");
        } catch (RuntimeException e) {
            // aborted or timed out already: nothing holds it
        }
        services.txns().release(unused.txn().txnId()); // nobody ever saw it
    }

    private void checkAccepting(WriteTarget target) {
        if (dropped) {
            throw ErrorCode.UNKNOWN_TABLE.exception(target.tableName());
        }
        if (closed) {
            throw ErrorCode.GROUP_COMMIT_STOPPED.exception(target.tableName());
        }
        if (blocked) {
            throw ErrorCode.GROUP_COMMIT_TABLE_BLOCKED.exception(target.tableName());
        }
    }

    private void checkWalLimit(WriteTarget target) {
        int limit = services.maxWalNumPerTable().get();
        int count = walFilesLocked();
        if (limit > 0 && count >= limit) {
            throw ErrorCode.GROUP_COMMIT_TOO_MANY_WALS.exception(target.tableName(), limit, count,
                    lastFailure.isEmpty() ? "none" : lastFailure);
        }
    }

    private GroupBatch openBatch(WriteTarget target, Opening opening, long intervalMs, long dataBytes) {
        GroupBatch b = new GroupBatch(nextSeq++, target, opening.txn(), opening.walPath(), services.timer().nowMillis(),
                Math.max(0, intervalMs), Math.max(1, dataBytes));
        open = b;
        b.intervalTask = services.timer().schedule(() -> onInterval(b), b.intervalMs * 1000);
        return b;
    }

    /** Under the batch's WAL lock, never the table lock: creating the file and its directories is I/O. */
    private WalWriter createWal(GroupBatch b) throws IOException {
        Path tableDir = b.walPath.getParent();
        services.dirs().ensureTableDir(tableDir.getParent().getParent(), b.target.databaseId(), tableId);
        // The WAL gauges are published by the caller after unlocking: publishing takes every queue's lock.
        return WalWriter.create(services.files(), b.walPath,
                new WalHeader(b.target.databaseId(), tableId, b.txnId(), b.label(), b.target.schema().columns()),
                services.walHealth(), services.committers(), // its OS threads run the group fsyncs too
                services.dirs().spares());
    }

    private String walName(GroupBatch b) {
        return b.wal != null ? b.wal.file().toString() : "WAL of " + b.label();
    }

    // ---- triggers -------------------------------------------------------------------------------------

    private void onInterval(GroupBatch b) {
        lock.lock();
        try {
            if (open == b) {
                seal(b, SealReason.TIME);
                kick();
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * The adaptive sync rule, evaluated whenever something changes: an open batch holding a sync load, with
     * no batch waiting to commit and room in the table's commit pipeline, commits once it holds as many sync
     * loads as the last sync commit did (the clients that commit released come back as the next group; a lone
     * client's group is itself, so it never waits) and no load is between reserving memory and joining. With a
     * pipeline deeper than one, that may happen while the commit before it runs, once that commit's record is
     * queued ({@link #recordQueued}): its rowsets are then built during that record's fsync, and the group had
     * the commit's build to gather. Otherwise it waits for the rest of its group at most the adaptive window,
     * counted from when no commit runs; while one runs, arrivals gather, and {@link #commitFinished} asks again.
     */
    private void adaptive() {
        GroupBatch b = open;
        if (b == null || b.syncLoads == 0 || !sealed.isEmpty() || !pipelineHasRoom()
                || (!committing.isEmpty() && !committing.peekLast().hasQueuedRecord())) {
            return;
        }
        if (TriggerPolicy.groupGathered(b.syncLoads, lastSyncGroup, inFlight)) {
            seal(b, SealReason.SYNC);
            return;
        }
        if (!committing.isEmpty()) {
            return; // the window counts from when nothing commits: the running commit's end asks again
        }
        long windowMicros = services.options().adaptiveWindow().toNanos() / 1000;
        if (windowMicros == 0) {
            if (inFlight == 0) {
                seal(b, SealReason.SYNC);
            }
        } else if (b.windowTask == null) {
            b.windowTask = services.timer().schedule(() -> onWindow(b), windowMicros);
        }
    }

    /** The window of a sync batch ended: the rest of its group did not come in time. */
    private void onWindow(GroupBatch b) {
        lock.lock();
        try {
            b.windowTask = null;
            if (open != b || !committing.isEmpty() || !sealed.isEmpty()) {
                return; // sealed meanwhile, or a commit is running: its end asks again
            }
            seal(b, SealReason.SYNC);
            kick();
        } finally {
            lock.unlock();
        }
    }

    private void seal(GroupBatch b, SealReason reason) {
        if (b.sealed) {
            return;
        }
        b.sealed = true;
        b.sealReason = reason;
        b.sealedNanos = System.nanoTime();
        b.cancelTimers();
        if (open == b) {
            open = null;
        }
        sealed.addLast(b);
        changed.signalAll();
    }

    /** The batch's record is queued: the next sync batch may start while its fsync runs. */
    void recordQueued() {
        lock.lock();
        try {
            adaptive();
            kick();
        } finally {
            lock.unlock();
        }
    }

    /** Starts the next commit when the pipeline has room. */
    private void kick() {
        GroupBatch next = takeNext();
        if (next != null) {
            dispatch(next);
        }
    }

    /** Hands a batch that is now committing to a committer thread. */
    void dispatch(GroupBatch next) {
        BatchCommitter committer = new BatchCommitter(services, this);
        try {
            services.committers().execute(() -> committer.commitFrom(next));
        } catch (RejectedExecutionException e) {
            // Executor shut down: the batch fails like a failed commit (transaction aborted, WAL kept for replay,
            // waiters answered, next batch started), on a thread of its own since no I/O happens under this lock.
            Thread.ofVirtual().name("group-commit-refused-" + tableId).start(() -> {
                next.awaitAppends();
                committer.refuse(next, e);
            });
        }
    }

    /** The next sealed batch, now committing, when the pipeline has room; else null. */
    private GroupBatch takeNext() {
        if (!pipelineHasRoom() || sealed.isEmpty()) {
            return null;
        }
        GroupBatch next = sealed.pollFirst();
        next.predecessor = committing.peekLast();
        committing.addLast(next);
        return next;
    }

    private boolean pipelineHasRoom() {
        return committing.size() < services.options().pipelineDepth();
    }

    /**
     * Called by the committer when a batch is visible or failed. Returns the batch it commits next (sealed
     * meanwhile, or now by the adaptive rule), or null: the thread that finished one commit goes on with the
     * next instead of handing it to another thread, whose wake-up would be on every sync load's critical path.
     */
    GroupBatch commitFinished(GroupBatch b, Throwable failure, long commitMillis) {
        if (failure == null) {
            releaseWhenSettled(b);
        }
        GroupBatch next;
        lock.lock();
        try {
            committing.remove(b);
            services.memory().release(b.bytes);
            if (failure == null) {
                lastCommitMillis = commitMillis;
            } else {
                lastFailure = String.valueOf(failure.getMessage());
                if (b.wal != null && b.walKeptForReplay) {
                    pendingWals.put(b.wal.file(), b.wal.size());
                }
            }
            if (b.syncLoads > 0) {
                lastSyncGroup = b.syncLoads;
            }
            // Leader/follower: sync loads that arrived during this commit form the next group.
            adaptive();
            next = takeNext();
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        services.walCountsChanged().run();
        return next;
    }

    /**
     * A load's WAL fsync failed: the batch must not commit (see WalWriter's fsync-failure policy), and it is
     * sealed at once so that the next loads open a new batch with a fresh WAL instead of joining a doomed one.
     */
    void walFailed(GroupBatch b, Throwable failure) {
        lock.lock();
        try {
            if (b.poison == null) {
                b.poison = failure;
            }
            seal(b, SealReason.WAL_FAILURE);
            kick();
        } finally {
            lock.unlock();
        }
    }

    /**
     * A visible batch's transaction needs no label once nothing can ask whether it committed: its WAL is
     * gone (replay looks the transaction up to drop a WAL whose rows are in) and no request id points at it
     * (those release it when they expire, {@link RequestIds#sweep}). A failed batch's is kept: its WAL waits
     * for replay, and waiters must see it aborted.
     */
    private void releaseWhenSettled(GroupBatch b) {
        WalWriter wal = b.wal;
        if (!b.identified.isEmpty() || (wal != null && services.files().exists(wal.file()))) {
            return;
        }
        services.txns().release(b.txnId());
    }

    /** Seals the open batch (if it has loads) so that it commits now; for memory pressure and waits. */
    void sealOpen(SealReason reason) {
        lock.lock();
        try {
            if (open != null && open.loads > 0) {
                seal(open, reason);
                kick();
            }
        } finally {
            lock.unlock();
        }
    }

    /** Futures of every batch holding acknowledged or pending loads now (the open one is sealed first). */
    List<CompletableFuture<Long>> sealAndCollect(SealReason reason) {
        lock.lock();
        try {
            if (open != null) {
                seal(open, reason);
                kick();
            }
            List<CompletableFuture<Long>> out = new ArrayList<>();
            committing.forEach(b -> out.add(b.done));
            sealed.forEach(b -> out.add(b.done));
            return out;
        } finally {
            lock.unlock();
        }
    }

    /** The batch of a transaction still queued here (sealing it if open), or null. */
    CompletableFuture<Long> batchOf(long txnId) {
        lock.lock();
        try {
            if (open != null && open.txnId() == txnId) {
                seal(open, SealReason.VISIBILITY);
                kick();
            }
            for (GroupBatch b : committing) {
                if (b.txnId() == txnId) {
                    return b.done;
                }
            }
            for (GroupBatch b : sealed) {
                if (b.txnId() == txnId) {
                    return b.done;
                }
            }
            return null;
        } finally {
            lock.unlock();
        }
    }

    void setBlocked(boolean value) {
        lock.lock();
        try {
            blocked = value;
        } finally {
            lock.unlock();
        }
    }

    boolean blocked() {
        lock.lock();
        try {
            return blocked;
        } finally {
            lock.unlock();
        }
    }

    /** The table was dropped: loads fail as for an unknown table; returns the batches still to finish. */
    List<CompletableFuture<Long>> drop() {
        lock.lock();
        try {
            dropped = true;
        } finally {
            lock.unlock();
        }
        return sealAndCollect(SealReason.DROP);
    }

    /** Stops taking loads; returns the batches still to finish (the open one sealed). */
    List<CompletableFuture<Long>> close() {
        lock.lock();
        try {
            closed = true;
        } finally {
            lock.unlock();
        }
        return sealAndCollect(SealReason.SHUTDOWN);
    }

    // ---- WAL bookkeeping --------------------------------------------------------------------------------

    void addPendingWal(Path file, long size) {
        lock.lock();
        try {
            pendingWals.put(file, size);
        } finally {
            lock.unlock();
        }
    }

    void removePendingWal(Path file) {
        lock.lock();
        try {
            pendingWals.remove(file);
        } finally {
            lock.unlock();
        }
        services.walCountsChanged().run();
    }

    /** WAL files owned by batches (not to be replayed underneath them). */
    Set<Path> liveWals() {
        lock.lock();
        try {
            Set<Path> out = new java.util.HashSet<>();
            // Every batch's path, even before (or without) its file: one being created is not a leftover.
            forEachBatch(b -> out.add(b.walPath));
            return out;
        } finally {
            lock.unlock();
        }
    }

    Set<Path> pendingWals() {
        lock.lock();
        try {
            return Set.copyOf(pendingWals.keySet());
        } finally {
            lock.unlock();
        }
    }

    int walFiles() {
        lock.lock();
        try {
            return walFilesLocked();
        } finally {
            lock.unlock();
        }
    }

    private int walFilesLocked() {
        int[] n = {pendingWals.size()};
        forEachBatch(b -> {
            if (b.walClaimed) {
                n[0]++;
            }
        });
        return n[0];
    }

    void setLastFailure(String why) {
        lastFailure = why;
    }

    private void forEachBatch(java.util.function.Consumer<GroupBatch> action) {
        if (open != null) {
            action.accept(open);
        }
        sealed.forEach(action);
        committing.forEach(action);
    }

    GroupCommitTableStatus status() {
        lock.lock();
        try {
            long[] rows = {0};
            long[] bytes = {0};
            long[] walBytes = {pendingWals.values().stream().mapToLong(Long::longValue).sum()};
            forEachBatch(b -> {
                rows[0] += b.rowCount;
                bytes[0] += b.bytes;
                WalWriter wal = b.wal;
                if (wal != null) {
                    walBytes[0] += wal.size();
                }
            });
            return new GroupCommitTableStatus(databaseId, tableId, tableName(), lastMode,
                    open == null ? null : open.label(), open == null ? -1 : open.txnId(), rows[0], bytes[0],
                    open == null ? -1 : services.timer().nowMillis() - open.openedMillis, walFilesLocked(), walBytes[0],
                    lastCommitMillis, lastFailure, blocked);
        } finally {
            lock.unlock();
        }
    }
}
