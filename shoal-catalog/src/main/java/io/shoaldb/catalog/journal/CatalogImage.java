package io.shoaldb.catalog.journal;

import io.shoaldb.catalog.auth.Role;
import io.shoaldb.catalog.auth.UserAccount;
import io.shoaldb.catalog.model.Database;
import io.shoaldb.catalog.model.StorageVault;
import io.shoaldb.catalog.model.Table;
import java.util.List;
import java.util.Map;

/**
 * The full catalog state as a checkpoint writes it: covers every journal entry up to and including
 * {@code lastSequence}. {@code nextId} is the id counter shared by databases, tables and storage vaults. Roles are applied
 * before users, whose role lists name them.
 */
public record CatalogImage(long lastSequence, long nextId, List<Database> databases, List<Table> tables,
        Map<String, String> globalVariables, List<UserAccount> users, List<Role> roles,
        List<StorageVault> storageVaults, String defaultStorageVault) {
    /** Images written before accounts (or storage vaults) were stored have neither list. */
    public CatalogImage {
        users = users == null ? List.of() : users;
        roles = roles == null ? List.of() : roles;
        storageVaults = storageVaults == null ? List.of() : storageVaults;
    }
}
