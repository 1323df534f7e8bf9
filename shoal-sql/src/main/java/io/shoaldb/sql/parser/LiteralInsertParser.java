package io.shoaldb.sql.parser;

import io.shoaldb.sql.tree.SqlDorisInsert;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * The parse tree of a statement {@link LiteralInsertScanner} recognises, the same tree Calcite's parser would
 * build, for the callers that need a tree ({@link DorisSqlParser#parse}: prepared statements, INSERTs inside
 * other paths). A plain execution of a literal INSERT skips the tree altogether (the server runs the
 * {@link LiteralInsert} itself).
 */
final class LiteralInsertParser {
    private LiteralInsertParser() {
    }

    /** The parsed statement, or null when the text is not a plain literal INSERT. */
    static SqlDorisInsert tryParse(String sql) {
        LiteralInsert insert = LiteralInsertScanner.scan(sql);
        return insert == null ? null : tree(insert);
    }

    static SqlDorisInsert tree(LiteralInsert insert) {
        List<SqlNode> rows = new ArrayList<>(insert.rowCount());
        for (int r = 0; r < insert.rowCount(); r++) {
            List<SqlNode> values = new ArrayList<>(insert.rowWidth(r));
            for (int c = 0; c < insert.rowWidth(r); c++) {
                values.add(literal(insert, insert.valueIndex(r, c)));
            }
            rows.add(SqlStdOperatorTable.ROW.createCall(SqlParserPos.ZERO, values));
        }
        SqlNode values = SqlStdOperatorTable.VALUES.createCall(SqlParserPos.ZERO, rows);
        return new SqlDorisInsert(SqlParserPos.ZERO, insert.database(), insert.table(), null, insert.columns(), values);
    }

    /** The literal node the full parser makes for value {@code v} (a signed number is one literal here). */
    static SqlNode literal(LiteralInsert insert, int v) {
        return switch (insert.kind(v)) {
            case NULL -> SqlLiteral.createNull(SqlParserPos.ZERO);
            case TRUE -> SqlLiteral.createBoolean(true, SqlParserPos.ZERO);
            case FALSE -> SqlLiteral.createBoolean(false, SqlParserPos.ZERO);
            case INTEGER, EXACT -> SqlLiteral.createExactNumeric(insert.numberText(v), SqlParserPos.ZERO);
            case APPROX -> SqlLiteral.createApproxNumeric(insert.numberText(v), SqlParserPos.ZERO);
            case STRING, ESCAPED_STRING -> SqlLiteral.createCharString(insert.stringText(v), SqlParserPos.ZERO);
            case PARAMETER -> new SqlDynamicParam(insert.parameterIndex(v), SqlParserPos.ZERO);
        };
    }
}
