package io.shoaldb.sql.tree;

import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * ShoalDB's {@code SYNC GROUP COMMIT [ON [db.]table]}: returns once everything acknowledged so far for the
 * table (or, without a table, by this session) is committed and visible.
 */
public final class SqlSyncGroupCommit extends TableStatement {
    private static final SqlOperator OPERATOR = operator("SYNC GROUP COMMIT", SqlKind.OTHER);

    /** {@code table} is null for every table this session loaded through group commit. */
    public SqlSyncGroupCommit(SqlParserPos pos, String database, String table) {
        super(pos, OPERATOR, "SYNC GROUP COMMIT", database, table);
    }

    @Override
    public void unparse(SqlWriter w, int leftPrec, int rightPrec) {
        w.keyword("SYNC GROUP COMMIT");
        if (table() != null) {
            w.keyword("ON");
            Unparsing.name(w, database(), table());
        }
    }
}
