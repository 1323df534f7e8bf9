package io.shoaldb.sql.planner;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.util.SqlShuttle;

/**
 * MySQL's HAVING without GROUP BY and without aggregates filters the selected rows, and may name the select
 * list's aliases (Connector/J's getTables sends {@code ... AS TABLE_TYPE ... HAVING TABLE_TYPE IN (...)}).
 * Standard SQL would make such a query one group; this rewrite, before validation, turns the HAVING into a
 * WHERE condition with each alias replaced by its expression, which is what MySQL computes.
 */
final class HavingWithoutGroupBy {
    private static final Set<String> AGGREGATES = Set.of("COUNT", "SUM", "MIN", "MAX", "AVG", "GROUP_CONCAT",
            "ANY_VALUE", "BIT_AND", "BIT_OR", "BIT_XOR", "STDDEV", "STDDEV_POP", "STDDEV_SAMP", "STD", "VARIANCE",
            "VAR_POP", "VAR_SAMP", "APPROX_COUNT_DISTINCT", "NDV");

    private HavingWithoutGroupBy() {
    }

    static void rewrite(SqlNode node) {
        switch (node) {
            case null -> { }
            case SqlNodeList list -> list.forEach(HavingWithoutGroupBy::rewrite);
            case SqlSelect select -> {
                rewriteOne(select);
                select.getOperandList().forEach(HavingWithoutGroupBy::rewrite);
            }
            case SqlCall call -> call.getOperandList().forEach(HavingWithoutGroupBy::rewrite);
            default -> { }
        }
    }

    private static void rewriteOne(SqlSelect select) {
        SqlNode having = select.getHaving();
        if (having == null || select.getGroup() != null || hasAggregate(select.getSelectList())
                || hasAggregate(having)) {
            return;
        }
        Map<String, SqlNode> aliases = new HashMap<>();
        for (SqlNode item : select.getSelectList()) {
            if (item instanceof SqlBasicCall as && as.getKind() == SqlKind.AS) {
                aliases.putIfAbsent(key(((SqlIdentifier) as.operand(1)).getSimple()), as.operand(0));
            }
        }
        SqlNode condition = having.accept(new SqlShuttle() {
            @Override
            public SqlNode visit(SqlIdentifier id) {
                SqlNode aliased = id.isSimple() ? aliases.get(key(id.getSimple())) : null;
                return aliased == null ? id : aliased.clone(aliased.getParserPosition());
            }
        });
        SqlNode where = select.getWhere();
        select.setWhere(where == null ? condition
                : SqlStdOperatorTable.AND.createCall(where.getParserPosition(), where, condition));
        select.setHaving(null);
    }

    private static String key(String name) {
        return name.toUpperCase(Locale.ROOT);
    }

    private static boolean hasAggregate(SqlNode node) {
        return switch (node) {
            case null -> false;
            case SqlNodeList list -> list.stream().anyMatch(HavingWithoutGroupBy::hasAggregate);
            case SqlSelect ignored -> false;
            case SqlCall call -> call.getOperator().isAggregator()
                    || AGGREGATES.contains(key(call.getOperator().getName()))
                    || call.getOperandList().stream().anyMatch(HavingWithoutGroupBy::hasAggregate);
            default -> false;
        };
    }
}
