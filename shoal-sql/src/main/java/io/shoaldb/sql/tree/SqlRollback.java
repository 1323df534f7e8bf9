package io.shoaldb.sql.tree;

import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code ROLLBACK [WORK]}. */
public final class SqlRollback extends DorisNode {
    private static final SqlOperator OPERATOR = operator("ROLLBACK", SqlKind.ROLLBACK);

    public SqlRollback(SqlParserPos pos) {
        super(pos, OPERATOR);
    }

    @Override
    public void unparse(SqlWriter w, int leftPrec, int rightPrec) {
        w.keyword("ROLLBACK");
    }
}
