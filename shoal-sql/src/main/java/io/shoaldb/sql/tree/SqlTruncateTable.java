package io.shoaldb.sql.tree;

import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code TRUNCATE [TABLE] [db.]t}. */
public final class SqlTruncateTable extends DorisNode {
    private static final SqlOperator OPERATOR = operator("TRUNCATE TABLE", SqlKind.OTHER_DDL);
    private final String database;
    private final String table;

    public SqlTruncateTable(SqlParserPos pos, String database, String table) {
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
        w.keyword("TRUNCATE TABLE");
        Unparsing.name(w, database, table);
    }
}
