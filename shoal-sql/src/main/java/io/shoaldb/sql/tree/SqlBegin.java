package io.shoaldb.sql.tree;

import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code BEGIN [WITH LABEL l]} and {@code START TRANSACTION}. */
public final class SqlBegin extends DorisNode {
    private static final SqlOperator OPERATOR = operator("BEGIN", SqlKind.OTHER);
    private final String label;

    public SqlBegin(SqlParserPos pos, String label) {
        super(pos, OPERATOR);
        this.label = label;
    }

    /** Nullable: Doris's transaction label. */
    public String label() {
        return label;
    }

    @Override
    public void unparse(SqlWriter w, int leftPrec, int rightPrec) {
        w.keyword("BEGIN");
        if (label != null) {
            w.keyword("WITH LABEL");
            Unparsing.identifier(w, label);
        }
    }
}
