package io.shoaldb.sql.tree;

import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** Doris's {@code SHOW PROC '/path'} (e.g. '/backends'). */
public final class SqlShowProc extends DorisNode {
    private static final SqlOperator OPERATOR = operator("SHOW PROC", SqlKind.OTHER);
    private final String path;

    public SqlShowProc(SqlParserPos pos, String path) {
        super(pos, OPERATOR);
        this.path = path;
    }

    public String path() {
        return path;
    }

    @Override
    public void unparse(SqlWriter w, int leftPrec, int rightPrec) {
        w.keyword("SHOW PROC");
        Unparsing.string(w, path);
    }
}
