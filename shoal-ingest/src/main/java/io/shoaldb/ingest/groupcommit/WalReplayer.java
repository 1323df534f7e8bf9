package io.shoaldb.ingest.groupcommit;

import io.shoaldb.common.error.ShoalException;
import io.shoaldb.ingest.groupcommit.wal.WalContents;
import io.shoaldb.ingest.groupcommit.wal.WalDirectories;
import io.shoaldb.ingest.groupcommit.wal.WalFileName;
import io.shoaldb.ingest.groupcommit.wal.WalReader;
import io.shoaldb.ingest.groupcommit.wal.WalRecord;
import io.shoaldb.ingest.write.TableLoad;
import io.shoaldb.ingest.write.WriteTarget;
import io.shoaldb.storage.rowset.RowsetMeta;
import io.shoaldb.txn.Labels;
import io.shoaldb.txn.Transaction;
import io.shoaldb.txn.TransactionInfo;
import io.shoaldb.txn.TxnState;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Replays one table's leftover WALs, oldest transaction first, each on its own:
 * <ol>
 * <li>a header that never became complete: the file never acknowledged anything, delete it;</li>
 * <li>unreadable (bad magic or version, a damaged header followed by records): rename to
 *     {@code <name>.corrupt}, count {@code group_commit_wal_fail}, remember the reason, go on with the next
 *     file;</li>
 * <li>damaged past its valid prefix (a bad record followed by a valid one, see {@link WalReader}): the valid
 *     prefix - which holds every load acknowledged before the damage - is replayed as below, then the file is
 *     renamed to {@code <name>.corrupt} instead of deleted, counted and remembered as above;</li>
 * <li>its transaction (looked up by id, checked by label) is COMMITTED or VISIBLE: the rows are in, record its
 *     request ids and delete it (idempotent);</li>
 * <li>the table is gone (the resolver answers null): delete it with a log line;</li>
 * <li>otherwise load its complete records into the current schema as a NEW transaction with a fresh
 *     {@code group_commit_} label, commit, record its request ids, delete it.</li>
 * </ol>
 * Any other failure keeps the file (it still counts against the WAL limit), counts {@code group_commit_wal_fail}
 * and is shown as the table's last replay failure.
 */
final class WalReplayer {
    private static final Logger LOG = LoggerFactory.getLogger(WalReplayer.class);

    private final Services services;

    WalReplayer(Services services) {
        this.services = services;
    }

    /** Replays every WAL of the table not owned by a live batch; returns how many files remain. */
    int replayTable(TableQueue queue, long dbId, WalTargetResolver resolver) {
        queue.replayLock.lock();
        try {
            List<WalDirectories.Found> found;
            try {
                found = services.dirs().scanTable(dbId, queue.tableId);
            } catch (IOException e) {
                fail(queue, null, "cannot list WALs of table " + queue.tableId + ": " + e, e);
                return queue.pendingWals().size();
            }
            Set<Path> live = queue.liveWals();
            for (WalDirectories.Found f : found) {
                if (!live.contains(f.file())) {
                    replayOne(queue, f, resolver);
                }
            }
            return queue.pendingWals().size();
        } finally {
            queue.replayLock.unlock();
        }
    }

    private void replayOne(TableQueue queue, WalDirectories.Found f, WalTargetResolver resolver) {
        Path file = f.file();
        WalFileName name = f.name();
        WalContents contents;
        try {
            contents = WalReader.read(services.walHealth().replayable(file, services.files().readAllBytes(file)),
                    file.toString());
        } catch (ShoalException e) {
            setAside(queue, file, "its rows are NOT replayed: " + e.getMessage());
            return;
        } catch (IOException e) {
            fail(queue, file, "cannot read WAL " + file + ": " + e, e);
            return;
        }
        try {
            if (contents.header() == null) {
                LOG.warn("WAL {} has no complete header (it never acknowledged a load); deleting it", file);
                delete(queue, file);
                return;
            }
            // By label: a replay commits under the WAL's own label, so a crash after a replay's commit but
            // before the WAL's deletion finds the rows committed and does not load them twice.
            Optional<TransactionInfo> txn = services.txns().find(f.dbId(), name.label());
            if (txn.isPresent() && txn.get().state() == TxnState.COMMITTED) {
                // Committed but its publish failed: publish it now; until it is visible the WAL stays.
                services.txns().retryPublish();
                txn = services.txns().find(f.dbId(), name.label());
                if (txn.isPresent() && txn.get().state() == TxnState.COMMITTED) {
                    fail(queue, file, "WAL " + file + ": its transaction " + txn.get().txnId() + " is committed but"
                            + " not yet published (visible); the WAL stays until it is", null);
                    return;
                }
            }
            if (txn.isPresent()
                    && (txn.get().state() == TxnState.VISIBLE || txn.get().state() == TxnState.COMMITTED)) {
                LOG.info("WAL {}: its label {} is already {} (txn {}); deleting the WAL", file, name.label(),
                        txn.get().state(), txn.get().txnId());
                recordRequestIds(queue, name, contents, txn.get().commitTimeMillis(), txn.get().txnId());
                retire(queue, file, contents);
                return;
            }
            WriteTarget target = resolver == null ? null : resolver.resolve(f.dbId(), f.tableId());
            if (target == null) {
                LOG.warn("WAL {}: table {} of database {} no longer exists; deleting the WAL and its {} rows", file,
                        f.tableId(), f.dbId(), contents.rows());
                delete(queue, file);
                return;
            }
            long commitTxnId = load(target, name.label(), contents);
            recordRequestIds(queue, name, contents, services.timer().nowMillis(), commitTxnId);
            retire(queue, file, contents);
        } catch (IOException | RuntimeException e) {
            fail(queue, file, "replay of WAL " + file + " failed: " + e.getMessage(), e);
        }
    }

