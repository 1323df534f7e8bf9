package io.shoaldb.txn;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.IoErrors;
import io.shoaldb.common.error.ShoalException;
import io.shoaldb.common.io.FilesFacade;
import io.shoaldb.storage.rowset.RowsetMeta;
import io.shoaldb.storage.rowset.RowsetPublisher;
import io.shoaldb.txn.log.CommitLog;
import io.shoaldb.txn.log.CommittedTxn;
import io.shoaldb.txn.log.DurableState;
import io.shoaldb.txn.log.TableState;
import io.shoaldb.txn.log.TxnRecord;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Transactions, labels and table versions over a durable {@link CommitLog}.
 *
 * <p>A commit locks its tables' versions ({@link TableLocks}), gives each the next version, stamps the rowsets,
 * queues ONE commit record and releases the locks; it then waits for the record's fsync (the commit point, the
 * fsync shared with concurrent commits) and publishes per table in version order ({@link PublishQueue}) before
 * the transaction is VISIBLE. So the table's next commit can queue its record while this one's fsync runs
 * (pipelined commits). A compaction holds only the table's structure lock, so a commit never waits for a
 * compaction's record or publish. Begin and abort are in memory; only blocks of transaction ids are logged, so
 * ids stay unique across restarts without an fsync per begin.
 *
 * <p>If the log fails, the commit that hit it is aborted and every later write is refused until restart
 * ("poisoned"): the log's state on disk is unknown until the next open settles it. If a write fails and is
 * undone (a full disk), its commits fail, and so do the commits queued behind them in their tables, whose
 * versions no longer follow; the log refuses their records unwritten.
 *
 * <p>Once the commit record is durable the commit is decided: if publishing then fails, the transaction stays
 * COMMITTED (its files are the table's), the version stays at the head of its table's {@link PublishQueue}, and
 * it is published before the table's next commit or truncate (which retry it first and are refused while it
 * still fails) or by {@link #retryPublish}; a restart publishes it from the log. A compaction need not wait for
 * it: it removes only rowsets storage already shows, and the waiting version only adds newer ones.
 */
public final class TransactionManager implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(TransactionManager.class);
    /** Ids handed out per logged block; a restart skips what is left of the block. */
    static final long ID_BLOCK = 1000;

    private final CommitLog log;
    private final RowsetPublisher publisher;
    private final TxnOptions options;
    private final Path txnDir;
    private final Map<Long, RecoveredTable> recovered;
    private final TxnRegistry registry = new TxnRegistry();
    private final TableLocks tableLocks = new TableLocks();
    private final Map<Long, Long> visibleVersions = new ConcurrentHashMap<>();
    /** Each table's committed versions not published yet, in version order. */
    private final Map<Long, PublishQueue<Unpublished>> publishQueues = new ConcurrentHashMap<>();
    private final Object idLock = new Object();
    private long nextTxnId;
    /** The next id block is being logged (outside {@link #idLock}). */
    private boolean extendingIds;
    /** The last block logged ahead, for {@link #close} to wait for; guarded by {@link #idLock}. */
    private Thread idExtension;
    private int beginsSinceSweep;

    private TransactionManager(CommitLog log, RowsetPublisher publisher, TxnOptions options, Path txnDir) {
        this.log = log;
        this.publisher = publisher;
        this.options = options;
        this.txnDir = txnDir;
        DurableState state = log.state();
        this.nextTxnId = Math.max(1, state.txnIdLimit());
        Map<Long, RecoveredTable> tables = new TreeMap<>();
        state.tables().values().forEach(t -> {
            tables.put(t.tableId(), new RecoveredTable(t.tableId(), t.version(), t.rowsets()));
            visibleVersions.put(t.tableId(), t.version());
        });
        this.recovered = Collections.unmodifiableMap(tables);
        long cutoff = labelCutoff();
        for (CommittedTxn c : state.committedTxns()) {
            if (c.commitTimeMillis() >= cutoff) {
                registry.restore(Transaction.recovered(new TransactionInfo(c.txnId(), c.databaseId(), c.label(),
                        TxnState.VISIBLE, c.prepareTimeMillis(), c.commitTimeMillis(), c.commitTimeMillis(), "",
                        c.tableIds())));
            }
        }
    }

    /** Replays the image and commit log in {@code txnDir}. Throws CORRUPT_FILE or IO_ERROR. */
    public static TransactionManager open(FilesFacade files, Path txnDir, RowsetPublisher publisher,
            TxnOptions options) {
        CommitLog log = CommitLog.open(files, txnDir, options.checkpointEvery(),
                () -> options.clock().millis() - options.labelKeepMax().toMillis(), options.commitLogSegmentBytes());
        return new TransactionManager(log, publisher, options, txnDir);
    }

    /** Every table's state as replayed at open, for {@code StorageEngine.restore} before serving. */
    public Map<Long, RecoveredTable> recoveredTables() {
        return recovered;
    }

    /**
     * Begins a transaction. A null label gets a generated {@code label_<16hex>_<16hex>}; a label held by a
     * transaction that is not aborted and not expired → {@link LabelAlreadyExistsException}.
     */
    public Transaction begin(long databaseId, String label, Set<Long> tableIds, Duration timeout) {
        checkWritable();
        String actual = label == null ? Labels.generate() : label;
        long timeoutMillis = (timeout == null ? options.defaultTimeout() : timeout).toMillis();
        long now = now();
        maybeSweepLabels();
        // The id first, outside the registry's lock: allocating may append (and fsync) an id block, and finds
        // must not wait for that. A begin refused for its label leaves a gap in the ids, which is harmless.
        Transaction txn = new Transaction(allocateTxnId(), databaseId, actual, tableIds, now, timeoutMillis);
        return registry.register(txn, now, labelCutoff());
    }

    /**
     * Begins an internal transaction, such as a group-commit batch: like {@link #begin}, but its label is
     * registered for no dedup (the system generated it; nobody retries by it), and once the caller
     * {@link #release}s it nothing of it is kept - neither in memory nor in later checkpoint images. So
     * hundreds of batches a second do not make every image and the heap grow for {@code labelKeepMax}.
     */
    public Transaction beginInternal(long databaseId, String label, Set<Long> tableIds, Duration timeout) {
        checkWritable();
        long timeoutMillis = (timeout == null ? options.defaultTimeout() : timeout).toMillis();
        long now = now();
        maybeSweepLabels();
        Transaction txn = new Transaction(allocateTxnId(), databaseId, label, tableIds, now, timeoutMillis, true);
        registry.registerInternal(txn);
        return txn;
    }

    /**
     * Forgets a finished internal transaction: {@link #find} no longer knows it, and the next checkpoint
     * image leaves it out. The caller must no longer need to ask whether it committed (for group commit:
     * its WAL is deleted and no request id points at it). A crash before the next checkpoint replays its
     * commit record, and it is then kept like a label ({@code labelKeepMax}); that is at most
     * {@code checkpointEvery} transactions per crash. Unknown, user or unfinished transactions are left alone.
     */
    public void release(long txnId) {
        Transaction t = registry.get(txnId).orElse(null);
        if (t == null || !t.internal() || (t.state() != TxnState.VISIBLE && t.state() != TxnState.ABORTED)) {
            return;
        }
        registry.removeInternal(txnId);
        log.forgetCommitted(txnId);
    }

    /**
     * Hands out the next id below the durable limit. The next block is logged ahead, when less than half of
     * the current one is left, on a thread of its own ({@link #extendIdsAhead}): so no begin waits for that
     * fsync unless the block runs out during it - not even the one that noticed, which is the group-commit load
     * opening a batch, with the batch's first clients waiting behind it. A begin that finds the block used up with
     * no extension under way logs the next one itself, so a failure to log it reaches that begin. Lock order:
     * {@link #idLock} is innermost; the commit log is never appended to while holding it.
     */
    private long allocateTxnId() {
        while (true) {
            long extendTo;
            synchronized (idLock) {
                long limit = log.state().txnIdLimit();
                while (nextTxnId >= limit && extendingIds) {
                    waitForIds();
                    limit = log.state().txnIdLimit();
                }
                if (nextTxnId < limit) {
                    long id = nextTxnId++;
                    if (!extendingIds && limit - nextTxnId < ID_BLOCK / 2) {
                        extendingIds = true;
                        extendIdsAhead(limit + ID_BLOCK);
                    }
                    return id;
                }
                extendingIds = true;
                extendTo = nextTxnId + ID_BLOCK;
            }
            extendIds(extendTo);
        }
    }

    /** Under {@link #idLock}: logs the next block on a virtual thread; {@link #close} waits for it. */
    private void extendIdsAhead(long extendTo) {
        idExtension = Thread.ofVirtual().name("txn-id-block").start(() -> {
            try {
                extendIds(extendTo);
            } catch (RuntimeException e) {
                // The log is poisoned (appendOrPoison): the next begin is refused with the cause.
                LOG.error("Logging the next transaction id block failed", e);
            }
        });
    }

    private void extendIds(long extendTo) {
        try {
            appendOrPoison(new TxnRecord.IdBlock(extendTo));
        } finally {
            synchronized (idLock) {
                extendingIds = false;
                idLock.notifyAll();
            }
        }
    }

    /** Waits for the next id block to be logged; an interrupt is kept for the caller. */
    private void waitForIds() {
        try {
            idLock.wait();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw ErrorCode.INTERNAL_ERROR.exceptionWithCause(e, "interrupted while waiting for transaction ids");
        }
    }

    /**
     * Commits: the caller has made every rowset's files durable. {@code rowsets} maps table id → tablet id
     * → that tablet's new rowset; every table must be one the transaction was begun with.
     */
    public CommitResult commit(Transaction txn, Map<Long, Map<Long, RowsetMeta>> rowsets) {
        return appendCommit(txn, rowsets).await();
    }

    /**
     * The first half of {@link #commit}: gives each table its next version and queues the commit record, under
     * the tables' version locks, then releases them. The table's next commit may queue its record while this one
     * waits for its fsync in {@link PendingCommit#await} (pipelined commits); versions still become durable and
     * visible in order. Throws (the transaction COMMIT_FAILED) when the commit is refused before its record.
     */
    public PendingCommit appendCommit(Transaction txn, Map<Long, Map<Long, RowsetMeta>> rowsets) {
        Transaction t = own(txn);
        for (var e : rowsets.entrySet()) {
            if (!t.tableIds().contains(e.getKey())) {
                throw ErrorCode.INVALID_VALUE.exception("transaction [" + t.txnId() + "] did not begin with table "
                        + e.getKey() + "; its tables are " + t.tableIds());
            }
            e.getValue().forEach((tablet, r) -> {
                if (r.tabletId() != tablet) {
                    throw ErrorCode.INVALID_VALUE.exception("rowset " + r.rowsetId() + " belongs to tablet "
                            + r.tabletId() + ", not " + tablet);
                }
            });
        }
        checkWritable();
        TxnCommitEvent event = new TxnCommitEvent();
        event.begin();
        long begun = System.nanoTime();
        t.startCommit(now());
        Map<Long, Long> versions = new TreeMap<>();
        Map<Long, Map<Long, RowsetMeta>> stamped = new TreeMap<>();
        try (TableLocks.Held held = tableLocks.lockVersions(rowsets.keySet())) {
            List<TxnRecord.TableCommit> parts = new ArrayList<>();
            try {
                checkWritable();
                for (long tableId : rowsets.keySet()) {
                    publishQueue(tableId).publishDurable(publishing(tableId));
                }
                for (var e : new TreeMap<>(rowsets).entrySet()) {
                    long tableId = e.getKey();
                    checkNotDropped(tableId);
                    long version = nextVersion(tableId);
                    Map<Long, RowsetMeta> atVersion = new TreeMap<>();
                    e.getValue().forEach((tablet, r) -> atVersion.put(tablet, r.atVersion(version)));
                    parts.add(new TxnRecord.TableCommit(tableId, version, atVersion));
                    versions.put(tableId, version);
                    stamped.put(tableId, atVersion);
                }
            } catch (ShoalException e) {
                t.commitFailed(e.getMessage(), now());
                throw e;
            }
            long locked = System.nanoTime();
            long commitTime = now();
            CommittedTxn facts = new CommittedTxn(t.txnId(), t.databaseId(), t.label(), t.info().prepareTimeMillis(),
                    commitTime, t.tableIds());
            Set<Long> remaining = ConcurrentHashMap.newKeySet();
            remaining.addAll(versions.keySet());
            for (var e : versions.entrySet()) {
                Map<Long, List<RowsetMeta>> added = new HashMap<>();
                stamped.get(e.getKey()).forEach((tablet, r) -> added.put(tablet, List.of(r)));
                publishQueue(e.getKey()).add(e.getValue(), new Unpublished(t, added, remaining));
            }
            CommitLog.Ticket ticket = log.enqueue(new TxnRecord.Commit(facts, parts));
            return new PendingCommit(this, t, commitTime, versions, ticket, event, begun, locked,
                    stamped.values().stream().mapToInt(Map::size).sum());
        }
    }

    /**
     * The table's next version: after the newest one queued (its commit waits for its fsync) or, with none, after
     * the log's. Under the table's version lock.
     */
    private long nextVersion(long tableId) {
        long queued = publishQueue(tableId).lastVersion();
        return (queued >= 0 ? queued : log.state().table(tableId).version()) + 1;
    }

    /**
     * The second half of {@link #commit}: waits for the record's fsync, then publishes each table's versions in
     * order through this commit's. If the record failed, so did every version queued behind it in its tables
     * (the log refuses those records), and their commits fail the same way.
     */
    CommitResult finishCommit(PendingCommit p) {
        Transaction t = p.txn;
        try {
            log.await(p.ticket);
        } catch (IOException e) {
            p.versions.forEach((tableId, version) -> publishQueue(tableId).failed(version));
            if (log.failed()) {
                t.commitOutcomeUnknown("commit log write failed: " + e.getMessage(), now());
            } else {
                t.commitFailed("commit log write failed and was undone: " + e.getMessage(), now());
            }
            throw IoErrors.of(e, log.describe());
        }
        long appended = System.nanoTime();
        t.markCommitted(p.commitTimeMillis);
        if (p.versions.isEmpty()) {
            t.markVisible(now());
        }
        p.versions.forEach((tableId, version) -> publishQueue(tableId).durable(version));
        for (var e : p.versions.entrySet()) {
            long tableId = e.getKey();
            try {
                publishQueue(tableId).publishThrough(e.getValue(), publishing(tableId));
            } catch (ShoalException ex) {
                throw ErrorCode.INTERNAL_ERROR.exceptionWithCause(ex, "transaction [" + t.txnId() + "] is committed"
                        + " (durable; it will not be lost) but publishing table " + tableId + " failed; it becomes"
                        + " visible when the publish is retried: " + ex.getMessage());
            }
        }
        if (p.event.shouldCommit()) {
            p.event.txnId = t.txnId();
            p.event.rowsets = p.rowsets;
            p.event.lockNanos = p.lockedNanos - p.begunNanos;
            p.event.appendNanos = appended - p.lockedNanos;
            p.event.publishNanos = System.nanoTime() - appended;
            p.event.commit();
        }
        return new CommitResult(t.txnId(), t.label(), p.versions);
    }

    private PublishQueue.Publisher<Unpublished> publishing(long tableId) {
        return (version, u) -> publishVersion(tableId, version, u);
    }

    private PublishQueue<Unpublished> publishQueue(long tableId) {
        return publishQueues.computeIfAbsent(tableId, k -> new PublishQueue<>());
    }

    /** Publishes one committed version to storage; throws (the version stays queued) if storage refuses it. */
    private void publishVersion(long tableId, long version, Unpublished u) {
        try {
            publisher.publish(tableId, version, u.added(), Map.of());
        } catch (RuntimeException ex) {
            LOG.error("Transaction {} is committed but publishing table {} version {} failed; retried before"
                    + " the table's next change", u.txn().txnId(), tableId, version, ex);
            throw ErrorCode.INTERNAL_ERROR.exceptionWithCause(ex, "table " + tableId + " version " + version
                    + " of committed transaction [" + u.txn().txnId() + "] is not published yet: " + ex.getMessage());
        }
        visibleVersions.put(tableId, version);
        u.published(tableId, now());
    }

    /**
     * Under the table's version lock, for a truncate or drop: waits for the table's queued commits to be
     * durable (or failed) and publishes them, so the log's state is the table's whole history. Throws if a
     * publish still fails.
     */
    private void settleQueued(long tableId) {
        PublishQueue<Unpublished> queue = publishQueue(tableId);
        queue.awaitDurable();
        queue.publishDurable(publishing(tableId));
    }

    /** The table is dropped: its unpublished versions never need publishing. */
    private void forgetUnpublished(long tableId) {
        PublishQueue<Unpublished> queue = publishQueues.remove(tableId);
        if (queue != null) {
            queue.clear().values().forEach(u -> u.published(tableId, now()));
        }
    }

    /** Retries every committed version whose publish failed; returns how many tables still wait. */
    public int retryPublish() {
        int waiting = 0;
        for (var e : publishQueues.entrySet()) {
            try {
                e.getValue().publishDurable(publishing(e.getKey()));
            } catch (ShoalException ex) {
                waiting++; // logged by publishVersion; the table stays pending
            }
        }
        return waiting;
    }

    /** Tables with a committed version that is not published (visible) yet, for the health check. */
    public Set<Long> unpublishedTables() {
        Set<Long> out = new TreeSet<>();
        publishQueues.forEach((tableId, queue) -> {
            if (queue.headDurable()) {
                out.add(tableId);
            }
        });
        return out;
    }

    /**
     * A committed table version on its way to readers; {@code remainingTables} is shared by the tables of
     * one commit, and the transaction is VISIBLE once it is empty.
     */
    private record Unpublished(Transaction txn, Map<Long, List<RowsetMeta>> added, Set<Long> remainingTables) {
        void published(long tableId, long nowMillis) {
            if (remainingTables.remove(tableId) && remainingTables.isEmpty()) {
                txn.markVisible(nowMillis);
            }
        }
    }

    /** Aborts a transaction that is not committed (in memory: an aborted transaction leaves no record). */
    public void abort(Transaction txn, String reason) {
        own(txn).abort(reason, now());
    }

    /** Drops the table: a durable record, then storage forgets its rowsets. Dropping twice is harmless. */
    public void dropTable(long tableId) {
        try (TableLocks.Held held = tableLocks.lockExclusive(tableId)) {
            if (log.state().isDropped(tableId)) {
                return;
            }
            checkWritable();
            publishQueue(tableId).awaitDurable();
            appendOrPoison(new TxnRecord.DropTable(tableId));
            visibleVersions.remove(tableId);
            forgetUnpublished(tableId);
            publisher.dropTable(tableId);
        }
    }

    /** Removes every rowset of the table as a new version, which it returns. */
    public long truncateTable(long tableId) {
        try (TableLocks.Held held = tableLocks.lockExclusive(tableId)) {
            checkWritable();
            checkNotDropped(tableId);
            settleQueued(tableId);
            TableState before = log.state().table(tableId);
            long version = before.version() + 1;
            appendOrPoison(new TxnRecord.TruncateTable(tableId, version));
            publisher.publish(tableId, version, Map.of(), before.rowsets());
            visibleVersions.put(tableId, version);
            return version;
        }
    }

    /**
     * See {@link TxnCompactionCommitter}: replaces inputs by the output in one tablet, version unchanged. Holds
     * the table's structure lock only (no truncate, drop or other compaction of the table meanwhile), so commits
     * of the table go on while its record is appended and published: they only add rowsets above every version
     * the inputs cover, so its record and theirs give the same state in either log order, and storage applies
     * its publish and theirs to whatever the table shows (docs/storage-engine.md, "Compaction and commits").
     */
    void commitCompaction(long tableId, long tabletId, List<RowsetMeta> inputs, RowsetMeta output) {
        if (inputs.isEmpty() || output.tabletId() != tabletId) {
            throw ErrorCode.INVALID_VALUE.exception("compaction of tablet " + tabletId + " needs inputs and an output"
                    + " in that tablet");
        }
        List<Long> inputIds = inputs.stream().map(RowsetMeta::rowsetId).toList();
        TxnCompactionEvent event = new TxnCompactionEvent();
        event.begin();
        long begun = System.nanoTime();
        try (TableLocks.Held held = tableLocks.lockStructure(tableId)) {
            long locked = System.nanoTime();
            checkWritable();
            if (log.state().isDropped(tableId)) {
                throw ErrorCode.COMPACTION_STALE.exception(tabletId, tableId, "the table was dropped");
            }
            TableState table = log.state().table(tableId);
            List<RowsetMeta> visible = table.visibleInputs(tabletId, inputIds);
            if (visible.size() != inputIds.size() || Set.copyOf(inputIds).size() != inputIds.size()) {
                throw ErrorCode.COMPACTION_STALE.exception(tabletId, tableId, "input rowsets " + inputIds
                        + " are no longer all visible (truncated or compacted meanwhile)");
            }
            long start = visible.stream().mapToLong(RowsetMeta::startVersion).min().orElseThrow();
            long end = visible.stream().mapToLong(RowsetMeta::endVersion).max().orElseThrow();
            if (output.startVersion() != start || output.endVersion() != end) {
                throw ErrorCode.INVALID_VALUE.exception("compaction output " + output.rowsetId() + " covers versions "
                        + output.startVersion() + "-" + output.endVersion() + " but its inputs cover " + start + "-"
                        + end);
            }
            long checked = System.nanoTime();
            appendOrPoison(new TxnRecord.Compaction(tableId, tabletId, inputIds, output));
            long appended = System.nanoTime();
            // The version storage already shows (storage keeps the highest it was given): a commit may have
            // published a newer one meanwhile, and a compaction moves no version.
            publisher.publish(tableId, visibleVersion(tableId), Map.of(tabletId, List.of(output)),
                    Map.of(tabletId, visible));
            if (event.shouldCommit()) {
                event.tableId = tableId;
                event.inputs = inputIds.size();
                event.lockNanos = locked - begun;
                event.appendNanos = appended - checked;
                event.publishNanos = System.nanoTime() - appended;
                event.commit();
            }
        }
    }

    public Optional<TransactionInfo> find(long databaseId, String label) {
        return registry.get(databaseId, label).map(this::infoOf);
    }

    public Optional<TransactionInfo> find(long txnId) {
        return registry.get(txnId).map(this::infoOf);
    }

    private TransactionInfo infoOf(Transaction t) {
        t.abortIfTimedOut(now()); // a timed-out transaction shows as what it is: aborted
        return t.info();
    }

    /** The version readers see (0 for a table never committed to). */
    public long visibleVersion(long tableId) {
        return visibleVersions.getOrDefault(tableId, 0L);
    }

    /** The rowsets of the table's committed version, by tablet (empty for an unknown or dropped table). */
    public Map<Long, List<RowsetMeta>> visibleRowsets(long tableId) {
        return log.state().isDropped(tableId) ? Map.of() : log.state().table(tableId).rowsets();
    }

    /** Writes an image now (also done automatically every {@code checkpointEvery} records). */
    public void checkpoint() {
        try {
            log.checkpoint();
        } catch (IOException e) {
            throw ErrorCode.IO_ERROR.exceptionWithCause(e, txnDir, e.getMessage());
        }
        registry.removeFinishedBefore(labelCutoff());
    }

    /** Whether a log failure stopped all writes until restart. */
    public boolean poisoned() {
        return log.failed();
    }

    /**
     * Records queued for the commit log's next write, behind the write in progress: with pipelined commits, the
     * commits that already have their version and wait for the fsync before theirs. For tests and metrics.
     */
    public int queuedCommitRecords() {
        return log.queuedRecords();
    }

    /** The commit log, for statistics (fsyncs shared) in tests and metrics. */
    CommitLog commitLog() {
        return log;
    }

    @Override
    public void close() throws IOException {
        Thread extension;
        synchronized (idLock) {
            extension = idExtension;
        }
        if (extension != null) {
            try {
                extension.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        log.close();
    }

    private void appendOrPoison(TxnRecord record) {
        try {
            log.append(record);
        } catch (IOException e) {
            throw IoErrors.of(e, log.describe());
        }
    }

    private void checkWritable() {
        if (log.failed()) {
            throw ErrorCode.IO_ERROR.exception(log.describe(),
                    "the transaction commit log failed earlier; no writes until restart");
        }
    }

    private void checkNotDropped(long tableId) {
        if (log.state().isDropped(tableId)) {
            throw ErrorCode.UNKNOWN_TABLE.exception("id " + tableId);
        }
    }

    private Transaction own(Transaction txn) {
        return registry.get(txn.txnId()).filter(t -> t == txn)
                .orElseThrow(() -> ErrorCode.TXN_NOT_FOUND.exception(txn.txnId()));
    }

    /** Sweeps expired labels from memory now and then, so a long-running server does not grow without bound. */
    private void maybeSweepLabels() {
        synchronized (idLock) {
            if (++beginsSinceSweep < options.checkpointEvery()) {
                return;
            }
            beginsSinceSweep = 0;
        }
        registry.removeFinishedBefore(labelCutoff());
    }

    private long labelCutoff() {
        return now() - options.labelKeepMax().toMillis();
    }

    private long now() {
        return options.clock().millis();
    }
}
