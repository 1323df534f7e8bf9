package io.shoaldb.sql.tree;

import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code SHOW CREATE TABLE [db.]t}. */
public final class SqlShowCreateTable extends TableStatement {
    private static final SqlOperator OPERATOR = operator("SHOW CREATE TABLE", SqlKind.OTHER);

    public SqlShowCreateTable(SqlParserPos pos, String database, String table) {
        super(pos, OPERATOR, "SHOW CREATE TABLE", database, table);
    }
}
