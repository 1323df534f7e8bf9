package io.shoaldb.sql.tree;

import java.util.List;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code SHOW [GLOBAL|SESSION|LOCAL] VARIABLES [LIKE 'pattern' | WHERE expr]}. */
public final class SqlShowVariables extends DorisNode {
    private static final SqlOperator OPERATOR = operator("SHOW VARIABLES", SqlKind.OTHER);
    private final boolean global;
    private final String likePattern;
    private final SqlNode where;

    public SqlShowVariables(SqlParserPos pos, boolean global, String likePattern, SqlNode where) {
        super(pos, OPERATOR);
        this.global = global;
        this.likePattern = likePattern;
        this.where = where;
    }

    public boolean global() {
        return global;
    }

    /** Nullable. */
    public String likePattern() {
        return likePattern;
    }

    /** Nullable: a Calcite expression over the columns Variable_name and Value. */
    public SqlNode where() {
        return where;
    }

    @Override
    public List<SqlNode> getOperandList() {
        return where == null ? List.of() : List.of(where);
    }

    @Override
    public void unparse(SqlWriter w, int leftPrec, int rightPrec) {
        w.keyword("SHOW");
        if (global) {
            w.keyword("GLOBAL");
        }
        w.keyword("VARIABLES");
        Unparsing.like(w, likePattern);
        if (where != null) {
            w.keyword("WHERE");
            where.unparse(w, 0, 0);
        }
    }
}
