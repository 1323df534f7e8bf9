package io.shoaldb.server.auth;

import io.shoaldb.catalog.auth.Privilege;
import io.shoaldb.common.error.ErrorCode;

/**
 * The checks a statement makes for the session's account, each throwing MySQL's error with Doris's text when
 * the account lacks the privilege: 1142 for a table, 1044 for a database, 1227 for ADMIN / GRANT. The texts name
 * the user and the host the client connects from, as MySQL and Doris do. information_schema is read-only for every
 * user, administrators included: anything but SELECT on it is 1044, as in MySQL.
 */
public final class AccessDenied {
    private final Privileges privileges;
    private final String user;
    private final String clientHost;

    public AccessDenied(Privileges privileges, String user, String clientHost) {
        this.privileges = privileges;
        this.user = user;
        this.clientHost = clientHost;
    }

    public Privileges privileges() {
        return privileges;
    }

    public void checkTable(Privilege privilege, String database, String table) {
        checkWritable(privilege, database);
        if (!privileges.has(privilege, database, table)) {
            throw tableDenied(privilege.command(), database, table);
        }
    }

    /** SHOW CREATE TABLE, DESC, SHOW COLUMNS: any privilege on the table. */
    public void checkTableVisible(String database, String table) {
        if (!privileges.canSeeTable(database, table)) {
            throw tableDenied("SHOW", database, table);
        }
    }

    public void checkDatabase(Privilege privilege, String database) {
        if (privilege != Privilege.CREATE_PRIV) {
            // CREATE DATABASE information_schema is answered as for any existing database: 1007, or nothing
            // with IF NOT EXISTS.
            checkWritable(privilege, database);
        }
        if (!privileges.hasOnDatabase(privilege, database)) {
            throw ErrorCode.DB_ACCESS_DENIED.exception(user, clientHost, database);
        }
    }

    /** USE: any privilege on the database or on one of its tables. */
    public void checkDatabaseVisible(String database) {
        if (!privileges.canSeeDatabase(database)) {
            throw ErrorCode.DB_ACCESS_DENIED.exception(user, clientHost, database);
        }
    }

    public void checkAdmin() {
        if (!privileges.isAdmin()) {
            throw ErrorCode.SPECIFIC_ACCESS_DENIED.exception("ADMIN");
        }
    }

    /** CREATE / DROP USER and ROLE, GRANT of roles, SHOW GRANTS of others: GRANT_PRIV on *.* or ADMIN_PRIV. */
    public void checkManageAccounts() {
        if (!privileges.canManageAccounts()) {
            throw ErrorCode.SPECIFIC_ACCESS_DENIED.exception("GRANT");
        }
    }

    private void checkWritable(Privilege privilege, String database) {
        if (privilege != Privilege.SELECT_PRIV && Privileges.INFORMATION_SCHEMA.equalsIgnoreCase(database)) {
            throw ErrorCode.DB_ACCESS_DENIED.exception(user, clientHost, Privileges.INFORMATION_SCHEMA);
        }
    }

    private RuntimeException tableDenied(String command, String database, String table) {
        return ErrorCode.TABLE_ACCESS_DENIED.exception(command, user, clientHost, database + "." + table);
    }
}
