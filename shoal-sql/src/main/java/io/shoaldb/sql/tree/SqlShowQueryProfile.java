package io.shoaldb.sql.tree;

import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * Doris's {@code SHOW QUERY PROFILE ["/" | "/<query id>"]}: without a path (or with "/") the list of the kept
 * query profiles, with "/id" the profile of that query.
 */
public final class SqlShowQueryProfile extends DorisNode {
    private static final SqlOperator OPERATOR = operator("SHOW QUERY PROFILE", SqlKind.OTHER);
    private final String path;

    public SqlShowQueryProfile(SqlParserPos pos, String path) {
        super(pos, OPERATOR);
        this.path = path;
    }

    /** The path as written, or null. */
    public String path() {
        return path;
    }

    @Override
    public void unparse(SqlWriter w, int leftPrec, int rightPrec) {
        w.keyword("SHOW QUERY PROFILE");
        if (path != null) {
            w.literal("'" + path.replace("'", "''") + "'");
        }
    }
}
