package io.shoaldb.sql.tree;

import java.util.List;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * {@code GRANT privileges ON target TO grantee}, {@code GRANT 'role', ... TO account} and the REVOKE ... FROM
 * forms. Privilege names are kept as written ({@code ALL} for ALL [PRIVILEGES]); the server checks them.
 *
 * @param database for a privilege grant, {@code *} or a database name (null for a role grant)
 * @param table {@code *} or a table name (null for a role grant)
 */
public final class SqlGrant extends SqlAccountStatement {
    private final boolean revoke;
    private final List<String> privileges;
    private final String database;
    private final String table;
    private final List<String> grantedRoles;
    private final AccountName account;
    private final String granteeRole;

    public SqlGrant(SqlParserPos pos, boolean revoke, List<String> privileges, String database, String table,
            List<String> grantedRoles, AccountName account, String granteeRole) {
        super(pos, revoke ? "REVOKE" : "GRANT");
        this.revoke = revoke;
        this.privileges = List.copyOf(privileges);
        this.database = database;
        this.table = table;
        this.grantedRoles = List.copyOf(grantedRoles);
        this.account = account;
        this.granteeRole = granteeRole;
    }

    public boolean revoke() {
        return revoke;
    }

    /** Empty for a role grant. */
    public List<String> privileges() {
        return privileges;
    }

    public String database() {
        return database;
    }

    public String table() {
        return table;
    }

    /** The roles granted to (or revoked from) an account; empty for a privilege grant. */
    public List<String> grantedRoles() {
        return grantedRoles;
    }

    /** The account that receives or loses; null when the grantee is a role. */
    public AccountName account() {
        return account;
    }

    /** {@code TO ROLE 'r'}: the role that receives or loses the privileges; null for an account. */
    public String granteeRole() {
        return granteeRole;
    }

    @Override
    public String toString() {
        String what = grantedRoles.isEmpty() ? String.join(",", privileges) + " ON " + database + "." + table
                : "'" + String.join("','", grantedRoles) + "'";
        String to = account != null ? account.toString() : "ROLE '" + granteeRole + "'";
        return (revoke ? "REVOKE " : "GRANT ") + what + (revoke ? " FROM " : " TO ") + to;
    }
}
