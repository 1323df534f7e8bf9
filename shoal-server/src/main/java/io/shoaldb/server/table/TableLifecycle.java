package io.shoaldb.server.table;

import io.shoaldb.catalog.Catalog;
import io.shoaldb.catalog.CatalogSnapshot;
import io.shoaldb.catalog.model.ColumnDefinition;
import io.shoaldb.catalog.model.PropertyKeys;
import io.shoaldb.catalog.model.Table;
import io.shoaldb.catalog.model.TableDefinition;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.ingest.groupcommit.GroupCommitManager;
import io.shoaldb.ingest.write.WriteTarget;
import io.shoaldb.objectstore.ObjectStore;
import io.shoaldb.server.vault.VaultStores;
import io.shoaldb.storage.StorageEngine;
import io.shoaldb.txn.RecoveredTable;
import io.shoaldb.txn.TransactionManager;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Table DDL across the three places a table lives: the catalog (its definition), storage (its tablets)
 * and the transaction log (its versions and rowsets). The catalog change is the durable decision; the
 * others follow, and {@link #recover} finishes any that a crash interrupted.
 */
public final class TableLifecycle {
    private static final Logger LOG = LoggerFactory.getLogger(TableLifecycle.class);

    private final Catalog catalog;
    private final StorageEngine storage;
    private final TransactionManager txns;
    private final GroupCommitManager groupCommit;
    private final ColumnDefaults defaults;
    private final VaultStores vaults;
    private final Map<Long, CachedTarget> targets = new ConcurrentHashMap<>();
    /**
     * Serialises CREATE and DROP of tables and databases across catalog, storage and group commit. Lock
     * order: this before the catalog's lock; it is never taken by loads or queries.
     */
    private final Object tableDdl = new Object();

    public TableLifecycle(Catalog catalog, StorageEngine storage, TransactionManager txns,
            GroupCommitManager groupCommit, ColumnDefaults defaults, VaultStores vaults) {
        this.catalog = catalog;
        this.storage = storage;
        this.txns = txns;
        this.groupCommit = groupCommit;
        this.defaults = defaults;
        this.vaults = vaults;
    }

    /**
     * Start-up: registers every catalog table with storage, restores the versions the transaction log
     * recovered, completes drops that a crash cut short, then lets storage delete unreferenced files.
     */
    public void recover() {
        CatalogSnapshot snapshot = catalog.snapshot();
        for (Table table : snapshot.allTables()) {
            register(snapshot, table);
        }
        for (Map.Entry<Long, RecoveredTable> entry : txns.recoveredTables().entrySet()) {
            RecoveredTable recovered = entry.getValue();
            if (snapshot.tableById(recovered.tableId()).isPresent()) {
                storage.restore(recovered.tableId(), recovered.visibleVersion(), recovered.rowsetsByTablet());
            } else {
                LOG.info("completing the drop of table {} interrupted by a restart", recovered.tableId());
                txns.dropTable(recovered.tableId());
            }
        }
        storage.finishRecovery();
    }

    /**
     * Creates the table in the catalog and registers it with storage, as one step for other creates and drops
     * of tables ({@link #tableDdl}): two concurrent {@code CREATE TABLE IF NOT EXISTS} of one name must not
     * both register it, and neither may return before storage knows the table.
     */
    public Table create(TableDefinition definition, boolean ifNotExists) {
        if (definition.properties().containsKey(PropertyKeys.SEQUENCE_TYPE)) {
            // Storage has no hidden sequence column yet; accepting the property would silently give a plain
            // UNIQUE KEY table where the user asked for highest-sequence-wins.
            throw ErrorCode.NOT_SUPPORTED.exception(
                    "function_column.sequence_type (a hidden sequence column); use function_column.sequence_col");
        }
        synchronized (tableDdl) {
            boolean existed = catalog.snapshot().table(definition.database(), definition.name()).isPresent();
            Table table = catalog.createTable(definition, ifNotExists);
            if (!existed) {
                register(catalog.snapshot(), table);
            }
            return table;
        }
    }

    /** Makes storage know the table: its tablets, and the storage vault its segments live in (if any). */
    private void register(CatalogSnapshot snapshot, Table table) {
        String vaultName = table.properties().storageVault();
        ObjectStore vault = vaultName == null ? null : vaults.store(snapshot.storageVaults().vault(vaultName)
                .orElseThrow(() -> new IllegalStateException("table " + table.name() + " is in storage vault "
                        + vaultName + ", which the catalog does not hold")));
        storage.registerTable(table.id(), TableSchemas.schema(table, defaults), TableSchemas.placements(table), vault);
    }

    /**
     * The drop is durable in the catalog first; group commit then discards the table's queue and WALs, waiting
     * at most {@code timeout} for batches in flight.
     */
    public void drop(String database, String name, boolean ifExists, Duration timeout) {
        synchronized (tableDdl) {
            CatalogSnapshot snapshot = catalog.snapshot();
            Table table = snapshot.table(database, name).orElse(null);
            if (table != null) {
                announceDrop(snapshot, table);
            }
            catalog.dropTable(database, name, ifExists);
            if (table != null) {
                forget(table, timeout);
            }
        }
    }

    public void dropDatabase(String database, boolean ifExists, boolean force, Duration timeout) {
        synchronized (tableDdl) {
            CatalogSnapshot snapshot = catalog.snapshot();
            var tables = snapshot.tables(database);
            tables.forEach(table -> announceDrop(snapshot, table));
            catalog.dropDatabase(database, ifExists, force);
            for (Table table : tables) {
                forget(table, timeout);
            }
        }
    }

    /**
     * A table in a storage vault is announced to the vault recycler durably before the catalog drops it, so its
     * objects are removed even when a crash follows the catalog's record at once (a drop that then fails or does
     * not happen leaves the table in the catalog, and the recycler keeps its objects).
     */
    private void announceDrop(CatalogSnapshot snapshot, Table table) {
        String vaultName = table.properties().storageVault();
        if (vaultName != null) {
            snapshot.storageVaults().vault(vaultName).ifPresent(
                    vault -> storage.vaultIntents().dropping(table.id(), vault.id()));
        }
    }

    private void forget(Table table, Duration timeout) {
        txns.dropTable(table.id());
        groupCommit.dropTable(table.id(), timeout);
        targets.remove(table.id());
    }

    public void addColumn(String database, String table, ColumnDefinition column, String after, boolean first) {
        updateStorage(catalog.addColumn(database, table, column, after, first));
    }

    /**
     * A heavy schema change (a column's type): group-commit loads into the table are refused with
     * {@code insert table <t> is blocked on schema change} (clients retry) until the rows already
     * accepted - open batches and WALs - are committed under the old schema; then the change applies. The wait
     * for the batches is bounded by {@code timeout} (the session's query_timeout).
     */
    public void modifyColumn(String database, String table, ColumnDefinition column, Duration timeout) {
        long tableId = catalog.snapshot().table(database, table)
                .orElseThrow(() -> ErrorCode.NO_SUCH_TABLE.exception(database, table)).id();
        groupCommit.blockTable(tableId);
        try {
            groupCommit.awaitDrained(tableId, timeout, "ALTER TABLE MODIFY COLUMN");
            updateStorage(catalog.modifyColumn(database, table, column));
        } finally {
            groupCommit.unblockTable(tableId);
        }
    }

    public void dropColumn(String database, String table, String column) {
        updateStorage(catalog.dropColumn(database, table, column));
    }

    public void alterProperties(String database, String table, Map<String, String> properties) {
        catalog.alterTableProperties(database, table, properties);
    }

    /**
     * Removes every row: a new, empty version. Group commit is drained first (open batches committed, leftover
     * WALs replayed), so rows acknowledged before the TRUNCATE do not commit after it and reappear. A load
     * acknowledged while TRUNCATE runs is concurrent with it and may land on either side. The wait for the
     * batches is bounded by {@code timeout} (the session's query_timeout); past it nothing is truncated.
     */
    public void truncate(Table table, Duration timeout) {
        groupCommit.awaitDrained(table.id(), timeout, "TRUNCATE TABLE");
        txns.truncateTable(table.id());
    }

    /**
     * Where and how a load writes this table, with defaults resolved. One instance per table version:
     * group commit merges only loads with the same target, and a RANDOM table's router keeps its
     * round-robin position across loads.
     */
    public WriteTarget writeTarget(Table table) {
        CachedTarget cached = targets.get(table.id());
        if (cached != null && cached.table() == table) {
            return cached.target();
        }
        WriteTarget target = TableSchemas.writeTarget(table, defaults);
        targets.put(table.id(), new CachedTarget(table, target));
        return target;
    }

    private record CachedTarget(Table table, WriteTarget target) {
    }

    private void updateStorage(Table table) {
        storage.updateSchema(table.id(), TableSchemas.schema(table, defaults));
    }
}
