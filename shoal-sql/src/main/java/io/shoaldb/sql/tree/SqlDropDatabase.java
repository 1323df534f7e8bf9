package io.shoaldb.sql.tree;

import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code DROP DATABASE [IF EXISTS] db [FORCE]}. */
public final class SqlDropDatabase extends DorisNode {
    private static final SqlOperator OPERATOR = operator("DROP DATABASE", SqlKind.OTHER_DDL);
    private final String database;
    private final boolean ifExists;
    private final boolean force;

    public SqlDropDatabase(SqlParserPos pos, String database, boolean ifExists, boolean force) {
        super(pos, OPERATOR);
        this.database = database;
        this.ifExists = ifExists;
        this.force = force;
    }

    public String database() {
        return database;
    }

    public boolean ifExists() {
        return ifExists;
    }

    public boolean force() {
        return force;
    }

    @Override
    public void unparse(SqlWriter w, int leftPrec, int rightPrec) {
        w.keyword("DROP DATABASE");
        if (ifExists) {
            w.keyword("IF EXISTS");
        }
        Unparsing.identifier(w, database);
        if (force) {
            w.keyword("FORCE");
        }
    }
}