    /** Loads the WAL's rows as a transaction under the WAL's label; returns its txn id. */
    private long load(WriteTarget target, String label, WalContents contents) {
        SchemaMapper mapper = new SchemaMapper(contents.header().columns(), target.schema());
        Transaction txn = services.txns().begin(target.databaseId(), label, Set.of(target.tableId()), null);
        TableLoad load = new TableLoad(services.storage(), target);
        try {
            for (WalRecord r : contents.records()) {
                load.append(mapper.map(r.rows()));
            }
            Map<Long, RowsetMeta> rowsets = load.finish(txn.txnId());
            services.txns().commit(txn, rowsets.isEmpty() ? Map.of() : Map.of(target.tableId(), rowsets));
            LOG.info("replayed WAL of {} (txn {}) into table {} as txn {}: {} rows", label,
                    contents.header().txnId(), target.tableName(), txn.txnId(), contents.rows());
            return txn.txnId();
        } catch (RuntimeException e) {
            if (!txn.mayBeCommitted()) {
                load.abort();
                try {
                    services.txns().abort(txn, "WAL replay failed: " + e.getMessage());
                } catch (RuntimeException ignored) {
                    // already aborted by the failed commit
                }
            }
            throw e;
        }
    }

    /** The ids of the WAL's loads are committed now: under the label and txn the client was told. */
    private void recordRequestIds(TableQueue queue, WalFileName name, WalContents contents, long commitMillis,
            long commitTxnId) throws IOException {
        List<RequestIdLog.Entry> ids = new ArrayList<>();
        for (WalRecord r : contents.records()) {
            if (r.requestId() != null) {
                ids.add(new RequestIdLog.Entry(r.requestId(), new LoadResult(name.label(), name.txnId(),
                        LoadResult.STATUS, r.rows().positionCount(), false, commitMillis), commitMillis, commitTxnId));
            }
        }
        queue.requests.intend(ids);
        queue.requests.committed(ids, services.timer().nowMillis());
    }

    /** The WAL's valid records are in storage: delete it, or keep it aside as evidence when it was damaged. */
    private void retire(TableQueue queue, Path file, WalContents contents) throws IOException {
        if (contents.damaged()) {
            setAside(queue, file, "its " + contents.rows() + " rows before the damage were replayed; " + contents.damage());
        } else {
            delete(queue, file);
        }
    }

    private void delete(TableQueue queue, Path file) throws IOException {
        services.files().deleteIfExists(file);
        services.files().fsyncDirectory(file.getParent());
        services.walHealth().replayed(file);
        queue.removePendingWal(file);
    }

    private void setAside(TableQueue queue, Path file, String why) {
        Path aside = file.resolveSibling(file.getFileName() + WalFileName.CORRUPT_SUFFIX);
        try {
            services.files().moveAtomically(file, aside);
            services.files().fsyncDirectory(file.getParent());
            LOG.error("WAL {} is corrupt and was moved aside to {}; {}", file, aside, why);
            queue.removePendingWal(file);
        } catch (IOException e) {
            LOG.error("WAL {} is corrupt ({}) and could not be moved aside: {}", file, why, e.toString());
        }
        queue.setLastFailure("WAL " + file.getFileName() + " is corrupt; " + why);
        services.metrics().walFailed();
    }

    private void fail(TableQueue queue, Path file, String why, Throwable e) {
        LOG.error("{}", why, e);
        queue.setLastFailure(why);
        services.metrics().walFailed();
        if (file != null) {
            queue.addPendingWal(file, sizeOf(file));
        }
    }

    private long sizeOf(Path file) {
        return GroupCommitManager.sizeOf(services.files(), file);
    }
}
