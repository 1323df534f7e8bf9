package io.shoaldb.sql.tree;

import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** Doris's {@code SHOW TABLETS FROM [db.]t}. */
public final class SqlShowTablets extends DorisNode {
    private static final SqlOperator OPERATOR = operator("SHOW TABLETS", SqlKind.OTHER);
    private final String database;
    private final String table;

    public SqlShowTablets(SqlParserPos pos, String database, String table) {
        super(pos, OPERATOR);
        this.database = database;
        this.table = table;
    }

    /** Nullable. */
    public String database() {
        return database;
    }

    public String table() {
        return table;
    }

    @Override
    public void unparse(SqlWriter w, int leftPrec, int rightPrec) {
        w.keyword("SHOW TABLETS FROM");
        Unparsing.name(w, database, table);
    }
}
