package io.shoaldb.sql.tree;

import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code TRUNCATE [TABLE] [db.]t}. */
public final class SqlTruncateTable extends TableStatement {
    private static final SqlOperator OPERATOR = operator("TRUNCATE TABLE", SqlKind.OTHER_DDL);

    public SqlTruncateTable(SqlParserPos pos, String database, String table) {
        super(pos, OPERATOR, "TRUNCATE TABLE", database, table);
    }
}
