package io.shoaldb.sql.tree;

import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * {@code KILL [CONNECTION | QUERY] id}: stops what connection {@code id} (SHOW PROCESSLIST's Id) runs, and for
 * CONNECTION (the default) closes it too.
 */
public final class SqlKill extends DorisNode {
    private static final SqlOperator OPERATOR = operator("KILL", SqlKind.OTHER);
    private final boolean connection;
    private final long connectionId;

    public SqlKill(SqlParserPos pos, boolean connection, long connectionId) {
        super(pos, OPERATOR);
        this.connection = connection;
        this.connectionId = connectionId;
    }

    /** True for KILL [CONNECTION], false for KILL QUERY. */
    public boolean connection() {
        return connection;
    }

    public long connectionId() {
        return connectionId;
    }

    @Override
    public void unparse(SqlWriter w, int leftPrec, int rightPrec) {
        w.keyword(connection ? "KILL CONNECTION" : "KILL QUERY");
        w.print(Long.toString(connectionId));
    }
}
