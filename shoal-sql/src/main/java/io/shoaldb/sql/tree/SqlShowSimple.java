package io.shoaldb.sql.tree;

import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * The SHOW statements that take no object name: COLLATION, CHARSET (also CHARACTER SET), ENGINES,
 * [GLOBAL|SESSION] STATUS, [FULL] PROCESSLIST. The STATUS scope is dropped: ShoalDB keeps one set
 * of status counters.
 */
public final class SqlShowSimple extends DorisNode {
    /** Which SHOW. */
    public enum Kind {
        COLLATION("SHOW COLLATION"),
        CHARSET("SHOW CHARSET"),
        ENGINES("SHOW ENGINES"),
        STATUS("SHOW STATUS"),
        PROCESSLIST("SHOW PROCESSLIST"),
        FULL_PROCESSLIST("SHOW FULL PROCESSLIST");

        private final String sql;

        Kind(String sql) {
            this.sql = sql;
        }
    }

    private static final SqlOperator OPERATOR = operator("SHOW", SqlKind.OTHER);
    private final Kind kind;
    private final String likePattern;

    public SqlShowSimple(SqlParserPos pos, Kind kind, String likePattern) {
        super(pos, OPERATOR);
        this.kind = kind;
        this.likePattern = likePattern;
    }

    public Kind kind() {
        return kind;
    }

    /** Nullable. */
    public String likePattern() {
        return likePattern;
    }

    @Override
    public void unparse(SqlWriter w, int leftPrec, int rightPrec) {
        w.keyword(kind.sql);
        Unparsing.like(w, likePattern);
    }
}
