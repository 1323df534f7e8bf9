package io.shoaldb.sql.tree;

import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code SHOW WARNINGS} or {@code SHOW ERRORS}; MySQL's optional LIMIT is accepted and dropped. */
public final class SqlShowWarnings extends DorisNode {
    private static final SqlOperator OPERATOR = operator("SHOW WARNINGS", SqlKind.OTHER);
    private final boolean errors;

    public SqlShowWarnings(SqlParserPos pos, boolean errors) {
        super(pos, OPERATOR);
        this.errors = errors;
    }

    /** True for SHOW ERRORS. */
    public boolean errors() {
        return errors;
    }

    @Override
    public void unparse(SqlWriter w, int leftPrec, int rightPrec) {
        w.keyword(errors ? "SHOW ERRORS" : "SHOW WARNINGS");
    }
}
