package io.shoaldb.sql.tree;

import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.parser.SqlParserPos;

/** Doris's {@code SHOW TABLETS FROM [db.]t}. */
public final class SqlShowTablets extends TableStatement {
    private static final SqlOperator OPERATOR = operator("SHOW TABLETS", SqlKind.OTHER);

    public SqlShowTablets(SqlParserPos pos, String database, String table) {
        super(pos, OPERATOR, "SHOW TABLETS FROM", database, table);
    }
}
