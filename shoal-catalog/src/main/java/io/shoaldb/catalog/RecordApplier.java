package io.shoaldb.catalog;

import io.shoaldb.catalog.auth.AccessData;
import io.shoaldb.catalog.auth.Role;
import io.shoaldb.catalog.auth.UserAccount;
import io.shoaldb.catalog.auth.UserIdentity;
import io.shoaldb.catalog.journal.CatalogImage;
import io.shoaldb.catalog.journal.JournalRecord;
import io.shoaldb.catalog.model.Database;
import io.shoaldb.catalog.model.StorageVault;
import io.shoaldb.catalog.model.StorageVaults;
import io.shoaldb.catalog.model.Table;
import java.util.ArrayList;
import java.util.TreeMap;

/**
 * Applies journal records to a snapshot, giving the next snapshot. The same code serves live mutations
 * and replay, so what a restart rebuilds is exactly what was served. A record that does not fit the state
 * (a table in a database that does not exist) means the journal is damaged: IllegalStateException.
 */
final class RecordApplier {
    private RecordApplier() {
    }

    static CatalogSnapshot apply(CatalogSnapshot s, JournalRecord record) {
        return switch (record) {
            case JournalRecord.CreateDatabase r -> {
                if (s.database(r.database().name()).isPresent()) {
                    throw new IllegalStateException("database " + r.database().name() + " exists");
                }
                yield s.withDatabase(r.database());
            }
            case JournalRecord.DropDatabase r -> s.withoutDatabase(s.databaseById(r.databaseId())
                    .orElseThrow(() -> new IllegalStateException("no database with id " + r.databaseId())));
            case JournalRecord.CreateTable r -> {
                requireDatabase(s, r.table().databaseId());
                if (s.tableById(r.table().id()).isPresent()) {
                    throw new IllegalStateException("table id " + r.table().id() + " in use");
                }
                yield s.withTable(r.table());
            }
            case JournalRecord.DropTable r -> s.withoutTable(s.tableById(r.tableId())
                    .orElseThrow(() -> new IllegalStateException("no table with id " + r.tableId())));
            case JournalRecord.ReplaceTable r -> {
                Table old = s.tableById(r.table().id())
                        .orElseThrow(() -> new IllegalStateException("no table with id " + r.table().id()));
                if (old.databaseId() != r.table().databaseId()) {
                    throw new IllegalStateException("table " + old.id() + " cannot change database");
                }
                yield s.withTable(r.table());
            }
            case JournalRecord.SetGlobalVariable r -> s.withGlobalVariable(r.name(), r.value());
            case JournalRecord.CreateUser r -> {
                if (s.access().account(r.account().identity()).isPresent()) {
                    throw new IllegalStateException("user " + r.account().identity() + " exists");
                }
                requireRoles(s, r.account());
                yield s.withAccess(s.access().withAccount(r.account()));
            }
            case JournalRecord.ReplaceUser r -> {
                requireAccount(s, r.account().identity());
                requireRoles(s, r.account());
                yield s.withAccess(s.access().withAccount(r.account()));
            }
            case JournalRecord.DropUser r -> {
                requireAccount(s, r.identity());
                yield s.withAccess(s.access().withoutAccount(r.identity()));
            }
            case JournalRecord.CreateRole r -> {
                if (s.access().role(r.role().name()).isPresent()) {
                    throw new IllegalStateException("role " + r.role().name() + " exists");
                }
                yield s.withAccess(s.access().withRole(r.role()));
            }
            case JournalRecord.ReplaceRole r -> {
                requireRole(s, r.role().name());
                yield s.withAccess(s.access().withRole(r.role()));
            }
            case JournalRecord.DropRole r -> {
                requireRole(s, r.name());
                yield s.withAccess(s.access().withoutRole(r.name()));
            }
            case JournalRecord.CreateStorageVault r -> {
                if (s.storageVaults().vault(r.vault().name()).isPresent()) {
                    throw new IllegalStateException("storage vault " + r.vault().name() + " exists");
                }
                yield s.withStorageVaults(s.storageVaults().with(r.vault())).withNextId(r.vault().id() + 1);
            }
            case JournalRecord.SetDefaultStorageVault r -> s.withStorageVaults(s.storageVaults().withDefault(r.name()));
        };
    }

    private static void requireDatabase(CatalogSnapshot s, long databaseId) {
        if (s.databaseById(databaseId).isEmpty()) {
            throw new IllegalStateException("no database with id " + databaseId);
        }
    }

    private static void requireAccount(CatalogSnapshot s, UserIdentity identity) {
        if (s.access().account(identity).isEmpty()) {
            throw new IllegalStateException("no user " + identity);
        }
    }

    private static void requireRole(CatalogSnapshot s, String name) {
        if (s.access().role(name).isEmpty()) {
            throw new IllegalStateException("no role " + name);
        }
    }

    private static void requireRoles(CatalogSnapshot s, UserAccount account) {
        account.roles().forEach(role -> requireRole(s, role));
    }

    static CatalogSnapshot fromImage(CatalogImage image) {
        CatalogSnapshot s = CatalogSnapshot.EMPTY;
        for (Database db : image.databases()) {
            s = s.withDatabase(db);
        }
        for (Table t : image.tables()) {
            requireDatabase(s, t.databaseId());
            s = s.withTable(t);
        }
        for (var e : image.globalVariables().entrySet()) {
            s = s.withGlobalVariable(e.getKey(), e.getValue());
        }
        AccessData access = AccessData.EMPTY;
        for (Role role : image.roles()) {
            access = access.withRole(role);
        }
        for (UserAccount account : image.users()) {
            access = access.withAccount(account);
        }
        StorageVaults vaults = StorageVaults.NONE;
        for (StorageVault vault : image.storageVaults()) {
            vaults = vaults.with(vault);
        }
        return s.withAccess(access).withStorageVaults(vaults.withDefault(image.defaultStorageVault()))
                .withNextId(image.nextId());
    }

    static CatalogImage toImage(CatalogSnapshot s, long lastSequence) {
        return new CatalogImage(lastSequence, s.nextId(), s.databases(), new ArrayList<>(s.allTables()),
                new TreeMap<>(s.globalVariables()), s.access().accounts(), s.access().roles(),
                s.storageVaults().all(), s.storageVaults().defaultVault());
    }
}
