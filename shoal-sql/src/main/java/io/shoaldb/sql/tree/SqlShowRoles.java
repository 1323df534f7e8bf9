package io.shoaldb.sql.tree;

import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code SHOW ROLES}. */
public final class SqlShowRoles extends SqlAccountStatement {
    public SqlShowRoles(SqlParserPos pos) {
        super(pos, "SHOW ROLES");
    }

    @Override
    public String toString() {
        return "SHOW ROLES";
    }
}
