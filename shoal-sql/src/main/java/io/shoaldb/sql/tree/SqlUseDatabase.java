package io.shoaldb.sql.tree;

import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code USE db}. */
public final class SqlUseDatabase extends DorisNode {
    private static final SqlOperator OPERATOR = operator("USE", SqlKind.OTHER);
    private final String database;

    public SqlUseDatabase(SqlParserPos pos, String database) {
        super(pos, OPERATOR);
        this.database = database;
    }

    public String database() {
        return database;
    }

    @Override
    public void unparse(SqlWriter w, int leftPrec, int rightPrec) {
        w.keyword("USE");
        Unparsing.identifier(w, database);
    }
}
