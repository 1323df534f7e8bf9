package io.shoaldb.sql.planner;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * A filter conjunct {@code x = x} as {@code x IS NOT NULL}. Calcite's decorrelator leaves such a term where a
 * correlation {@code inner = outer} was (TPC-H Q17's {@code l_partkey = p_partkey}, Q20's two keys): as a filter
 * both keep exactly the rows where {@code x} is not NULL ({@code x = x} is UNKNOWN there, which a filter drops),
 * but an equality is estimated to keep 15% of the rows, so the aggregation above looked dozens of times smaller
 * than it is (Q20's per part and supplier sum was broadcast as a join build, and ran out of heap at SF10), and
 * it costs a comparison per row. Only top-level conjuncts of a filter (under NOT or OR, FALSE and UNKNOWN would
 * differ), and not floating-point columns, whose NaN is not equal to itself.
 */
final class SelfEqualities {
    private SelfEqualities() {
    }

    static RelNode rewrite(RelNode rel) {
        return BottomUp.rewrite(rel, node -> node instanceof Filter f ? rewrite(f) : node);
    }

    private static RelNode rewrite(Filter filter) {
        RexBuilder rex = filter.getCluster().getRexBuilder();
        List<RexNode> terms = new ArrayList<>();
        boolean changed = false;
        for (RexNode term : RelOptUtil.conjunctions(filter.getCondition())) {
            if (isSelfEquality(term)) {
                terms.add(rex.makeCall(SqlStdOperatorTable.IS_NOT_NULL, ((RexCall) term).getOperands().get(0)));
                changed = true;
            } else {
                terms.add(term);
            }
        }
        return changed ? filter.copy(filter.getTraitSet(), filter.getInput(), RexUtil.composeConjunction(rex, terms))
                : filter;
    }

    private static boolean isSelfEquality(RexNode term) {
        if (!term.isA(SqlKind.EQUALS)) {
            return false;
        }
        List<RexNode> operands = ((RexCall) term).getOperands();
        return operands.get(0) instanceof RexInputRef a && operands.get(1) instanceof RexInputRef b
                && a.getIndex() == b.getIndex()
                && a.getType().getSqlTypeName() != SqlTypeName.DOUBLE
                && a.getType().getSqlTypeName() != SqlTypeName.FLOAT
                && a.getType().getSqlTypeName() != SqlTypeName.REAL;
    }
}
