package io.shoaldb.sql.tree;

import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code COMMIT [WORK]}. */
public final class SqlCommit extends DorisNode {
    private static final SqlOperator OPERATOR = operator("COMMIT", SqlKind.COMMIT);

    public SqlCommit(SqlParserPos pos) {
        super(pos, OPERATOR);
    }

    @Override
    public void unparse(SqlWriter w, int leftPrec, int rightPrec) {
        w.keyword("COMMIT");
    }
}
