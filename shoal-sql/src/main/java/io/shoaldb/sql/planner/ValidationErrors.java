package io.shoaldb.sql.planner;

import static org.apache.calcite.util.Static.RESOURCE;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.runtime.Resources;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * Turns Calcite validation errors into MySQL's: unknown columns are 1054 with the clause MySQL names
 * ('field list', 'where clause', ...), ambiguous ones 1052, everything else (types, functions) 1105 with
 * Calcite's explanation. The kind of error is recognised by its Calcite resource, never by message text.
 */
final class ValidationErrors {
    private static final String COLUMN_NOT_FOUND = RESOURCE.columnNotFound("").raw();
    private static final String COLUMN_NOT_FOUND_MEAN = RESOURCE.columnNotFoundDidYouMean("", "").raw();
    private static final String COLUMN_NOT_IN_TABLE = RESOURCE.columnNotFoundInTable("", "").raw();
    private static final String COLUMN_NOT_IN_TABLE_MEAN = RESOURCE.columnNotFoundInTableDidYouMean("", "", "").raw();
    private static final String TABLE_NOT_FOUND = RESOURCE.tableNameNotFound("").raw();
    private static final String TABLE_NOT_FOUND_MEAN = RESOURCE.tableNameNotFoundDidYouMean("", "").raw();
    private static final String COLUMN_AMBIGUOUS = RESOURCE.columnAmbiguous("").raw();
    private static final String UNKNOWN_FUNCTION = RESOURCE.validatorUnknownFunction("").raw();

    private ValidationErrors() {
    }

    static ShoalException translate(RuntimeException e, ShoalValidator validator, SqlNode query) {
        ShoalValidator.Origin origin = validator.originOf(e);
        if (origin == null) {
            return ErrorCode.INVALID_QUERY.exceptionWithCause(e, message(e));
        }
        Resources.ExInst<?> error = origin.error();
        String raw = error.raw();
        String clause = clause(query, origin.node().getParserPosition());
        if (raw.equals(COLUMN_NOT_FOUND) || raw.equals(COLUMN_NOT_FOUND_MEAN)) {
            return ErrorCode.UNKNOWN_COLUMN.exceptionWithCause(e, unquote(name(origin.node())), clause);
        }
        if (raw.equals(COLUMN_NOT_IN_TABLE) || raw.equals(COLUMN_NOT_IN_TABLE_MEAN)
                || raw.equals(TABLE_NOT_FOUND) || raw.equals(TABLE_NOT_FOUND_MEAN)) {
            return ErrorCode.UNKNOWN_COLUMN.exceptionWithCause(e, unquote(name(origin.node())), clause);
        }
        if (raw.equals(COLUMN_AMBIGUOUS)) {
            return ErrorCode.AMBIGUOUS_COLUMN.exceptionWithCause(e, unquote(name(origin.node())), clause);
        }
        if (raw.equals(UNKNOWN_FUNCTION) && origin.node() instanceof SqlCall call) {
            return ErrorCode.UNKNOWN_FUNCTION.exceptionWithCause(e, call.getOperator().getName());
        }
        return ErrorCode.INVALID_QUERY.exceptionWithCause(e, message(e));
    }

    private static String name(SqlNode node) {
        return node instanceof SqlIdentifier id ? String.join(".", id.names) : node.toString();
    }

    private static String unquote(String s) {
        return s.replace("`", "");
    }

    private static String message(Throwable e) {
        Throwable root = e;
        while (root instanceof CalciteContextException && root.getCause() != null) {
            root = root.getCause();
        }
        return root.getMessage() == null ? e.toString() : root.getMessage();
    }

    /** MySQL's name of the clause holding {@code pos}. */
    static String clause(SqlNode query, SqlParserPos pos) {
        SqlNode body = query instanceof SqlOrderBy o ? o.query : query;
        if (query instanceof SqlOrderBy o && contains(o.orderList, pos)) {
            return "order clause";
        }
        if (body instanceof SqlSelect s) {
            if (contains(s.getWhere(), pos)) {
                return "where clause";
            }
            if (contains(s.getGroup(), pos)) {
                return "group statement";
            }
            if (contains(s.getHaving(), pos)) {
                return "having clause";
            }
            if (contains(s.getOrderList(), pos)) {
                return "order clause";
            }
        }
        return "field list";
    }

    private static boolean contains(SqlNode clause, SqlParserPos pos) {
        if (clause == null || pos == null || clause.getParserPosition() == SqlParserPos.ZERO) {
            return false;
        }
        SqlParserPos c = clause.getParserPosition();
        boolean startsAfter = pos.getLineNum() > c.getLineNum()
                || (pos.getLineNum() == c.getLineNum() && pos.getColumnNum() >= c.getColumnNum());
        boolean endsBefore = pos.getEndLineNum() < c.getEndLineNum()
                || (pos.getEndLineNum() == c.getEndLineNum() && pos.getEndColumnNum() <= c.getEndColumnNum());
        return startsAfter && endsBefore;
    }
}
