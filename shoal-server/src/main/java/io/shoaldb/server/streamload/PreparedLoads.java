package io.shoaldb.server.streamload;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.ingest.write.TableLoad;
import io.shoaldb.storage.rowset.RowsetMeta;
import io.shoaldb.txn.CommitResult;
import io.shoaldb.txn.Transaction;
import io.shoaldb.txn.TransactionManager;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Two-phase Stream Loads waiting for {@code _stream_load_2pc}: their transaction is begun (the label is taken)
 * and their rowsets are durable, but the commit record is not written until the client commits. Entries past
 * their transaction's timeout are aborted and their files deleted whenever the registry is used. Prepared loads
 * live in memory: a restart aborts them (their files are unreferenced and storage's start-up sweep removes
 * them), as a prepared transaction never reached the commit log.
 */
final class PreparedLoads {
    private static final Logger LOG = LoggerFactory.getLogger(PreparedLoads.class);

    /** One prepared load: its transaction, its written rows and when it expires. */
    record Prepared(Transaction txn, TableLoad rows, Map<Long, RowsetMeta> rowsets, long deadlineMillis) {
    }

    private final TransactionManager txns;
    private final Map<Long, Prepared> byTxnId = new ConcurrentHashMap<>();

    PreparedLoads(TransactionManager txns) {
        this.txns = txns;
    }

    void add(Prepared load) {
        expire();
        byTxnId.put(load.txn().txnId(), load);
    }

    /** The txn id of a prepared load of this database by label, or -1. */
    long txnIdOf(long databaseId, String label) {
        expire();
        for (Prepared p : byTxnId.values()) {
            if (p.txn().databaseId() == databaseId && p.txn().label().equals(label)) {
                return p.txn().txnId();
            }
        }
        return -1;
    }

    /**
     * Commits a prepared load: writes the commit record and publishes. Removing the entry first makes a
     * concurrent second commit or abort of the same transaction see "not found" instead of racing.
     */
    CommitResult commit(long databaseId, long txnId) {
        Prepared p = take(databaseId, txnId);
        try {
            return txns.commit(p.txn(), Map.of(p.rows().target().tableId(), p.rowsets()));
        } catch (RuntimeException e) {
            if (p.txn().mayBeCommitted()) {
                // The commit record is (or may be) durable: the files are the table's now, never deleted here.
                throw e;
            }
            p.rows().abort();
            try {
                txns.abort(p.txn(), e.getMessage());
            } catch (RuntimeException alreadyDecided) {
                // a failed commit has aborted it already
            }
            throw e;
        }
    }

    /** Aborts a prepared load and deletes its files. */
    void abort(long databaseId, long txnId, String reason) {
        Prepared p = take(databaseId, txnId);
        txns.abort(p.txn(), reason);
        p.rows().abort();
    }

    private Prepared take(long databaseId, long txnId) {
        expire();
        Prepared p = byTxnId.get(txnId);
        if (p == null || p.txn().databaseId() != databaseId || !byTxnId.remove(txnId, p)) {
            throw notPrepared(txnId);
        }
        return p;
    }

    /** Why a transaction cannot be committed or aborted: Doris's texts by its state. */
    private RuntimeException notPrepared(long txnId) {
        return txns.find(txnId).<RuntimeException>map(info -> switch (info.state()) {
            case ABORTED -> ErrorCode.TXN_ALREADY_ABORTED.exception(txnId, info.reason());
            default -> ErrorCode.TXN_INVALID_STATE.exception(txnId, info.state().name());
        }).orElseGet(() -> ErrorCode.TXN_NOT_FOUND.exception(txnId));
    }

    /** Aborts prepared loads past their timeout (Doris's txn timeout applies to PRECOMMITTED loads too). */
    private void expire() {
        long now = System.currentTimeMillis();
        for (Prepared p : byTxnId.values()) {
            if (now > p.deadlineMillis() && byTxnId.remove(p.txn().txnId(), p)) {
                LOG.info("two-phase load {} (txn {}) was neither committed nor aborted in time; aborting it",
                        p.txn().label(), p.txn().txnId());
                try {
                    txns.abort(p.txn(), "timeout by txn manager");
                } catch (RuntimeException e) {
                    LOG.warn("aborting expired transaction {} failed: {}", p.txn().txnId(), e.toString());
                }
                p.rows().abort();
            }
        }
    }

    /** At shutdown: every prepared load is aborted and its files deleted. */
    void abortAll() {
        for (Prepared p : byTxnId.values()) {
            if (byTxnId.remove(p.txn().txnId(), p)) {
                try {
                    txns.abort(p.txn(), "server shutdown");
                } catch (RuntimeException e) {
                    LOG.warn("aborting transaction {} at shutdown failed: {}", p.txn().txnId(), e.toString());
                }
                p.rows().abort();
            }
        }
    }
}
