package io.shoaldb.sql.tree;

import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * Base of the user, role and privilege statements (CREATE / ALTER / DROP USER, SET PASSWORD, CREATE / DROP ROLE,
 * GRANT, REVOKE, SHOW GRANTS / ROLES). They carry no Calcite sub-trees; their unparsed form never shows a
 * password.
 */
public abstract sealed class SqlAccountStatement extends DorisNode permits SqlCreateUser, SqlAlterUser,
        SqlDropUser, SqlSetPassword, SqlCreateRole, SqlDropRole, SqlGrant, SqlShowGrants, SqlShowRoles {
    protected SqlAccountStatement(SqlParserPos pos, String name) {
        super(pos, operator(name, SqlKind.OTHER_DDL));
    }

    @Override
    public void unparse(SqlWriter w, int leftPrec, int rightPrec) {
        w.print(toString());
    }
}
