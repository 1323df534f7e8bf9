package io.shoaldb.sql.tree;

import java.util.List;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * {@code INSERT INTO [db.]t [WITH LABEL l] [(c1, ...)] VALUES ... | query}. The source is Calcite's
 * own node: a VALUES call (operands are ROW calls of literals, dynamic parameters or expressions)
 * or a query, so it can be validated and converted by Calcite unchanged.
 */
public final class SqlDorisInsert extends DorisNode {
    private static final SqlOperator OPERATOR = operator("INSERT", SqlKind.OTHER);
    private final String database;
    private final String table;
    private final String label;
    private final List<String> columns;
    private final SqlNode source;

    public SqlDorisInsert(SqlParserPos pos, String database, String table, String label, List<String> columns,
            SqlNode source) {
        super(pos, OPERATOR);
        this.database = database;
        this.table = table;
        this.label = label;
        this.columns = columns == null ? null : List.copyOf(columns);
        this.source = source;
    }

    /** Nullable. */
    public String database() {
        return database;
    }

    public String table() {
        return table;
    }

    /** Nullable: Doris's load label. */
    public String label() {
        return label;
    }

    /** Null when the statement names no columns (all columns, in table order). */
    public List<String> columns() {
        return columns;
    }

    public SqlNode source() {
        return source;
    }

    @Override
    public List<SqlNode> getOperandList() {
        return List.of(source);
    }

    @Override
    public void unparse(SqlWriter w, int leftPrec, int rightPrec) {
        w.keyword("INSERT INTO");
        Unparsing.name(w, database, table);
        if (label != null) {
            w.keyword("WITH LABEL");
            Unparsing.identifier(w, label);
        }
        if (columns != null) {
            Unparsing.identifierList(w, columns);
        }
        source.unparse(w, 0, 0);
    }
}
