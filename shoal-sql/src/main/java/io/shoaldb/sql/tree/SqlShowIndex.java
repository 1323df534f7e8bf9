package io.shoaldb.sql.tree;

import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code SHOW INDEX|INDEXES|KEYS FROM|IN [db.]t [FROM|IN db]}: what drivers ask for a table's keys. */
public final class SqlShowIndex extends DorisNode {
    private static final SqlOperator OPERATOR = operator("SHOW INDEX", SqlKind.OTHER);
    private final String database;
    private final String table;

    public SqlShowIndex(SqlParserPos pos, String database, String table) {
        super(pos, OPERATOR);
        this.database = database;
        this.table = table;
    }

    /** Nullable: the session's current database. */
    public String database() {
        return database;
    }

    public String table() {
        return table;
    }

    @Override
    public void unparse(SqlWriter w, int leftPrec, int rightPrec) {
        w.keyword("SHOW INDEX FROM");
        Unparsing.name(w, database, table);
    }
}
