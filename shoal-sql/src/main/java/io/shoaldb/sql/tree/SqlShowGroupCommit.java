package io.shoaldb.sql.tree;

import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** ShoalDB's {@code SHOW GROUP COMMIT [FROM db]}: each table's group-commit queue, WALs and last commit. */
public final class SqlShowGroupCommit extends DorisNode {
    private static final SqlOperator OPERATOR = operator("SHOW GROUP COMMIT", SqlKind.OTHER);
    private final String database;

    public SqlShowGroupCommit(SqlParserPos pos, String database) {
        super(pos, OPERATOR);
        this.database = database;
    }

    /** Nullable: all databases. */
    public String database() {
        return database;
    }

    @Override
    public void unparse(SqlWriter w, int leftPrec, int rightPrec) {
        w.keyword("SHOW GROUP COMMIT");
        if (database != null) {
            w.keyword("FROM");
            w.identifier(database, true);
        }
    }
}
