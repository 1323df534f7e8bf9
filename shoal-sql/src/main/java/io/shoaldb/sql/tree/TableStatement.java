package io.shoaldb.sql.tree;

import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** A statement about one table, {@code <keywords> [db.]t}: the name, and its unparsing after the keywords. */
public abstract class TableStatement extends DorisNode {
    private final String keywords;
    private final String database;
    private final String table;

    protected TableStatement(SqlParserPos pos, SqlOperator operator, String keywords, String database,
            String table) {
        super(pos, operator);
        this.keywords = keywords;
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
        w.keyword(keywords);
        Unparsing.name(w, database, table);
    }
}
