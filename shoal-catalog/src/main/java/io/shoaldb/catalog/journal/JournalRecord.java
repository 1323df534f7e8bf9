package io.shoaldb.catalog.journal;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import io.shoaldb.catalog.auth.Role;
import io.shoaldb.catalog.auth.UserAccount;
import io.shoaldb.catalog.auth.UserIdentity;
import io.shoaldb.catalog.model.Database;
import io.shoaldb.catalog.model.StorageVault;
import io.shoaldb.catalog.model.Table;

/**
 * One catalog mutation as the journal stores it. Records carry the whole resulting object (ids
 * included), never the statement, so replay needs no validation, no id allocation and no clock: it is
 * deterministic, and replaying a record twice gives the same state.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
        @JsonSubTypes.Type(value = JournalRecord.CreateDatabase.class, name = "create_database"),
        @JsonSubTypes.Type(value = JournalRecord.DropDatabase.class, name = "drop_database"),
        @JsonSubTypes.Type(value = JournalRecord.CreateTable.class, name = "create_table"),
        @JsonSubTypes.Type(value = JournalRecord.DropTable.class, name = "drop_table"),
        @JsonSubTypes.Type(value = JournalRecord.ReplaceTable.class, name = "replace_table"),
        @JsonSubTypes.Type(value = JournalRecord.SetGlobalVariable.class, name = "set_global_variable"),
        @JsonSubTypes.Type(value = JournalRecord.CreateUser.class, name = "create_user"),
        @JsonSubTypes.Type(value = JournalRecord.ReplaceUser.class, name = "replace_user"),
        @JsonSubTypes.Type(value = JournalRecord.DropUser.class, name = "drop_user"),
        @JsonSubTypes.Type(value = JournalRecord.CreateRole.class, name = "create_role"),
        @JsonSubTypes.Type(value = JournalRecord.ReplaceRole.class, name = "replace_role"),
        @JsonSubTypes.Type(value = JournalRecord.DropRole.class, name = "drop_role"),
        @JsonSubTypes.Type(value = JournalRecord.CreateStorageVault.class, name = "create_storage_vault"),
        @JsonSubTypes.Type(value = JournalRecord.SetDefaultStorageVault.class, name = "set_default_storage_vault"),
})
public sealed interface JournalRecord {
    record CreateDatabase(Database database) implements JournalRecord {
    }

    /** Drops the database and every table in it. */
    record DropDatabase(long databaseId) implements JournalRecord {
    }

    record CreateTable(Table table) implements JournalRecord {
    }

    record DropTable(long tableId) implements JournalRecord {
    }

    /** A table after ALTER (properties, add/drop column): it replaces the table with the same id. */
    record ReplaceTable(Table table) implements JournalRecord {
    }

    record SetGlobalVariable(String name, String value) implements JournalRecord {
    }

    /** A new account, with its password hash (never the clear password), grants and roles. */
    record CreateUser(UserAccount account) implements JournalRecord {
    }

    /** An account after ALTER USER / SET PASSWORD / GRANT / REVOKE: it replaces the account of the same identity. */
    record ReplaceUser(UserAccount account) implements JournalRecord {
    }

    record DropUser(UserIdentity identity) implements JournalRecord {
    }

    record CreateRole(Role role) implements JournalRecord {
    }

    /** A role after GRANT / REVOKE. */
    record ReplaceRole(Role role) implements JournalRecord {
    }

    /** Drops the role and takes it from every account that has it. */
    record DropRole(String name) implements JournalRecord {
    }

    /** A new storage vault, with its secret key (the store must be reachable after a restart). */
    record CreateStorageVault(StorageVault vault) implements JournalRecord {
    }

    /** Makes the vault named {@code name} the default; null: no default. */
    record SetDefaultStorageVault(String name) implements JournalRecord {
    }
}
