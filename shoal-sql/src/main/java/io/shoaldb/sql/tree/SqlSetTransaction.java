package io.shoaldb.sql.tree;

import java.util.List;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * {@code SET [GLOBAL|SESSION] TRANSACTION ISOLATION LEVEL ... | READ ONLY | READ WRITE [, ...]}.
 * ShoalDB has one isolation level; the statement is parsed so clients that send it keep working.
 */
public final class SqlSetTransaction extends DorisNode {
    private static final SqlOperator OPERATOR = operator("SET TRANSACTION", SqlKind.OTHER);
    private static final String LEVEL_PREFIX = "ISOLATION LEVEL ";
    private final SqlSetVariables.Scope scope;
    private final String isolationLevel;
    private final Boolean readOnly;

    public SqlSetTransaction(SqlParserPos pos, SqlSetVariables.Scope scope, String isolationLevel, Boolean readOnly) {
        super(pos, OPERATOR);
        this.scope = scope;
        this.isolationLevel = isolationLevel;
        this.readOnly = readOnly;
    }

    /** Builds the node from the grammar's normalised characteristics ("ISOLATION LEVEL X", "READ ONLY", "READ WRITE"). */
    public static SqlSetTransaction of(SqlParserPos pos, SqlSetVariables.Scope scope, List<String> characteristics) {
        String level = null;
        Boolean readOnly = null;
        for (String c : characteristics) {
            if (c.startsWith(LEVEL_PREFIX)) {
                level = c.substring(LEVEL_PREFIX.length());
            } else {
                readOnly = c.equals("READ ONLY");
            }
        }
        return new SqlSetTransaction(pos, scope, level, readOnly);
    }

    /** Null means "the next transaction only" (no GLOBAL/SESSION keyword). */
    public SqlSetVariables.Scope scope() {
        return scope;
    }

    /** Nullable; e.g. "READ COMMITTED", "REPEATABLE READ". */
    public String isolationLevel() {
        return isolationLevel;
    }

    /** Nullable when neither READ ONLY nor READ WRITE was given. */
    public Boolean readOnly() {
        return readOnly;
    }

    @Override
    public void unparse(SqlWriter w, int leftPrec, int rightPrec) {
        w.keyword("SET");
        if (scope != null) {
            w.keyword(scope.name());
        }
        w.keyword("TRANSACTION");
        if (isolationLevel != null) {
            w.keyword(LEVEL_PREFIX + isolationLevel);
            if (readOnly != null) {
                w.print(", ");
            }
        }
        if (readOnly != null) {
            w.keyword(readOnly ? "READ ONLY" : "READ WRITE");
        }
    }
}
