package io.shoaldb.ingest.groupcommit;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.Failures;
import io.shoaldb.common.error.ShoalException;
import io.shoaldb.common.io.FilesFacade;
import io.shoaldb.ingest.groupcommit.GroupBatch.SealReason;
import io.shoaldb.ingest.groupcommit.wal.WalDirectories;
import io.shoaldb.ingest.groupcommit.wal.WalSpares;
import io.shoaldb.ingest.groupcommit.wal.WalFormat;
import io.shoaldb.ingest.write.WriteTarget;
import io.shoaldb.storage.StorageEngine;
import io.shoaldb.txn.TransactionInfo;
import io.shoaldb.txn.TransactionManager;
import io.shoaldb.txn.TxnState;
import io.shoaldb.vector.Batch;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.HashSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The group-commit engine of one node: per-table queues that merge concurrent small loads into one internal
 * transaction and one version, the WAL that makes async acks durable, replay at start, limits, back-pressure
 * and retry de-duplication. Design and formats: docs/group-commit.md.
 *
 * <p>Start-up: construct (scans the WAL directories and the request-id logs), {@link #setTargetResolver},
 * {@link #replay()} after storage and transaction recovery and before serving loads.
 */
public final class GroupCommitManager implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(GroupCommitManager.class);
    /**
     * The longest client request id, in UTF-8 bytes. Ids are kept in memory, in WAL records and in the
     * request-id log for the retention window; a client needs a unique token, not a document (Doris's
     * labels stop at 128 characters).
     */
    public static final int MAX_REQUEST_ID_BYTES = 256;

    private static final long LOAD_LINGER_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

    private final Services services;
    private final Map<Long, TableQueue> queues = new ConcurrentHashMap<>();
    /** Tables dropped while running (ids are never reused): a load that resolved one just before gets no queue. */
    private final java.util.Set<Long> dropped = ConcurrentHashMap.newKeySet();
    private final WalReplayer replayer;
    private final boolean ownsTimer;
    private volatile WalTargetResolver resolver;
    private volatile boolean closed;
    /** Loads inside {@link #load}, and when the last one left: what {@link #loading()} answers from. */
    private final AtomicInteger loadsInFlight = new AtomicInteger();
    private volatile long lastLoadEndNanos = System.nanoTime() - LOAD_LINGER_NANOS;
    /**
     * Ends the waits of {@link #loadAsync} at their timeouts. On the wall clock whatever timer batches use (a
     * load's timeout is real time, as in the blocking {@link #load}), and a thread of its own: expiring a load
     * completes its future, whose continuations must not delay interval seals.
     */
    private final SystemCommitTimer loadTimeouts = new SystemCommitTimer("group-commit-load-timeout");

    public GroupCommitManager(FilesFacade files, List<Path> walDirs, StorageEngine storage, TransactionManager txns,
            GroupCommitOptions options) {
        this(files, walDirs, storage, txns, options, new SimpleGroupCommitMetrics(), null);
    }

    /**
     * @param metrics where counters go (e.g. a Micrometer adapter)
     * @param timer clock and scheduler; null = the wall clock with a daemon thread (closed with the manager)
     */
    public GroupCommitManager(FilesFacade files, List<Path> walDirs, StorageEngine storage, TransactionManager txns,
            GroupCommitOptions options, GroupCommitMetrics metrics, CommitTimer timer) {
        // Platform threads, not virtual ones: a table's commits run in a short pipeline, and as one virtual thread
        // among hundreds of clients' the commit waited its turn behind them (7.5 ms per commit under 100
        // sync clients); as an OS thread it competes with the two carrier threads instead. Idle ones retire.
        this(files, walDirs, storage, txns, options, metrics, timer, Executors.newCachedThreadPool(
                Thread.ofPlatform().name("group-commit-", 0).daemon().factory()));
    }

    /** With the executor commits and replays run on (tests hand in one that refuses work). */
    GroupCommitManager(FilesFacade files, List<Path> walDirs, StorageEngine storage, TransactionManager txns,
            GroupCommitOptions options, GroupCommitMetrics metrics, CommitTimer timer, ExecutorService committers) {
        this.ownsTimer = timer == null;
        CommitTimer t = timer == null ? new SystemCommitTimer() : timer;
        WalDirectories dirs = new WalDirectories(files, walDirs, openSpares(files, walDirs, options));
        this.services = new Services(files, dirs, storage, txns,
                (databaseId, tableId) -> resolver == null ? null : resolver.resolve(databaseId, tableId), t, committers,
                new MemoryBudget(options.queueMemLimitBytes()), metrics, options,
                new AtomicInteger(options.maxWalNumPerTable()), this::publishWalCounts, new WalDistress(dirs, metrics),
                this::replaySoon);
        this.replayer = new WalReplayer(services);
        try {
            scanExisting();
        } catch (IOException e) {
            throw ErrorCode.IO_ERROR.exceptionWithCause(e, walDirs, e.getMessage());
        }
    }

    private static WalSpares openSpares(FilesFacade files, List<Path> walDirs, GroupCommitOptions options) {
        if (options.walFileBytes() == 0) {
            return null;
        }
        try {
            return WalSpares.open(files, walDirs, options.walFileBytes());
        } catch (IOException e) {
            throw ErrorCode.IO_ERROR.exceptionWithCause(e, walDirs, e.getMessage());
        }
    }

    /** Registers leftover WALs (they count against the per-table limit) and restores committed request ids. */
    private void scanExisting() throws IOException {
        for (WalDirectories.Found f : services.dirs().scan()) {
            queue(f.dbId(), f.tableId(), null).addPendingWal(f.file(), sizeOf(services.files(), f.file()));
        }
        Path first = services.dirs().roots().getFirst();
        for (Path db : services.files().list(first)) {
            for (Path table : listDirs(db)) {
                if (services.files().exists(table.resolve(RequestIdLog.FILE_NAME))) {
                    try {
                        TableQueue q = queue(Long.parseLong(db.getFileName().toString()),
                                Long.parseLong(table.getFileName().toString()), null);
                        q.requests.restore(services.timer().nowMillis(), this::committed);
                    } catch (NumberFormatException e) {
                        // not a table directory
                    }
                }
            }
        }
        publishWalCounts();
    }

    private List<Path> listDirs(Path dir) {
        try {
            return services.files().list(dir);
        } catch (IOException e) {
            return List.of(); // a plain file
        }
    }

    /** How replay finds a table's current target (null = dropped). */
    public void setTargetResolver(WalTargetResolver resolver) {
        this.resolver = resolver;
    }

    /** {@code group_commit_max_wal_num_per_table}, changeable at run time (0 = unlimited). */
    public void setMaxWalNumPerTable(int max) {
        if (max < 0) {
            throw new IllegalArgumentException("group_commit_max_wal_num_per_table must be >= 0: " + max);
        }
        services.maxWalNumPerTable().set(max);
    }

    public int maxWalNumPerTable() {
        return services.maxWalNumPerTable().get();
    }

    /** The size group commit counts for a batch: data-bytes trigger, memory budget and WAL-space rule. */
    public long estimatedBytes(Batch rows) {
        return BatchSizes.estimatedBytes(rows);
    }

    /** {@link #load(WriteTarget, Batch, GroupCommitMode, long, long, String, Duration)} without a timeout. */
    public LoadResult load(WriteTarget target, Batch rows, GroupCommitMode mode, long intervalMs, long dataBytes,
            String requestId) {
        return load(target, rows, mode, intervalMs, dataBytes, requestId, null);
    }

    /**
     * Loads rows through group commit. ASYNC returns once the rows are durable in the batch's WAL; SYNC once
     * the batch holding them is visible. {@code intervalMs} and {@code dataBytes} are the table's
     * {@code group_commit_interval_ms} / {@code group_commit_data_bytes}; they apply to the batch this load
     * opens. A non-null {@code requestId} already accepted for the table returns the original result without
     * loading again.
     *
     * <p>{@code timeout} (Doris's {@code insert_timeout}, or Stream Load's {@code timeout}; null = none)
     * bounds every wait of the load. Past it the load fails with {@code Execute timeout} and is not
     * acknowledged. The reply never claims more than is true: a load that timed out before its rows joined a
     * batch loaded nothing; one that timed out after may still commit with its batch (its WAL record may be
     * durable, its batch may commit), and says so. Its request id then stays claimed and settles with the
     * batch - a retry with the same id returns the original result once the batch commits, and loads again
     * only if the batch failed with nothing of the load kept for replay.
     */
    public LoadResult load(WriteTarget target, Batch rows, GroupCommitMode mode, long intervalMs, long dataBytes,
            String requestId, Duration timeout) {
        loadsInFlight.incrementAndGet();
        try {
            return loadCounted(target, rows, mode, intervalMs, dataBytes, requestId, timeout);
        } finally {
            lastLoadEndNanos = System.nanoTime();
            loadsInFlight.decrementAndGet();
        }
    }

    /**
     * {@link #load(WriteTarget, Batch, GroupCommitMode, long, long, String, Duration)} without a thread parked
     * on the outcome: the rows join a batch on the caller's thread and the future completes - with the result,
     * or with the exception {@code load} would throw - on {@code completions}, once the load is durable or
     * visible: after the WAL fsync covering an async load's record, once a sync load's batch is visible, or
     * when {@code timeout} passes first (the same {@code Execute timeout}, saying the rows may still commit).
     * The thread that settles the load (the WAL syncer, the committer, the timer) only hands it to
     * {@code completions}, so the result, the metrics and every continuation run there and a group of loads
     * settled together costs the settling thread one hand-off each, not their replies; should
     * {@code completions} refuse the task (it is shut down), the settling thread finishes the load itself.
     *
     * <p>The cases that must wait before the rows can join run the blocking {@code load} on the caller's
     * thread and return its outcome as a completed future: a {@code requestId} (its claim may have to wait for
     * the original load), a memory budget without room, a WAL without a syncer (the load leads the fsync).
     * An async load that runs as sync (WAL space short) waits for the commit like a sync one.
     */
    public CompletableFuture<LoadResult> loadAsync(WriteTarget target, Batch rows, GroupCommitMode mode,
            long intervalMs, long dataBytes, String requestId, Duration timeout, Executor completions) {
        if (requestId != null) {
            return blockingLoad(target, rows, mode, intervalMs, dataBytes, requestId, timeout);
        }
        loadsInFlight.incrementAndGet();
        CompletableFuture<LoadResult> outcome;
        try {
            Deadline deadline = Deadline.of(target.tableName(), timeout);
            TableQueue q = acceptingQueue(target, mode);
            Admitted admitted = admit(q, target, rows, mode, intervalMs, dataBytes, null, deadline, false);
            if (admitted == null) {
                loadEnded();
                return blockingLoad(target, rows, mode, intervalMs, dataBytes, null, timeout);
            }
            outcome = admitted.effective() == GroupCommitMode.ASYNC
                    ? whenDurable(q, admitted, rows, deadline, completions)
                    : whenVisible(q, admitted, rows, deadline, completions);
        } catch (RuntimeException e) {
            loadEnded();
            return CompletableFuture.failedFuture(e);
        }
        outcome.whenComplete((result, failure) -> loadEnded());
        return outcome;
    }

    private CompletableFuture<LoadResult> blockingLoad(WriteTarget target, Batch rows, GroupCommitMode mode,
            long intervalMs, long dataBytes, String requestId, Duration timeout) {
        try {
            return CompletableFuture.completedFuture(
                    load(target, rows, mode, intervalMs, dataBytes, requestId, timeout));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    private void loadEnded() {
        lastLoadEndNanos = System.nanoTime();
        loadsInFlight.decrementAndGet();
    }

    /**
     * True while a load is in group commit or one left it less than {@link #LOAD_LINGER_NANOS} ago (a client
     * between two INSERTs is still loading): the query workers leave part of the cores to loads then.
     */
    public boolean loading() {
        return loadsInFlight.get() > 0 || System.nanoTime() - lastLoadEndNanos < LOAD_LINGER_NANOS;
    }

    private LoadResult loadCounted(WriteTarget target, Batch rows, GroupCommitMode mode, long intervalMs,
            long dataBytes, String requestId, Duration timeout) {
        checkRequestId(requestId);
        Deadline deadline = Deadline.of(target.tableName(), timeout);
        TableQueue q = acceptingQueue(target, mode);
        RequestIds.Claim claim = null;
        if (requestId != null) {
            while (true) {
                RequestIds.Claim fresh = new RequestIds.Claim();
                RequestIds.Claim held = q.requests.claim(requestId, fresh);
                if (held == fresh) {
                    claim = fresh;
                    break;
                }
                Optional<LoadResult> original = awaitOriginal(held, deadline);
                if (original.isPresent()) {
                    if (mode == GroupCommitMode.SYNC) {
                        awaitVisible(target.tableId(), original.get().txnId(), deadline);
                    }
                    return original.get();
                }
                // the original failed and gave its claim up: this retry loads
            }
        }
        try {
            LoadResult result = loadOnce(q, target, rows, mode, intervalMs, dataBytes, requestId, claim, deadline);
            if (claim != null) {
                claim.acked.complete(result);
            }
            return result;
        } catch (RuntimeException e) {
            if (claim != null && !claim.settlesWithBatch) {
                q.requests.abandon(requestId, claim, e);
            }
            throw e;
        }
    }

    /** The table's queue, once group commit runs, the table is not dropped and its queue takes the load. */
    private TableQueue acceptingQueue(WriteTarget target, GroupCommitMode mode) {
        if (closed) {
            throw ErrorCode.GROUP_COMMIT_STOPPED.exception(target.tableName());
        }
        if (dropped.contains(target.tableId())) {
            throw ErrorCode.UNKNOWN_TABLE.exception(target.tableName());
        }
        TableQueue q = queue(target.databaseId(), target.tableId(), target);
        if (dropped.contains(target.tableId())) {
            // dropTable ran between the check above and queue(): this queue may be a new one it never saw.
            queues.remove(target.tableId(), q);
            throw ErrorCode.UNKNOWN_TABLE.exception(target.tableName());
        }
        q.precheck(target, mode);
        return q;
    }

    private static void checkRequestId(String requestId) {
        if (requestId == null) {
            return;
        }
        int bytes = requestId.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
        if (bytes > MAX_REQUEST_ID_BYTES) {
            throw ErrorCode.INVALID_VALUE.exception("group_commit_request_id is " + bytes + " bytes long; the limit is "
                    + MAX_REQUEST_ID_BYTES + " bytes (UTF-8)");
        }
    }

    private static Optional<LoadResult> awaitOriginal(RequestIds.Claim held, Deadline deadline) {
        try {
            return Optional.of(deadline.await(held.acked, Deadline.NOT_LOADED));
        } catch (ExecutionException | java.util.concurrent.CancellationException e) {
            return Optional.empty();
        }
    }

    /**
     * A load whose rows joined a batch: the mode it runs in (an async load runs as sync when the WAL is short
     * of space), and where its WAL record ends.
     */
    private record Admitted(GroupBatch batch, long walOffset, GroupCommitMode effective, boolean ranAsSync,
            long startedNanos, long appendedNanos) {
    }

    private LoadResult loadOnce(TableQueue q, WriteTarget target, Batch rows, GroupCommitMode mode, long intervalMs,
            long dataBytes, String requestId, RequestIds.Claim claim, Deadline deadline) {
        Admitted admitted = admit(q, target, rows, mode, intervalMs, dataBytes, requestId, deadline, true);
        GroupBatch b = admitted.batch();
        if (admitted.effective() == GroupCommitMode.ASYNC) {
            boolean durable;
            try {
                durable = b.wal.awaitDurable(admitted.walOffset(), deadline.nanos());
            } catch (IOException e) {
                throw walFailed(q, b, e);
            }
            if (!durable) {
                throw timedOutInBatch(q, b, rows, GroupCommitMode.ASYNC, false, requestId, claim, deadline);
            }
            return acknowledged(admitted, rows);
        }
        long commitMillis;
        try {
            commitMillis = deadline.await(b.done, Deadline.MAY_COMMIT);
        } catch (ExecutionException e) {
            throw failure(e.getCause());
        } catch (ShoalException e) {
            if (e.code() == ErrorCode.GROUP_COMMIT_LOAD_TIMEOUT) {
                throw timedOutInBatch(q, b, rows, GroupCommitMode.SYNC, admitted.ranAsSync(), requestId, claim,
                        deadline);
            }
            throw e;
        }
        return b.resultFor(rows.positionCount(), GroupCommitMode.SYNC, admitted.ranAsSync(), commitMillis);
    }

    /**
     * Reserves the load's memory and joins its rows to the table's open batch (appending its WAL record for
     * async). With {@code mayWait} false returns null, having changed nothing, when the memory budget has no
     * room now.
     */
    private Admitted admit(TableQueue q, WriteTarget target, Batch rows, GroupCommitMode mode, long intervalMs,
            long dataBytes, String requestId, Deadline deadline, boolean mayWait) {
        long started = System.nanoTime();
        long bytes = estimatedBytes(rows);
        GroupCommitMode effective = mode;
        boolean ranAsSync = false;
        if (mode == GroupCommitMode.ASYNC && walSpaceShort(bytes)) {
            effective = GroupCommitMode.SYNC;
            ranAsSync = true;
            LOG.info("group commit load of {} bytes into {} runs as sync: the WAL directories are short of space",
                    bytes, target.tableName());
        }
        if (!mayWait) {
            if (!services.memory().tryAcquire(bytes)) {
                return null;
            }
        } else {
            boolean waited;
            try {
                waited = services.memory().acquire(bytes, this::relieveMemory, deadline.nanos());
            } catch (IllegalStateException stopped) {
                throw ErrorCode.GROUP_COMMIT_STOPPED.exception(target.tableName());
            } catch (MemoryBudget.TimedOut timedOut) {
                throw deadline.expired(Deadline.NOT_LOADED);
            }
            if (waited) {
                services.metrics().blockedByMemory();
            }
        }
        // In flight from here to the join: the adaptive rule waits for loads that are about to arrive.
        q.enter();
        ByteBuffer record;
        try {
            record = effective == GroupCommitMode.ASYNC ? WalFormat.encodeRecord(requestId, rows) : null;
        } catch (RuntimeException e) {
            q.leave();
            services.memory().release(bytes);
            throw e;
        }
        TableQueue.Joined joined;
        try {
            joined = q.join(target, rows, bytes, effective, ranAsSync, intervalMs, dataBytes, record, requestId);
        } catch (RuntimeException e) {
            services.memory().release(bytes);
            throw e;
        }
        if (joined.createdWal()) {
            publishWalCounts();
        }
        return new Admitted(joined.batch(), joined.walOffset(), effective, ranAsSync, started, System.nanoTime());
    }

    /** An async load's WAL record is durable: its acknowledgement. */
    private LoadResult acknowledged(Admitted admitted, Batch rows) {
        services.metrics().asyncLoadAcknowledged(admitted.appendedNanos() - admitted.startedNanos(),
                System.nanoTime() - admitted.appendedNanos());
        return admitted.batch().resultFor(rows.positionCount(), GroupCommitMode.ASYNC, false, 0);
    }

    /** The WAL failed before the load's record was durable: the batch must not commit, the load failed. */
    private static ShoalException walFailed(TableQueue q, GroupBatch b, IOException e) {
        q.walFailed(b, e);
        return ErrorCode.IO_ERROR.exceptionWithCause(e, b.wal.file(), e.getMessage());
    }

    /**
     * An admitted async load's acknowledgement, completed by the WAL syncer. Without a syncer to take the
     * fsync the load waits for it here, as {@code load} does.
     */
    private CompletableFuture<LoadResult> whenDurable(TableQueue q, Admitted admitted, Batch rows,
            Deadline deadline, Executor completions) {
        GroupBatch b = admitted.batch();
        CompletableFuture<Void> durable = b.wal.whenDurable(admitted.walOffset());
        if (durable == null) {
            try {
                if (!b.wal.awaitDurable(admitted.walOffset(), deadline.nanos())) {
                    return CompletableFuture.failedFuture(deadline.expired(Deadline.MAY_COMMIT));
                }
            } catch (IOException e) {
                return CompletableFuture.failedFuture(walFailed(q, b, e));
            }
            return CompletableFuture.completedFuture(acknowledged(admitted, rows));
        }
        CompletableFuture<LoadResult> outcome = new CompletableFuture<>();
        durable.whenComplete((ignored, error) -> settleOn(completions, () -> {
            if (outcome.isDone()) {
                return; // timed out first; the batch's commit settles the WAL
            }
            if (error == null) {
                outcome.complete(acknowledged(admitted, rows));
            } else {
                IOException io = error instanceof IOException e ? e : new IOException(error);
                outcome.completeExceptionally(walFailed(q, b, io));
            }
        }));
        expireAt(deadline, outcome, completions);
        return outcome;
    }

    /** An admitted sync load's result, completed by the committer once its batch is visible (or failed). */
    private CompletableFuture<LoadResult> whenVisible(TableQueue q, Admitted admitted, Batch rows,
            Deadline deadline, Executor completions) {
        GroupBatch b = admitted.batch();
        CompletableFuture<LoadResult> outcome = new CompletableFuture<>();
        b.done.whenComplete((commitMillis, error) -> settleOn(completions, () -> {
            if (error == null) {
                outcome.complete(b.resultFor(rows.positionCount(), GroupCommitMode.SYNC, admitted.ranAsSync(),
                        commitMillis));
            } else {
                outcome.completeExceptionally(failure(Failures.unwrap(error)));
            }
        }));
        expireAt(deadline, outcome, completions);
        return outcome;
    }

    /**
     * Fails {@code outcome} with the load's timeout error (its rows joined a batch and may commit) if it is
     * not complete by the deadline; the timer task is called off once it completes.
     */
    private void expireAt(Deadline deadline, CompletableFuture<LoadResult> outcome, Executor completions) {
        if (deadline.nanos() == Long.MAX_VALUE || outcome.isDone()) {
            return;
        }
        long delayMicros = Math.max(0, (deadline.nanos() - System.nanoTime()) / 1000);
        CommitTimer.Cancellable expiry = loadTimeouts.schedule(() -> settleOn(completions,
                () -> outcome.completeExceptionally(deadline.expired(Deadline.MAY_COMMIT))), delayMicros);
        outcome.whenComplete((result, error) -> expiry.cancel());
    }

    /**
     * Runs {@code settle} on {@code completions}; on this thread when {@code completions} refuses it, so that a
     * load whose executor has shut down (its connection's event loop, say) still ends and leaves the count.
     */
    private static void settleOn(Executor completions, Runnable settle) {
        try {
            completions.execute(settle);
        } catch (RejectedExecutionException refused) {
            settle.run();
        }
    }

    /**
     * A load timed out after its rows joined the batch: they commit if the batch does. Its request id stays
     * claimed and settles with the batch, so a retry neither loads the rows twice nor is told a result that
     * did not happen: the batch commits → the claim is the load's result; it fails → a sync load's rows are
     * gone (the claim is given up, the retry loads), an async load's WAL record waits for replay, which
     * settles the claim.
     */
    private ShoalException timedOutInBatch(TableQueue q, GroupBatch b, Batch rows, GroupCommitMode mode,
            boolean ranAsSync, String requestId, RequestIds.Claim claim, Deadline deadline) {
        ShoalException timeout = deadline.expired(Deadline.MAY_COMMIT);
        if (claim != null) {
            claim.settlesWithBatch = true;
            b.done.whenComplete((commitMillis, failure) -> {
                if (failure == null) {
                    claim.acked.complete(b.resultFor(rows.positionCount(), mode, ranAsSync, commitMillis));
                } else if (mode == GroupCommitMode.SYNC) {
                    q.requests.abandon(requestId, claim, failure);
                }
            });
        }
        return timeout;
    }

    /**
     * Doris's async-to-sync rule: too large for the WAL (over walDiskLimitRatio of the usable space of the WAL
     * directory with the most room) or the disk is short (below minFreeBytes).
     */
    private boolean walSpaceShort(long bytes) {
        long space = services.dirs().maxUsableSpace();
        return space < services.options().minFreeBytes() || bytes > services.options().walDiskLimitRatio() * space;
    }

    /** A writer is blocked on memory: seal every open batch so their commits free it (no deadlock). */
    private void relieveMemory() {
        for (TableQueue q : queues.values()) {
            q.sealOpen(SealReason.MEMORY);
        }
    }

    private static ShoalException failure(Throwable cause) {
        if (cause instanceof ShoalException s) {
            return s;
        }
        return ErrorCode.INTERNAL_ERROR.exceptionWithCause(cause, "group commit failed: " + cause);
    }

    /** Whether a transaction committed (replayed WALs and request-id intents are settled by this). */
    private boolean committed(long txnId) {
        return services.txns().find(txnId)
                .map(info -> info.state() == TxnState.COMMITTED || info.state() == TxnState.VISIBLE)
                .orElse(false);
    }

    private TableQueue queue(long dbId, long tableId, WriteTarget target) {
        TableQueue q = queues.computeIfAbsent(tableId, id -> {
            TableQueue[] self = new TableQueue[1];
            // The log lives under the first WAL dir; the db id may only be learnt later (blockTable before a load).
            RequestIdLog log = new RequestIdLog(services.files(), services.dirs(), () -> self[0].databaseId(), id);
            self[0] = new TableQueue(dbId, id, target == null ? null : target.tableName(), services,
                    new RequestIds(log, services.options().requestIdRetention().toMillis(),
                            txnIds -> releaseTransactions(self[0], txnIds)));
            return self[0];
        });
        if (target != null) {
            q.identify(target);
        } else if (dbId >= 0 && q.databaseId() < 0) {
            q.identify(dbId);
        }
        return q;
    }

    /**
     * Releases batch transactions whose request ids expired, except one whose WAL is still on disk (its
     * deletion failed after the commit): replay must find that transaction committed to drop the file.
     */
    private void releaseTransactions(TableQueue q, Set<Long> txnIds) {
        Set<Long> release = new HashSet<>(txnIds);
        try {
            for (WalDirectories.Found f : services.dirs().scanTable(q.databaseId(), q.tableId)) {
                release.remove(f.name().txnId());
            }
        } catch (IOException e) {
            return; // kept: they expire with the labels
        }
        release.forEach(services.txns()::release);
    }

    // ---- replay -------------------------------------------------------------------------------------------

    /** Replays every leftover WAL with the resolver set by {@link #setTargetResolver}. */
    public void replay() {
        replay(resolver);
    }

    /** Replays every leftover WAL; call after storage and transaction recovery, before serving loads. */
    public void replay(WalTargetResolver targets) {
        if (targets != null) {
            this.resolver = targets;
        }
        for (TableQueue q : List.copyOf(queues.values())) {
            if (!q.pendingWals().isEmpty()) {
                replayer.replayTable(q, q.databaseId(), this.resolver);
            }
        }
        if (this.resolver != null) {
            // A drop that a crash cut short left the table's request-id log (its WALs replay just deleted).
            for (TableQueue q : List.copyOf(queues.values())) {
                if (q.pendingWals().isEmpty() && this.resolver.resolve(q.databaseId(), q.tableId) == null) {
                    dropTable(q.tableId, null);
                }
            }
        }
        publishWalCounts();
    }

    /**
     * A batch's commit failed and left its acknowledged rows in a WAL: replay them now on the commit
     * executor instead of waiting for a restart (or MODIFY COLUMN). If the cause persists the file stays,
     * with the reason as the table's last replay failure, and {@link #awaitVisible(long)} reports it.
     */
    private void replaySoon(TableQueue q) {
        try {
            services.committers().execute(() -> {
                replayer.replayTable(q, q.databaseId(), resolver);
                publishWalCounts();
            });
        } catch (java.util.concurrent.RejectedExecutionException shuttingDown) {
            LOG.info("group commit is stopping; the WALs of table {} are replayed at next start", q.tableName());
        }
    }

    /** Replays one table's WALs that no live batch owns (e.g. after a failed commit). */
    public void replay(long dbId, long tableId) {
        replayer.replayTable(queue(dbId, tableId, null), dbId, resolver);
        publishWalCounts();
    }

    // ---- schema change, visibility --------------------------------------------------------------------

    /** New group-commit loads into the table fail with "insert table ... is blocked on schema change". */
    public void blockTable(long tableId) {
        queueById(tableId).setBlocked(true);
    }

    public void unblockTable(long tableId) {
        queueById(tableId).setBlocked(false);
    }

    /**
     * Waits until the table's queued batches are committed and its leftover WALs replayed. Throws when a
     * batch failed or a WAL cannot be replayed (the schema change must not go on over unreplayed rows).
     */
    public void awaitDrained(long tableId) {
        awaitDrained(tableId, null, "DDL");
    }

    /**
     * {@link #awaitDrained(long)} with the wait for the batches bounded by {@code timeout} (null = none):
     * past it throws GROUP_COMMIT_WAIT_TIMEOUT naming {@code statement}, before anything was changed.
     */
    public void awaitDrained(long tableId, Duration timeout, String statement) {
        TableQueue q = queueById(tableId);
        RuntimeException failed = awaitBatches(q, q.sealAndCollect(SealReason.DRAIN), timeout, statement);
        if (failed != null) {
            throw failed;
        }
        if (!q.pendingWals().isEmpty()) {
            int left = replayer.replayTable(q, q.databaseId(), resolver);
            publishWalCounts();
            if (left > 0) {
                throw ErrorCode.INTERNAL_ERROR.exception("table " + q.tableName() + " still has " + left
                        + " group commit WAL(s) that could not be replayed: " + q.status().lastReplayFailure());
            }
        }
    }

    /**
     * The table was dropped (the catalog's drop is durable): new loads fail as for an unknown table, the
     * batches in flight finish (their commits fail once the table is gone from the transaction log), then
     * its WAL files, request-id log and directories are deleted and its queue forgotten. A crash part way
     * leaves WALs that replay deletes, since the table no longer resolves. The wait for the batches in flight
     * is bounded by {@code timeout} (null = none); past it the files are left to that replay.
     */
    public void dropTable(long tableId, Duration timeout) {
        dropped.add(tableId);
        TableQueue q = queues.get(tableId);
        if (q == null) {
            return;
        }
        RuntimeException failed;
        try {
            failed = awaitBatches(q, q.drop(), timeout, "DROP TABLE");
        } catch (ShoalException e) {
            // A batch is stuck (its WAL on a stuck disk): the drop stands; the next start's replay deletes the
            // WALs of a table that no longer resolves.
            LOG.warn("group commit batches of dropped table {} still run; their WALs are deleted at next start: {}",
                    q.tableName(), e.getMessage());
            return;
        }
        if (failed != null) {
            LOG.info("group commit batches of dropped table {} did not commit: {}", q.tableName(), failed.toString());
        }
        q.replayLock.lock();
        try {
            for (Path root : services.dirs().roots()) {
                deleteTree(WalDirectories.tableDir(root, q.databaseId(), tableId));
            }
        } catch (IOException e) {
            LOG.warn("could not delete the group commit files of dropped table {}; replay deletes its WALs at next"
                    + " start: {}", q.tableName(), e.toString());
        } finally {
            q.replayLock.unlock();
        }
        queues.remove(tableId, q);
        publishWalCounts();
    }

    private void deleteTree(Path dir) throws IOException {
        if (!services.files().exists(dir)) {
            return;
        }
        for (Path file : services.files().list(dir)) {
            services.files().deleteIfExists(file);
        }
        services.files().deleteIfExists(dir);
        services.files().fsyncDirectory(dir.getParent());
    }

    /**
     * Blocks until everything acknowledged for the table so far is visible ({@code SYNC GROUP COMMIT}): waits
     * for every queued batch, then replays the WALs that failed batches (or a crash) left, and throws if any
     * acknowledged rows are still not visible. A failed batch without a WAL acknowledged nothing (its sync
     * loads were told they failed), so it does not fail this wait.
     */
    public void awaitVisible(long tableId) {
        awaitVisible(tableId, (Duration) null);
    }

    /**
     * {@link #awaitVisible(long)} bounded by {@code timeout} (null = none): past it throws
     * GROUP_COMMIT_WAIT_TIMEOUT; the batches it waited for carry on and commit.
     */
    public void awaitVisible(long tableId, Duration timeout) {
        TableQueue q = queues.get(tableId);
        if (q == null) {
            return;
        }
        // A failed batch's acknowledged rows (if any) are in a WAL now, replayed below.
        awaitBatches(q, q.sealAndCollect(SealReason.VISIBILITY), timeout, "SYNC GROUP COMMIT");
        if (!q.pendingWals().isEmpty()) {
            int left = replayer.replayTable(q, q.databaseId(), resolver);
            publishWalCounts();
            if (left > 0) {
                throw ErrorCode.GROUP_COMMIT_NOT_VISIBLE.exception(q.tableName(), left, q.status().lastReplayFailure());
            }
        }
    }

    /** Blocks until the given group-commit transaction of the table is visible (returns at once if it is). */
    public void awaitVisible(long tableId, long txnId) {
        awaitVisible(tableId, txnId, Deadline.NONE);
    }

    private void awaitVisible(long tableId, long txnId, Deadline deadline) {
        TableQueue q = queues.get(tableId);
        CompletableFuture<Long> f = q == null ? null : q.batchOf(txnId);
        if (f != null) {
            try {
                deadline.await(f, Deadline.MAY_COMMIT);
            } catch (ExecutionException e) {
                throw failure(e.getCause());
            }
            return;
        }
        Optional<TransactionInfo> info = services.txns().find(txnId);
        if (info.isPresent() && info.get().state() == TxnState.ABORTED) {
            throw ErrorCode.TXN_ALREADY_ABORTED.exception(txnId, info.get().reason());
        }
    }

    /**
     * Waits for every batch, all within {@code timeout} (null = none), and returns the first batch's failure
     * (null if all committed); past the timeout throws GROUP_COMMIT_WAIT_TIMEOUT naming {@code statement}.
     */
    private static RuntimeException awaitBatches(TableQueue q, List<CompletableFuture<Long>> batches, Duration timeout,
            String statement) {
        long end = timeout == null ? Long.MAX_VALUE : System.nanoTime() + timeout.toNanos();
        RuntimeException first = null;
        for (CompletableFuture<Long> f : batches) {
            try {
                if (timeout == null) {
                    f.get();
                } else {
                    f.get(Math.max(0, end - System.nanoTime()), TimeUnit.NANOSECONDS);
                }
            } catch (ExecutionException e) {
                if (first == null) {
                    first = failure(e.getCause());
                }
            } catch (TimeoutException e) {
                throw ErrorCode.GROUP_COMMIT_WAIT_TIMEOUT.exception(statement, q.tableName(), timeout.toSeconds());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw ErrorCode.INTERNAL_ERROR.exceptionWithCause(e, "interrupted while waiting for group commit");
            }
        }
        return first;
    }

    private static void awaitAll(List<CompletableFuture<Long>> futures) {
        RuntimeException failed = awaitBatches(null, futures, null, null);
        if (failed != null) {
            throw failed;
        }
    }

    private TableQueue queueById(long tableId) {
        return queue(-1, tableId, null);
    }

    // ---- observability --------------------------------------------------------------------------------

    public List<GroupCommitTableStatus> status() {
        List<GroupCommitTableStatus> out = new ArrayList<>();
        for (TableQueue q : queues.values()) {
            out.add(q.status());
        }
        out.sort(Comparator.comparingLong(GroupCommitTableStatus::tableId));
        return out;
    }

    /**
     * What makes group commit unhealthy now, for the health check: WAL directories whose last append or fsync
     * failed (their WAL is never written again; new WALs go elsewhere or fail). Empty when healthy.
     */
    public List<String> healthProblems() {
        List<String> out = new ArrayList<>();
        services.dirs().distressed().forEach((root, why) -> out.add("group commit WAL directory " + root
                + " is distressed (a write or fsync failed): " + why));
        return out;
    }

    /** {@code wal_total_count}. */
    public long walTotalCount() {
        return queues.values().stream().mapToLong(TableQueue::walFiles).sum();
    }

    /** {@code wal_max_count_per_table}. */
    public long walMaxCountPerTable() {
        return queues.values().stream().mapToLong(TableQueue::walFiles).max().orElse(0);
    }

    /** Bytes of queued, not yet committed rows over all tables. */
    public long queuedBytes() {
        return services.memory().used();
    }

    private void publishWalCounts() {
        services.metrics().walCounts(walTotalCount(), walMaxCountPerTable());
    }

    static long sizeOf(FilesFacade files, Path file) {
        try (FileChannel ch = files.open(file, StandardOpenOption.READ)) {
            return ch.size();
        } catch (IOException e) {
            return 0;
        }
    }

    /**
     * Stops accepting loads and commits every open batch (so sync waiters get answers and the next start has
     * little to replay), then stops the threads. A batch that fails leaves its WAL for replay.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        List<CompletableFuture<Long>> pending = new ArrayList<>();
        for (TableQueue q : queues.values()) {
            pending.addAll(q.close());
        }
        try {
            awaitAll(pending);
        } catch (RuntimeException e) {
            LOG.warn("a group commit failed during shutdown; its WAL is replayed at next start: {}", e.toString());
        }
        services.memory().close();
        services.committers().shutdown();
        try {
            services.committers().awaitTermination(1, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (ownsTimer) {
            services.timer().close();
        }
        loadTimeouts.close();
        if (services.dirs().spares() != null) {
            services.dirs().spares().close();
        }
    }
}
