package io.shoaldb.sql.tree;

import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code DROP ROLE [IF EXISTS] name}. */
public final class SqlDropRole extends SqlAccountStatement {
    private final String role;
    private final boolean ifExists;

    public SqlDropRole(SqlParserPos pos, String role, boolean ifExists) {
        super(pos, "DROP ROLE");
        this.role = role;
        this.ifExists = ifExists;
    }

    public String role() {
        return role;
    }

    public boolean ifExists() {
        return ifExists;
    }

    @Override
    public String toString() {
        return "DROP ROLE " + (ifExists ? "IF EXISTS " : "") + "'" + role + "'";
    }
}
