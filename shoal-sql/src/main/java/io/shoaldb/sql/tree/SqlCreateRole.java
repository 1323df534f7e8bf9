package io.shoaldb.sql.tree;

import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code CREATE ROLE [IF NOT EXISTS] name}. */
public final class SqlCreateRole extends SqlAccountStatement {
    private final String role;
    private final boolean ifNotExists;

    public SqlCreateRole(SqlParserPos pos, String role, boolean ifNotExists) {
        super(pos, "CREATE ROLE");
        this.role = role;
        this.ifNotExists = ifNotExists;
    }

    public String role() {
        return role;
    }

    public boolean ifNotExists() {
        return ifNotExists;
    }

    @Override
    public String toString() {
        return "CREATE ROLE " + (ifNotExists ? "IF NOT EXISTS " : "") + "'" + role + "'";
    }
}
