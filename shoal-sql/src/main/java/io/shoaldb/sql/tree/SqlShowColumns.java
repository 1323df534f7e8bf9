package io.shoaldb.sql.tree;

import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * {@code SHOW [FULL] COLUMNS|FIELDS FROM|IN [db.]t [FROM|IN db] [LIKE 'p']}, and {@code DESC t} /
 * {@code DESCRIBE t}, which MySQL defines as the same thing.
 */
public final class SqlShowColumns extends DorisNode {
    private static final SqlOperator OPERATOR = operator("SHOW COLUMNS", SqlKind.OTHER);
    private final String database;
    private final String table;
    private final boolean full;
    private final String likePattern;

    public SqlShowColumns(SqlParserPos pos, String database, String table, boolean full, String likePattern) {
        super(pos, OPERATOR);
        this.database = database;
        this.table = table;
        this.full = full;
        this.likePattern = likePattern;
    }

    /** Nullable. */
    public String database() {
        return database;
    }

    public String table() {
        return table;
    }

    public boolean full() {
        return full;
    }

    /** Nullable. */
    public String likePattern() {
        return likePattern;
    }

    @Override
    public void unparse(SqlWriter w, int leftPrec, int rightPrec) {
        w.keyword("SHOW");
        if (full) {
            w.keyword("FULL");
        }
        w.keyword("COLUMNS FROM");
        Unparsing.name(w, database, table);
        Unparsing.like(w, likePattern);
    }
}
