package io.shoaldb.sql.tree;

import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code DROP TABLE [IF EXISTS] [db.]t [FORCE]}. */
public final class SqlDropTable extends DorisNode {
    private static final SqlOperator OPERATOR = operator("DROP TABLE", SqlKind.OTHER_DDL);
    private final String database;
    private final String table;
    private final boolean ifExists;
    private final boolean force;

    public SqlDropTable(SqlParserPos pos, String database, String table, boolean ifExists, boolean force) {
        super(pos, OPERATOR);
        this.database = database;
        this.table = table;
        this.ifExists = ifExists;
        this.force = force;
    }

    /** Nullable. */
    public String database() {
        return database;
    }

    public String table() {
        return table;
    }

    public boolean ifExists() {
        return ifExists;
    }

    public boolean force() {
        return force;
    }

    @Override
    public void unparse(SqlWriter w, int leftPrec, int rightPrec) {
        w.keyword("DROP TABLE");
        if (ifExists) {
            w.keyword("IF EXISTS");
        }
        Unparsing.name(w, database, table);
        if (force) {
            w.keyword("FORCE");
        }
    }
}
