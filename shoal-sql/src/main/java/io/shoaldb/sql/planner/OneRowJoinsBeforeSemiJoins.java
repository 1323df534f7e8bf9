package io.shoaldb.sql.planner;

import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;

/**
 * An inner join with a one-row aggregate over a semi or anti join, {@code Join(SemiOrAnti(A, B), C)} with {@code C}
 * an aggregate without GROUP BY, becomes {@code SemiOrAnti(Join(A, C), B)}: a scalar subquery's comparison (TPC-H
 * Q22's {@code c_acctbal > (select avg(c_acctbal) ...)}) then filters {@code A} before the semi or anti join builds
 * on or probes it, instead of after. Exact: a semi or anti join keeps or drops each row of {@code A} by {@code A}'s
 * own columns and {@code B}, and the join with one row keeps or drops it by {@code A}'s columns and that row, so the
 * two decisions commute; the columns are {@code A}'s then {@code C}'s (or {@code C}'s then {@code A}'s) either way.
 * Never more rows: joined with at most one row, {@code A} does not grow.
 */
final class OneRowJoinsBeforeSemiJoins {
    private OneRowJoinsBeforeSemiJoins() {
    }

    static RelNode rewrite(RelNode rel) {
        return BottomUp.rewrite(rel, node -> node instanceof Join join && join.getJoinType() == JoinRelType.INNER
                ? rewrite(join) : node);
    }

    private static RelNode rewrite(Join join) {
        if (isSemiOrAnti(join.getLeft()) && isOneRowAggregate(join.getRight())) {
            Join filtering = (Join) join.getLeft();
            Join inner = join.copy(join.getTraitSet(), join.getCondition(), filtering.getLeft(), join.getRight(),
                    JoinRelType.INNER, false);
            // B's columns come after A's and now also after C's
            int aWidth = filtering.getLeft().getRowType().getFieldCount();
            return filtering(filtering, inner, shifted(filtering.getCondition(), aWidth,
                    join.getRight().getRowType().getFieldCount()));
        }
        if (isSemiOrAnti(join.getRight()) && isOneRowAggregate(join.getLeft())) {
            Join filtering = (Join) join.getRight();
            Join inner = join.copy(join.getTraitSet(), join.getCondition(), join.getLeft(), filtering.getLeft(),
                    JoinRelType.INNER, false);
            // A's and B's columns now both come after C's
            return filtering(filtering, inner, shifted(filtering.getCondition(), 0,
                    join.getLeft().getRowType().getFieldCount()));
        }
        return join;
    }

    private static Join filtering(Join filtering, RelNode left, RexNode condition) {
        return filtering.copy(filtering.getTraitSet(), condition, left, filtering.getRight(),
                filtering.getJoinType(), filtering.isSemiJoinDone());
    }

    /** {@code condition} with its references to columns from {@code from} on moved {@code by} columns right. */
    private static RexNode shifted(RexNode condition, int from, int by) {
        return condition.accept(new RexShuttle() {
            @Override
            public RexNode visitInputRef(RexInputRef ref) {
                return ref.getIndex() < from ? ref : new RexInputRef(ref.getIndex() + by, ref.getType());
            }
        });
    }

    private static boolean isSemiOrAnti(RelNode rel) {
        return rel instanceof Join j && (j.getJoinType() == JoinRelType.SEMI || j.getJoinType() == JoinRelType.ANTI);
    }

    private static boolean isOneRowAggregate(RelNode rel) {
        RelNode below = rel instanceof Project p ? p.getInput() : rel;
        return below instanceof Aggregate agg && agg.getGroupSet().isEmpty() && agg.getGroupSets().size() == 1;
    }
}
