package io.shoaldb.sql.tree;

import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code SHOW INDEX|INDEXES|KEYS FROM|IN [db.]t [FROM|IN db]}: what drivers ask for a table's keys. */
public final class SqlShowIndex extends TableStatement {
    private static final SqlOperator OPERATOR = operator("SHOW INDEX", SqlKind.OTHER);

    public SqlShowIndex(SqlParserPos pos, String database, String table) {
        super(pos, OPERATOR, "SHOW INDEX FROM", database, table);
    }
}
