package io.shoaldb.sql.planner;

import java.util.function.BiFunction;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;

/** Rewrites of a relational tree from the leaves up: each node is given to the step after its inputs were. */
final class BottomUp {
    private BottomUp() {
    }

    static RelNode rewrite(RelNode rel, UnaryOperator<RelNode> step) {
        return rel.accept(new RelHomogeneousShuttle() {
            @Override
            public RelNode visit(RelNode other) {
                return step.apply(super.visit(other));
            }
        });
    }

    /**
     * The condition of every filter, and of every join whose type {@code joins} accepts, replaced by what
     * {@code condition} makes of it (a node whose condition comes back equal is kept as it is).
     */
    static RelNode conditions(RelNode rel, Predicate<JoinRelType> joins,
                              BiFunction<RexBuilder, RexNode, RexNode> condition) {
        return rewrite(rel, node -> {
            RexBuilder rex = node.getCluster().getRexBuilder();
            if (node instanceof Filter f) {
                RexNode c = condition.apply(rex, f.getCondition());
                return c.equals(f.getCondition()) ? f : f.copy(f.getTraitSet(), f.getInput(), c);
            }
            if (node instanceof Join j && joins.test(j.getJoinType())) {
                RexNode c = condition.apply(rex, j.getCondition());
                return c.equals(j.getCondition()) ? j
                        : j.copy(j.getTraitSet(), c, j.getLeft(), j.getRight(), j.getJoinType(), j.isSemiJoinDone());
            }
            return node;
        });
    }
}
