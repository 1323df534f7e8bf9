package io.shoaldb.sql.tree;

import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code SHOW TABLE STATUS [FROM|IN db] [LIKE 'pattern']}. */
public final class SqlShowTableStatus extends DorisNode {
    private static final SqlOperator OPERATOR = operator("SHOW TABLE STATUS", SqlKind.OTHER);
    private final String database;
    private final String likePattern;

    public SqlShowTableStatus(SqlParserPos pos, String database, String likePattern) {
        super(pos, OPERATOR);
        this.database = database;
        this.likePattern = likePattern;
    }

    /** Nullable: the session's current database. */
    public String database() {
        return database;
    }

    /** Nullable. */
    public String likePattern() {
        return likePattern;
    }

    @Override
    public void unparse(SqlWriter w, int leftPrec, int rightPrec) {
        w.keyword("SHOW TABLE STATUS");
        if (database != null) {
            w.keyword("FROM");
            Unparsing.identifier(w, database);
        }
        Unparsing.like(w, likePattern);
    }
}
