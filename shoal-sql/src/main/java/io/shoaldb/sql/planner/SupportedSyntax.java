package io.shoaldb.sql.planner;

import io.shoaldb.common.error.ErrorCode;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;

/**
 * Rejects, before validation, what the engine cannot run yet - LATERAL, QUALIFY - anywhere in the query
 * (subqueries and CTEs included), with NOT_SUPPORTED and a clear name, rather than letting them fail later with
 * a confusing message. Joins, subqueries, derived tables, WITH, set operations, grouping sets and window
 * functions are planned.
 */
final class SupportedSyntax {
    private SupportedSyntax() {
    }

    static void check(SqlNode node) {
        if (node == null) {
            return;
        }
        if (node instanceof SqlNodeList list) {
            list.forEach(SupportedSyntax::check);
            return;
        }
        switch (node.getKind()) {
            case LATERAL -> throw unsupported("LATERAL");
            case ARRAY_QUERY_CONSTRUCTOR, MAP_QUERY_CONSTRUCTOR, MULTISET_QUERY_CONSTRUCTOR ->
                    throw unsupported("collection subqueries");
            default -> { }
        }
        if (node instanceof SqlSelect select) {
            if (select.getQualify() != null) {
                throw unsupported("QUALIFY");
            }
        }
        if (node instanceof SqlCall call) {
            for (SqlNode operand : call.getOperandList()) {
                check(operand);
            }
        }
    }

    static io.shoaldb.common.error.ShoalException unsupported(String what) {
        return ErrorCode.NOT_SUPPORTED.exception(what);
    }
}
