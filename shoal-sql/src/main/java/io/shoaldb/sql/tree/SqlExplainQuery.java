package io.shoaldb.sql.tree;

import java.util.List;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * {@code EXPLAIN [VERBOSE | GRAPH | ANALYZE] query}: the plan of a query as text (Doris's spellings; VERBOSE and
 * GRAPH give the same text as plain EXPLAIN), or with ANALYZE the plan of the query after running it, annotated
 * with what each operator did.
 */
public final class SqlExplainQuery extends DorisNode {
    private static final SqlOperator OPERATOR = operator("EXPLAIN", SqlKind.OTHER);

    /** How the statement was spelled. */
    public enum Mode {
        PLAIN, VERBOSE, GRAPH, ANALYZE
    }

    private final Mode mode;
    private final SqlNode query;

    public SqlExplainQuery(SqlParserPos pos, Mode mode, SqlNode query) {
        super(pos, OPERATOR);
        this.mode = mode;
        this.query = query;
    }

    public Mode mode() {
        return mode;
    }

    /** True for EXPLAIN ANALYZE: the query runs. */
    public boolean analyze() {
        return mode == Mode.ANALYZE;
    }

    /** The query, as Calcite's parser built it. */
    public SqlNode query() {
        return query;
    }

    @Override
    public List<SqlNode> getOperandList() {
        return List.of(query);
    }

    @Override
    public void unparse(SqlWriter w, int leftPrec, int rightPrec) {
        w.keyword("EXPLAIN");
        if (mode != Mode.PLAIN) {
            w.keyword(mode.name());
        }
        query.unparse(w, 0, 0);
    }
}
