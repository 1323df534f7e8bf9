package io.shoaldb.sql.tree;

import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code SHOW DATABASES|SCHEMAS [LIKE 'pattern']}. */
public final class SqlShowDatabases extends DorisNode {
    private static final SqlOperator OPERATOR = operator("SHOW DATABASES", SqlKind.OTHER);
    private final String likePattern;

    public SqlShowDatabases(SqlParserPos pos, String likePattern) {
        super(pos, OPERATOR);
        this.likePattern = likePattern;
    }

    /** Nullable. */
    public String likePattern() {
        return likePattern;
    }

    @Override
    public void unparse(SqlWriter w, int leftPrec, int rightPrec) {
        w.keyword("SHOW DATABASES");
        Unparsing.like(w, likePattern);
    }
}
