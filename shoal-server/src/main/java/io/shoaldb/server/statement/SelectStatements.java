package io.shoaldb.server.statement;

import io.shoaldb.api.ResultColumn;
import io.shoaldb.api.RowListResult;
import io.shoaldb.api.StatementResult;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.server.expression.ConstantEvaluator;
import io.shoaldb.server.expression.Value;
import io.shoaldb.server.session.ShoalSession;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;

/**
 * SELECTs without a table (or FROM DUAL): what clients send on connect and what a user types to check a
 * variable. Queries over tables go to the query engine.
 */
final class SelectStatements {
    private final ServerContext server;

    SelectStatements(ServerContext server) {
        this.server = server;
    }

    StatementResult select(ShoalSession session, SqlNode query, String sql) {
        SqlNode fetch = null;
        SqlNode offset = null;
        if (query instanceof SqlOrderBy orderBy) {
            fetch = orderBy.fetch;
            offset = orderBy.offset;
            query = orderBy.query;
        }
        if (!(query instanceof SqlSelect select)) {
            throw ErrorCode.NOT_SUPPORTED.exception("this kind of query (" + query.getKind() + ")");
        }
        if (!isConstant(select)) {
            throw ErrorCode.NOT_SUPPORTED.exception("queries over tables");
        }
        ConstantEvaluator evaluator = new ConstantEvaluator(new SessionEvaluationContext(session, server));
        List<ResultColumn> columns = new ArrayList<>();
        List<Object> row = new ArrayList<>();
        for (SqlNode item : select.getSelectList()) {
            if (item instanceof SqlIdentifier identifier && identifier.isStar()) {
                throw ErrorCode.INVALID_VALUE.exception("No tables used");
            }
            Value value = evaluator.evaluate(item);
            columns.add(new ResultColumn(SourceText.label(item, sql), "", "", value.type(), true));
            row.add(value.value());
        }
        boolean keep = select.getWhere() == null || ConstantEvaluator.isTrue(evaluator.evaluate(select.getWhere()));
        keep &= limit(evaluator, fetch, Long.MAX_VALUE) > 0 && limit(evaluator, offset, 0) == 0;
        return new RowListResult(columns, keep ? List.of(row) : List.of());
    }

    private static long limit(ConstantEvaluator evaluator, SqlNode node, long absent) {
        if (node == null) {
            return absent;
        }
        Object value = evaluator.evaluate(node).value();
        if (value instanceof Long l) {
            return l;
        }
        if (value instanceof BigDecimal d) {
            return d.longValue();
        }
        throw ErrorCode.WRONG_ARGUMENTS.exception("LIMIT");
    }

    private static boolean isConstant(SqlSelect select) {
        SqlNode from = select.getFrom();
        return from == null || (from instanceof SqlIdentifier identifier && identifier.isSimple()
                && identifier.getSimple().equalsIgnoreCase("dual"));
    }

    /** The alias of an {@code expr AS alias} item, if any. */
    static String alias(SqlNode item) {
        if (item instanceof SqlBasicCall call && call.getKind() == SqlKind.AS) {
            SqlNode alias = call.operand(1);
            return alias instanceof SqlIdentifier identifier ? identifier.getSimple()
                    : ((SqlLiteral) alias).toValue();
        }
        return null;
    }
}
