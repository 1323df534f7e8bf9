package io.shoaldb.catalog;

import io.shoaldb.catalog.auth.Role;
import io.shoaldb.catalog.auth.UserAccount;
import io.shoaldb.catalog.auth.UserIdentity;
import io.shoaldb.catalog.ddl.NameRules;
import io.shoaldb.catalog.ddl.SchemaChanges;
import io.shoaldb.catalog.ddl.TableBuilder;
import io.shoaldb.catalog.ddl.VaultPlacement;
import io.shoaldb.catalog.journal.CatalogImage;
import io.shoaldb.catalog.journal.ImageStore;
import io.shoaldb.catalog.journal.JournalEntry;
import io.shoaldb.catalog.journal.JournalRecord;
import io.shoaldb.catalog.journal.LocalMetaLog;
import io.shoaldb.catalog.journal.MetaLog;
import io.shoaldb.catalog.model.ColumnDefinition;
import io.shoaldb.catalog.model.Database;
import io.shoaldb.catalog.model.StorageVault;
import io.shoaldb.catalog.model.Table;
import io.shoaldb.catalog.model.TableDefinition;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.IoErrors;
import io.shoaldb.common.error.ShoalException;
import io.shoaldb.common.io.DurableFiles;
import io.shoaldb.common.io.FilesFacade;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The catalog of databases, tables and columns, durable across {@code kill -9}.
 *
 * <p>Every mutation runs under one lock: validate against the current snapshot (a failure changes
 * nothing), compute the journal record and the next snapshot, append the record to the {@link MetaLog}
 * (written and fsynced), then publish the snapshot, then return. So a DDL is durable before the server
 * answers OK, and readers ({@link #snapshot()}) never lock.
 *
 * <p>On disk ({@code metaDir}): {@code catalog.image} (the last checkpoint, covering journal entries up to
 * its sequence) and {@code journal-<seq>.log} segments. A checkpoint writes the image crash-safely, then
 * starts a new segment and deletes the old ones; a crash anywhere in between is harmless because replay
 * skips entries the image covers. Leftover temp files are deleted at open.
 *
 * <p>I/O failures: if a journal append fails (write or fsync), the DDL fails with IO_ERROR, the in-memory
 * catalog is unchanged, and the catalog refuses every later mutation until restarted (reads still work).
 * After a failed fsync the file's state is unknown, so, as QuestDB does, we stop rather than guess; the
 * next open keeps the record if it reached the disk whole and drops it if torn. A failed automatic
 * checkpoint does not fail the DDL that triggered it (that DDL is already durable); it is retried after the
 * next mutation.
 */
public final class Catalog implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Catalog.class);

    private final ImageStore images;
    private final MetaLog log;
    private final CatalogOptions options;
    private final ReentrantLock lock = new ReentrantLock();
    private final AtomicReference<CatalogSnapshot> state;
    private long entriesSinceCheckpoint;
    private ShoalException failure;
    private boolean closed;

    private Catalog(ImageStore images, MetaLog log, CatalogOptions options, CatalogSnapshot initial,
            long entriesSinceCheckpoint) {
        this.images = images;
        this.log = log;
        this.options = options;
        this.state = new AtomicReference<>(initial);
        this.entriesSinceCheckpoint = entriesSinceCheckpoint;
    }

    public static Catalog open(FilesFacade files, Path metaDir) {
        return open(files, metaDir, CatalogOptions.defaults());
    }

    /**
     * Opens (creating if needed) the catalog in {@code metaDir}: image, then journal replay. Refuses to
     * start (CORRUPT_FILE naming the file) on a damaged image or damaged acknowledged journal record; a
     * torn last record is dropped as never acknowledged.
     */
    public static Catalog open(FilesFacade files, Path metaDir, CatalogOptions options) {
        try {
            DurableFiles.createDirectories(files, metaDir);
            removeLeftoverTemps(files, metaDir);
        } catch (IOException e) {
            throw ErrorCode.IO_ERROR.exceptionWithCause(e, metaDir, e.getMessage());
        }
        ImageStore images = new ImageStore(files, metaDir);
        Optional<CatalogImage> image = images.read();
        CatalogSnapshot[] replayed = {CatalogSnapshot.EMPTY};
        long imageSequence = 0;
        if (image.isPresent()) {
            try {
                replayed[0] = RecordApplier.fromImage(image.get());
            } catch (RuntimeException e) {
                throw ErrorCode.CORRUPT_FILE.exceptionWithCause(e, images.path(), e.getMessage());
            }
            imageSequence = image.get().lastSequence();
        }
        MetaLog log = LocalMetaLog.open(files, metaDir, imageSequence,
                entry -> replayed[0] = RecordApplier.apply(replayed[0], entry.record()));
        LOG.info("Catalog opened from {}: image up to {}, journal up to {}", metaDir, imageSequence,
                log.lastSequence());
        return new Catalog(images, log, options, replayed[0], log.lastSequence() - imageSequence);
    }

    private static void removeLeftoverTemps(FilesFacade files, Path dir) throws IOException {
        boolean removed = false;
        for (Path p : files.list(dir)) {
            if (DurableFiles.isLeftoverTemp(p)) {
                LOG.info("Removing leftover temp file {}", p);
                files.deleteIfExists(p);
                removed = true;
            }
        }
        if (removed) {
            files.fsyncDirectory(dir);
        }
    }

    /** The current state; immutable, consistent, lock-free. */
    public CatalogSnapshot snapshot() {
        return state.get();
    }

    public Map<String, String> globalVariables() {
        return snapshot().globalVariables();
    }

    // ---------------------------------------------------------------- databases

    public Database createDatabase(String name, boolean ifNotExists) {
        lock.lock();
        try {
            CatalogSnapshot s = writable();
            Optional<Database> existing = s.database(name);
            if (existing.isPresent()) {
                if (ifNotExists) {
                    return existing.get();
                }
                throw ErrorCode.DATABASE_EXISTS.exception(name);
            }
            NameRules.checkDatabase(name);
            Database db = new Database(s.nextId(), name);
            commit(s, new JournalRecord.CreateDatabase(db));
            return db;
        } finally {
            lock.unlock();
        }
    }

    /** Drops a database; one with tables only with {@code force} (DATABASE_NOT_EMPTY otherwise). */
    public void dropDatabase(String name, boolean ifExists, boolean force) {
        lock.lock();
        try {
            CatalogSnapshot s = writable();
            Optional<Database> db = s.database(name);
            if (db.isEmpty()) {
                if (ifExists) {
                    return;
                }
                throw ErrorCode.DROP_UNKNOWN_DATABASE.exception(name);
            }
            int tables = s.tables(name).size();
            if (tables > 0 && !force) {
                throw ErrorCode.DATABASE_NOT_EMPTY.exception(name, tables);
            }
            commit(s, new JournalRecord.DropDatabase(db.get().id()));
        } finally {
            lock.unlock();
        }
    }

    // ---------------------------------------------------------------- tables

    /** Creates a table by Doris's rules ({@link TableBuilder}); with {@code ifNotExists} returns an existing one. */
    public Table createTable(TableDefinition def, boolean ifNotExists) {
        lock.lock();
        try {
            CatalogSnapshot s = writable();
            Database db = requireDatabase(s, def.database());
            Optional<Table> existing = s.table(db.name(), def.name());
            if (existing.isPresent()) {
                if (ifNotExists) {
                    return existing.get();
                }
                throw ErrorCode.TABLE_EXISTS.exception(def.name());
            }
            Table table = TableBuilder.build(VaultPlacement.place(def, s.storageVaults()), db.id(), s.nextId(),
                    options.clock().millis(),
                    options.partitionCount());
            commit(s, new JournalRecord.CreateTable(table));
            return table;
        } finally {
            lock.unlock();
        }
    }

    public void dropTable(String database, String name, boolean ifExists) {
        lock.lock();
        try {
            CatalogSnapshot s = writable();
            requireDatabase(s, database);
            Optional<Table> table = s.table(database, name);
            if (table.isEmpty()) {
                if (ifExists) {
                    return;
                }
                throw ErrorCode.UNKNOWN_TABLE.exception(database + "." + name);
            }
            commit(s, new JournalRecord.DropTable(table.get().id()));
        } finally {
            lock.unlock();
        }
    }

    /** ALTER TABLE ... SET (...): see {@link SchemaChanges#alterProperties} for what may change. */
    public Table alterTableProperties(String database, String name, Map<String, String> properties) {
        return alter(database, name, t -> SchemaChanges.alterProperties(t, properties));
    }

    /** ADD COLUMN (light schema change): at the end, {@code FIRST}, or {@code AFTER afterColumn}. */
    public Table addColumn(String database, String table, ColumnDefinition column, String afterColumn,
            boolean first) {
        return alter(database, table,
                t -> SchemaChanges.addColumn(database + "." + table, t, column, afterColumn, first));
    }

    /** MODIFY COLUMN; see {@link SchemaChanges#modifyColumn}. */
    public Table modifyColumn(String database, String table, ColumnDefinition column) {
        return alter(database, table, t -> SchemaChanges.modifyColumn(database + "." + table, t, column));
    }

    public Table dropColumn(String database, String table, String column) {
        return alter(database, table, t -> SchemaChanges.dropColumn(database + "." + table, t, column));
    }

    private Table alter(String database, String name, java.util.function.UnaryOperator<Table> change) {
        lock.lock();
        try {
            CatalogSnapshot s = writable();
            requireDatabase(s, database);
            Table table = s.table(database, name)
                    .orElseThrow(() -> ErrorCode.NO_SUCH_TABLE.exception(database, name));
            Table changed = change.apply(table);
            commit(s, new JournalRecord.ReplaceTable(changed));
            return changed;
        } finally {
            lock.unlock();
        }
    }

    // ---------------------------------------------------------------- variables

    /** SET GLOBAL: stored as given (the caller validates), name in lower case; survives restarts. */
    public void setGlobalVariable(String name, String value) {
        if (name == null || name.isBlank() || value == null) {
            throw ErrorCode.WRONG_ARGUMENTS.exception("SET GLOBAL");
        }
        lock.lock();
        try {
            CatalogSnapshot s = writable();
            commit(s, new JournalRecord.SetGlobalVariable(name.trim().toLowerCase(Locale.ROOT), value));
        } finally {
            lock.unlock();
        }
    }

    // ---------------------------------------------------------------- users and roles

    /**
     * CREATE USER: false when the account exists and {@code ifNotExists} (nothing changes); 1396 when it exists
     * otherwise. Every role the account names must exist.
     */
    public boolean createUser(UserAccount account, boolean ifNotExists) {
        lock.lock();
        try {
            CatalogSnapshot s = writable();
            if (s.access().account(account.identity()).isPresent()) {
                if (ifNotExists) {
                    return false;
                }
                throw ErrorCode.ACCOUNT_OPERATION_FAILED.exception("CREATE USER", account.identity());
            }
            requireRoles(s, account);
            commit(s, new JournalRecord.CreateUser(account));
            return true;
        } finally {
            lock.unlock();
        }
    }

    /** Changes an existing account (password, grants, roles); 1396 naming {@code operation} when it does not exist. */
    public UserAccount alterUser(UserIdentity identity, String operation, UnaryOperator<UserAccount> change) {
        lock.lock();
        try {
            CatalogSnapshot s = writable();
            UserAccount account = s.access().account(identity)
                    .orElseThrow(() -> ErrorCode.ACCOUNT_OPERATION_FAILED.exception(operation, identity));
            UserAccount changed = change.apply(account);
            if (!changed.equals(account)) {
                requireRoles(s, changed);
                commit(s, new JournalRecord.ReplaceUser(changed));
            }
            return changed;
        } finally {
            lock.unlock();
        }
    }

    public void dropUser(UserIdentity identity, boolean ifExists) {
        lock.lock();
        try {
            CatalogSnapshot s = writable();
            if (s.access().account(identity).isEmpty()) {
                if (ifExists) {
                    return;
                }
                throw ErrorCode.ACCOUNT_OPERATION_FAILED.exception("DROP USER", identity);
            }
            commit(s, new JournalRecord.DropUser(identity));
        } finally {
            lock.unlock();
        }
    }

    public boolean createRole(Role role, boolean ifNotExists) {
        lock.lock();
        try {
            CatalogSnapshot s = writable();
            if (s.access().role(role.name()).isPresent()) {
                if (ifNotExists) {
                    return false;
                }
                throw ErrorCode.ACCOUNT_OPERATION_FAILED.exception("CREATE ROLE", "'" + role.name() + "'");
            }
            commit(s, new JournalRecord.CreateRole(role));
            return true;
        } finally {
            lock.unlock();
        }
    }

    public Role alterRole(String name, String operation, UnaryOperator<Role> change) {
        lock.lock();
        try {
            CatalogSnapshot s = writable();
            Role role = s.access().role(name)
                    .orElseThrow(() -> ErrorCode.ACCOUNT_OPERATION_FAILED.exception(operation, "'" + name + "'"));
            Role changed = change.apply(role);
            if (!changed.equals(role)) {
                commit(s, new JournalRecord.ReplaceRole(changed));
            }
            return changed;
        } finally {
            lock.unlock();
        }
    }

    /** Drops the role; accounts that had it lose it in the same record. */
    public void dropRole(String name, boolean ifExists) {
        lock.lock();
        try {
            CatalogSnapshot s = writable();
            if (s.access().role(name).isEmpty()) {
                if (ifExists) {
                    return;
                }
                throw ErrorCode.ACCOUNT_OPERATION_FAILED.exception("DROP ROLE", "'" + name + "'");
            }
            commit(s, new JournalRecord.DropRole(name));
        } finally {
            lock.unlock();
        }
    }

    /**
     * Creates a storage vault from checked properties (see {@link io.shoaldb.catalog.ddl.StorageVaultRules}); false when it exists and
     * {@code ifNotExists} is set.
     */
    public boolean createStorageVault(String name, Map<String, String> properties, boolean ifNotExists) {
        lock.lock();
        try {
            CatalogSnapshot s = writable();
            if (s.storageVaults().vault(name).isPresent()) {
                if (ifNotExists) {
                    return false;
                }
                throw ErrorCode.STORAGE_VAULT_EXISTS.exception(name);
            }
            commit(s, new JournalRecord.CreateStorageVault(
                    new StorageVault(s.nextId(), name, StorageVault.TYPE_S3, properties)));
            return true;
        } finally {
            lock.unlock();
        }
    }

    /** Makes {@code name} the default storage vault; null: no default. */
    public void setDefaultStorageVault(String name) {
        lock.lock();
        try {
            CatalogSnapshot s = writable();
            if (name != null && s.storageVaults().vault(name).isEmpty()) {
                throw ErrorCode.STORAGE_VAULT_NOT_FOUND.exception(name);
            }
            if (!Objects.equals(name, s.storageVaults().defaultVault())) {
                commit(s, new JournalRecord.SetDefaultStorageVault(name));
            }
        } finally {
            lock.unlock();
        }
    }

    private static void requireRoles(CatalogSnapshot s, UserAccount account) {
        for (String role : account.roles()) {
            if (s.access().role(role).isEmpty()) {
                throw ErrorCode.ACCOUNT_OPERATION_FAILED.exception("GRANT ROLE", "'" + role + "'");
            }
        }
    }

    // ---------------------------------------------------------------- checkpoint and lifecycle

    /** Writes an image of the current state and starts a fresh journal. */
    public void checkpoint() {
        lock.lock();
        try {
            writable();
            checkpointLocked();
        } catch (IOException e) {
            throw ErrorCode.IO_ERROR.exceptionWithCause(e, images.path(), e.getMessage());
        } finally {
            lock.unlock();
        }
    }

    private void checkpointLocked() throws IOException {
        long sequence = log.lastSequence();
        images.write(RecordApplier.toImage(state.get(), sequence));
        log.discardThrough(sequence);
        entriesSinceCheckpoint = 0;
    }

    @Override
    public void close() {
        lock.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            log.close();
        } catch (IOException e) {
            throw ErrorCode.IO_ERROR.exceptionWithCause(e, log.describe(), e.getMessage());
        } finally {
            lock.unlock();
        }
    }

    private CatalogSnapshot writable() {
        if (closed) {
            throw ErrorCode.INTERNAL_ERROR.exception("the catalog is closed");
        }
        if (failure != null) {
            throw ErrorCode.IO_ERROR.exceptionWithCause(failure, log.describe(),
                    "an earlier metadata journal write failed; DDL is refused until the server restarts ("
                            + failure.getMessage() + ")");
        }
        return state.get();
    }

    private static Database requireDatabase(CatalogSnapshot s, String name) {
        if (name == null || name.isEmpty()) {
            throw ErrorCode.NO_DB_SELECTED.exception();
        }
        return s.database(name).orElseThrow(() -> ErrorCode.UNKNOWN_DATABASE.exception(name));
    }

    /** Journals the record durably, then publishes the state it leads to. */
    private void commit(CatalogSnapshot current, JournalRecord record) {
        CatalogSnapshot next = RecordApplier.apply(current, record);
        try {
            log.append(new JournalEntry(log.lastSequence() + 1, record));
        } catch (IOException e) {
            ShoalException error = IoErrors.of(e, log.describe());
            if (log.failed()) {
                failure = error; // the journal cannot be trusted any more; a write it undid (full disk) costs one DDL
            }
            throw error;
        }
        state.set(next);
        if (++entriesSinceCheckpoint >= options.checkpointEvery()) {
            try {
                checkpointLocked();
            } catch (IOException | RuntimeException e) {
                LOG.warn("Automatic catalog checkpoint failed; the journal keeps growing until one succeeds", e);
            }
        }
    }
}
