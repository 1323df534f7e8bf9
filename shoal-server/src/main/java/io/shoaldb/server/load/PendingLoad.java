package io.shoaldb.server.load;

import io.shoaldb.ingest.write.TableLoad;
import io.shoaldb.ingest.write.WriteTarget;
import io.shoaldb.storage.StorageEngine;
import io.shoaldb.storage.rowset.RowsetMeta;
import io.shoaldb.txn.CommitResult;
import io.shoaldb.txn.Transaction;
import io.shoaldb.txn.TransactionManager;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Rows written but not yet committed, for one or more tables of one database: a single INSERT, a Stream
 * Load, or everything between BEGIN and COMMIT. The transaction begins only at commit, when every table
 * it touches is known, so an abandoned load never holds a label or a transaction.
 */
public final class PendingLoad {
    private final StorageEngine storage;
    private final TransactionManager txns;
    private final long databaseId;
    private final String label;
    private final Map<Long, TableLoad> tables = new LinkedHashMap<>();

    /**
     * @param label the label to commit under, or null for a generated {@code label_<hex>_<hex>}
     */
    public PendingLoad(StorageEngine storage, TransactionManager txns, long databaseId, String label) {
        this.storage = storage;
        this.txns = txns;
        this.databaseId = databaseId;
        this.label = label;
    }

    public long databaseId() {
        return databaseId;
    }

    /** The load's writer for a table, opened on first use; its size is not known (rowsets are files). */
    public TableLoad table(WriteTarget target) {
        return table(target, -1);
    }

    /**
     * Like {@link #table(WriteTarget)} for a load that knows, when it opens the table, that everything it will
     * write there is about {@code wholeLoadBytes} (-1 = unknown): a small one writes inline rowsets, durable
     * with the commit record instead of as files (see {@code StorageEngine.admitsInline}).
     */
    public TableLoad table(WriteTarget target, long wholeLoadBytes) {
        return tables.computeIfAbsent(target.tableId(), id -> wholeLoadBytes < 0 ? new TableLoad(storage, target)
                : new TableLoad(storage, target, wholeLoadBytes));
    }

    public long rows() {
        return tables.values().stream().mapToLong(TableLoad::rows).sum();
    }

    /**
     * Makes every written file durable, then commits them as one transaction; the commit record is the
     * point after which the load survives any crash. On a failure before that point nothing becomes visible
     * and the files are deleted; once the record is (or may be) durable they are kept whatever fails next.
     */
    public CommitResult commit(Duration timeout) {
        Transaction txn;
        try {
            txn = txns.begin(databaseId, label, tables.keySet(), timeout);
        } catch (RuntimeException labelTakenOrLogFailed) {
            abortWrites();
            throw labelTakenOrLogFailed;
        }
        try {
            Map<Long, Map<Long, RowsetMeta>> rowsets = new HashMap<>();
            for (Map.Entry<Long, TableLoad> table : tables.entrySet()) {
                rowsets.put(table.getKey(), table.getValue().finish(txn.txnId()));
            }
            return txns.commit(txn, rowsets);
        } catch (RuntimeException e) {
            if (txn.mayBeCommitted()) {
                // The commit record is (or may be) durable: the files are the table's now, never deleted here.
                throw e;
            }
            abortWrites();
            txns.abort(txn, e.getMessage());
            throw e;
        }
    }

    /** Deletes whatever was written (ROLLBACK, or a load that failed before commit). */
    public void abortWrites() {
        for (TableLoad table : tables.values()) {
            table.abort();
        }
    }
}
