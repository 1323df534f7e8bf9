package io.shoaldb.sql.tree;

import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code SHOW [FULL] TABLES [FROM|IN db] [LIKE 'pattern']}. */
public final class SqlShowTables extends DorisNode {
    private static final SqlOperator OPERATOR = operator("SHOW TABLES", SqlKind.OTHER);
    private final String database;
    private final String likePattern;
    private final boolean full;

    public SqlShowTables(SqlParserPos pos, String database, String likePattern, boolean full) {
        super(pos, OPERATOR);
        this.database = database;
        this.likePattern = likePattern;
        this.full = full;
    }

    /** Nullable: the session's current database. */
    public String database() {
        return database;
    }

    /** Nullable. */
    public String likePattern() {
        return likePattern;
    }

    public boolean full() {
        return full;
    }

    @Override
    public void unparse(SqlWriter w, int leftPrec, int rightPrec) {
        w.keyword("SHOW");
        if (full) {
            w.keyword("FULL");
        }
        w.keyword("TABLES");
        if (database != null) {
            w.keyword("FROM");
            Unparsing.identifier(w, database);
        }
        Unparsing.like(w, likePattern);
    }
}
