package io.shoaldb.catalog;

import io.shoaldb.catalog.auth.AccessData;
import io.shoaldb.catalog.model.Database;
import io.shoaldb.catalog.model.StorageVaults;
import io.shoaldb.catalog.model.Table;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * An immutable, consistent view of the whole catalog. Every mutation builds a new snapshot (copying only
 * the maps it changes) and publishes it at once, so readers never lock and never see half a DDL.
 * Database and table names are case-sensitive.
 */
public final class CatalogSnapshot {
    static final CatalogSnapshot EMPTY = new CatalogSnapshot(Map.of(), Map.of(), Map.of(), Map.of(), 1,
            AccessData.EMPTY, StorageVaults.NONE);

    private final Map<String, Database> databases;           // by name, sorted
    private final Map<Long, Map<String, Table>> tablesByDb;  // database id -> name -> table, sorted
    private final Map<Long, Table> tablesById;
    private final Map<String, String> globalVariables;
    private final long nextId;
    private final AccessData access;
    private final StorageVaults vaults;

    private CatalogSnapshot(Map<String, Database> databases, Map<Long, Map<String, Table>> tablesByDb,
            Map<Long, Table> tablesById, Map<String, String> globalVariables, long nextId, AccessData access,
            StorageVaults vaults) {
        this.access = access;
        this.vaults = vaults;
        this.databases = databases;
        this.tablesByDb = tablesByDb;
        this.tablesById = tablesById;
        this.globalVariables = globalVariables;
        this.nextId = nextId;
    }

    /** All databases, by name. */
    public List<Database> databases() {
        return List.copyOf(databases.values());
    }

    public Optional<Database> database(String name) {
        return name == null ? Optional.empty() : Optional.ofNullable(databases.get(name));
    }

    public Optional<Database> databaseById(long id) {
        return databases.values().stream().filter(d -> d.id() == id).findFirst();
    }

    /** The tables of a database, by name; empty when the database does not exist. */
    public List<Table> tables(String database) {
        Database db = database == null ? null : databases.get(database);
        return db == null ? List.of() : List.copyOf(tablesByDb.getOrDefault(db.id(), Map.of()).values());
    }

    public Optional<Table> table(String database, String name) {
        Database db = database == null ? null : databases.get(database);
        return db == null || name == null ? Optional.empty()
                : Optional.ofNullable(tablesByDb.getOrDefault(db.id(), Map.of()).get(name));
    }

    public Optional<Table> tableById(long id) {
        return Optional.ofNullable(tablesById.get(id));
    }

    /** Variables set with SET GLOBAL, names in lower case. */
    public Map<String, String> globalVariables() {
        return globalVariables;
    }

    /** The next id to hand out to a database or table; ids are never reused. */
    long nextId() {
        return nextId;
    }

    /** Every table of every database. */
    public List<Table> allTables() {
        return List.copyOf(tablesById.values());
    }

    /** Users and roles. */
    public AccessData access() {
        return access;
    }

    /** Storage vaults and the default one. */
    public StorageVaults storageVaults() {
        return vaults;
    }

    // ---- copy-on-write changes, used by RecordApplier only ----

    CatalogSnapshot withAccess(AccessData changed) {
        return new CatalogSnapshot(databases, tablesByDb, tablesById, globalVariables, nextId, changed, vaults);
    }

    CatalogSnapshot withStorageVaults(StorageVaults changed) {
        return new CatalogSnapshot(databases, tablesByDb, tablesById, globalVariables, nextId, access, changed);
    }

    CatalogSnapshot withDatabase(Database db) {
        Map<String, Database> dbs = new TreeMap<>(databases);
        dbs.put(db.name(), db);
        Map<Long, Map<String, Table>> byDb = new HashMap<>(tablesByDb);
        byDb.putIfAbsent(db.id(), Map.of());
        return new CatalogSnapshot(Collections.unmodifiableMap(dbs), Collections.unmodifiableMap(byDb), tablesById,
                globalVariables, Math.max(nextId, db.id() + 1), access, vaults);
    }

    CatalogSnapshot withoutDatabase(Database db) {
        Map<String, Database> dbs = new TreeMap<>(databases);
        dbs.remove(db.name());
        Map<Long, Map<String, Table>> byDb = new HashMap<>(tablesByDb);
        Map<String, Table> dropped = byDb.remove(db.id());
        Map<Long, Table> byId = tablesById;
        if (dropped != null && !dropped.isEmpty()) {
            byId = new HashMap<>(tablesById);
            for (Table t : dropped.values()) {
                byId.remove(t.id());
            }
            byId = Collections.unmodifiableMap(byId);
        }
        return new CatalogSnapshot(Collections.unmodifiableMap(dbs), Collections.unmodifiableMap(byDb), byId,
                globalVariables, nextId, access, vaults);
    }

    /** Adds the table, or replaces the table with the same id (which must keep its database). */
    CatalogSnapshot withTable(Table table) {
        Map<Long, Table> byId = new HashMap<>(tablesById);
        Table previous = byId.put(table.id(), table);
        Map<String, Table> inDb = new TreeMap<>(tablesByDb.getOrDefault(table.databaseId(), Map.of()));
        if (previous != null) {
            inDb.remove(previous.name());
        }
        inDb.put(table.name(), table);
        Map<Long, Map<String, Table>> byDb = new HashMap<>(tablesByDb);
        byDb.put(table.databaseId(), Collections.unmodifiableMap(inDb));
        return new CatalogSnapshot(databases, Collections.unmodifiableMap(byDb), Collections.unmodifiableMap(byId),
                globalVariables, Math.max(nextId, table.maxId() + 1), access, vaults);
    }

    CatalogSnapshot withoutTable(Table table) {
        Map<Long, Table> byId = new HashMap<>(tablesById);
        byId.remove(table.id());
        Map<String, Table> inDb = new TreeMap<>(tablesByDb.getOrDefault(table.databaseId(), Map.of()));
        inDb.remove(table.name());
        Map<Long, Map<String, Table>> byDb = new HashMap<>(tablesByDb);
        byDb.put(table.databaseId(), Collections.unmodifiableMap(inDb));
        return new CatalogSnapshot(databases, Collections.unmodifiableMap(byDb), Collections.unmodifiableMap(byId),
                globalVariables, nextId, access, vaults);
    }

    CatalogSnapshot withGlobalVariable(String name, String value) {
        Map<String, String> vars = new TreeMap<>(globalVariables);
        vars.put(name, value);
        return new CatalogSnapshot(databases, tablesByDb, tablesById, Collections.unmodifiableMap(vars), nextId, access, vaults);
    }

    CatalogSnapshot withNextId(long id) {
        return new CatalogSnapshot(databases, tablesByDb, tablesById, globalVariables, Math.max(nextId, id), access, vaults);
    }
}
