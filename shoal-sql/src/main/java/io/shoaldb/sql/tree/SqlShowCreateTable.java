package io.shoaldb.sql.tree;

import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code SHOW CREATE TABLE [db.]t}. */
public final class SqlShowCreateTable extends DorisNode {
    private static final SqlOperator OPERATOR = operator("SHOW CREATE TABLE", SqlKind.OTHER);
    private final String database;
    private final String table;

    public SqlShowCreateTable(SqlParserPos pos, String database, String table) {
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
        w.keyword("SHOW CREATE TABLE");
        Unparsing.name(w, database, table);
    }
}
