package io.shoaldb.sql.planner;

import io.shoaldb.common.error.ErrorCode;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;

/**
 * Rejects, before validation, what the single-table engine cannot run yet - joins, subqueries, set
 * operations, window functions, grouping sets, DISTINCT aggregates - with NOT_SUPPORTED and a clear name,
 * rather than letting them fail later with a confusing message. The MPP engine lifts these one by one.
 */
final class SupportedSyntax {
    private SupportedSyntax() {
    }

    static void check(SqlNode query) {
        SqlNode body = query instanceof SqlOrderBy o ? o.query : query;
        if (query instanceof SqlOrderBy o) {
            expressions(o.orderList);
        }
        switch (body.getKind()) {
            case SELECT -> select((SqlSelect) body);
            case UNION, INTERSECT, EXCEPT -> throw unsupported(body.getKind() + " (set operations)");
            case WITH -> throw unsupported("WITH (common table expressions)");
            case VALUES -> expressions(body);
            default -> throw unsupported("this kind of query (" + body.getKind() + ")");
        }
    }

    private static void select(SqlSelect select) {
        SqlNode from = select.getFrom();
        if (from != null) {
            SqlNode table = from.getKind() == SqlKind.AS ? ((SqlCall) from).operand(0) : from;
            switch (table.getKind()) {
                case IDENTIFIER -> { }
                case JOIN -> throw unsupported("joins");
                case SELECT, ORDER_BY, UNION, INTERSECT, EXCEPT, WITH -> throw unsupported("subqueries in FROM");
                case VALUES -> throw unsupported("VALUES in FROM");
                default -> throw unsupported("this FROM clause (" + table.getKind() + ")");
            }
        }
        if (select.getWindowList() != null && !select.getWindowList().isEmpty()) {
            throw unsupported("window functions");
        }
        if (select.getQualify() != null) {
            throw unsupported("QUALIFY");
        }
        expressions(select.getSelectList());
        expressions(select.getWhere());
        expressions(select.getGroup());
        expressions(select.getHaving());
        expressions(select.getOrderList());
    }

    private static void expressions(SqlNode node) {
        if (node == null) {
            return;
        }
        if (node instanceof SqlNodeList list) {
            list.forEach(SupportedSyntax::expressions);
            return;
        }
        switch (node.getKind()) {
            case SELECT, ORDER_BY, UNION, INTERSECT, EXCEPT, WITH, EXISTS, SCALAR_QUERY, ARRAY_QUERY_CONSTRUCTOR, MAP_QUERY_CONSTRUCTOR,
                 MULTISET_QUERY_CONSTRUCTOR -> throw unsupported("subqueries");
            case OVER, WINDOW -> throw unsupported("window functions");
            case GROUPING_SETS, ROLLUP, CUBE -> throw unsupported("GROUPING SETS, ROLLUP and CUBE");
            default -> { }
        }
        if (node instanceof SqlBasicCall call && call.getFunctionQuantifier() != null
                && "DISTINCT".equalsIgnoreCase(call.getFunctionQuantifier().toValue())) {
            throw unsupported("DISTINCT inside aggregate functions");
        }
        if (node instanceof SqlCall call) {
            for (SqlNode operand : call.getOperandList()) {
                expressions(operand);
            }
        }
    }

    static io.shoaldb.common.error.ShoalException unsupported(String what) {
        return ErrorCode.NOT_SUPPORTED.exception(what);
    }
}
