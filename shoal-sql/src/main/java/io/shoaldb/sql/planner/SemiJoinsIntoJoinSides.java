package io.shoaldb.sql.planner;

import java.util.List;
import java.util.function.IntUnaryOperator;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * A semi join over an inner join whose condition reads columns of one side of that join only,
 * {@code Semi(Join(A, B), R)} with the condition on {@code A} and {@code R}, becomes {@code Join(Semi(A, R), B)}
 * (through column projections between the two), when {@code A} is estimated to have no more rows than the join.
 * TPC-H Q18 keeps the orders {@code IN} its subquery's 57 keys: the semi join sat above {@code lineitem JOIN
 * (orders JOIN customer)}, so all 1.5M orders were joined to their customers and built into a hash table that only
 * 399 lineitems probed; below, the 57 keys filter the orders scan and the join above builds 57 rows.
 * Exact: the semi join keeps or drops a row of the join by {@code A}'s columns alone, so dropping the rows of
 * {@code A} it would drop before the join gives the same rows. The estimate keeps the semi join above a join that
 * drops most of {@code A}'s rows (TPC-H Q21's EXISTS over the line items of one nation's suppliers), where it
 * would otherwise probe every row of {@code A} instead of the few the join keeps.
 */
final class SemiJoinsIntoJoinSides {
    private SemiJoinsIntoJoinSides() {
    }

    static RelNode rewrite(RelNode rel) {
        return BottomUp.rewrite(rel, node -> node instanceof Join join && join.getJoinType() == JoinRelType.SEMI
                ? pushed(join) : node);
    }

    /** {@code semi} as deep below the inner joins of its left input as its condition and the estimates allow. */
    private static RelNode pushed(Join semi) {
        RelNode left = semi.getLeft();
        int leftWidth = left.getRowType().getFieldCount();
        ImmutableBitSet used = leftColumns(semi.getCondition(), leftWidth);
        if (used.isEmpty()) {
            return semi;
        }
        if (left instanceof Project project && isInnerJoin(project.getInput()) && plainColumns(project, used)) {
            // read the projection's input columns instead, then keep the projection on top
            List<RexNode> exprs = project.getProjects();
            int inputWidth = project.getInput().getRowType().getFieldCount();
            RexNode condition = remapped(semi.getCondition(), leftWidth,
                    i -> ((RexInputRef) exprs.get(i)).getIndex(), inputWidth);
            Join below = semi.copy(semi.getTraitSet(), condition, project.getInput(), semi.getRight(),
                    JoinRelType.SEMI, semi.isSemiJoinDone());
            RelNode moved = pushed(below);
            return moved == below ? semi : project.copy(project.getTraitSet(), List.of(moved));
        }
        if (!isInnerJoin(left)) {
            return semi;
        }
        Join join = (Join) left;
        int aWidth = join.getLeft().getRowType().getFieldCount();
        RelMetadataQuery mq = join.getCluster().getMetadataQuery();
        Double joinRows = mq.getRowCount(join);
        if (used.nextSetBit(aWidth) < 0 && notLarger(mq.getRowCount(join.getLeft()), joinRows)) {
            Join side = semi.copy(semi.getTraitSet(), remapped(semi.getCondition(), leftWidth, i -> i, aWidth),
                    join.getLeft(), semi.getRight(), JoinRelType.SEMI, semi.isSemiJoinDone());
            return join.copy(join.getTraitSet(), join.getCondition(), pushed(side), join.getRight(), JoinRelType.INNER,
                    join.isSemiJoinDone());
        }
        int bWidth = leftWidth - aWidth;
        if (used.nextSetBit(0) >= aWidth && notLarger(mq.getRowCount(join.getRight()), joinRows)) {
            Join side = semi.copy(semi.getTraitSet(), remapped(semi.getCondition(), leftWidth, i -> i - aWidth, bWidth),
                    join.getRight(), semi.getRight(), JoinRelType.SEMI, semi.isSemiJoinDone());
            return join.copy(join.getTraitSet(), join.getCondition(), join.getLeft(), pushed(side), JoinRelType.INNER,
                    join.isSemiJoinDone());
        }
        return semi;
    }

    private static boolean isInnerJoin(RelNode rel) {
        return rel instanceof Join j && j.getJoinType() == JoinRelType.INNER;
    }

    private static boolean notLarger(Double side, Double join) {
        return side != null && join != null && side <= join;
    }

    /** The semi join's left-side columns its condition reads. */
    private static ImmutableBitSet leftColumns(RexNode condition, int leftWidth) {
        ImmutableBitSet.Builder used = ImmutableBitSet.builder();
        condition.accept(new RexShuttle() {
            @Override
            public RexNode visitInputRef(RexInputRef ref) {
                if (ref.getIndex() < leftWidth) {
                    used.set(ref.getIndex());
                }
                return ref;
            }
        });
        return used.build();
    }

    private static boolean plainColumns(Project project, ImmutableBitSet used) {
        return used.asList().stream().allMatch(i -> project.getProjects().get(i) instanceof RexInputRef);
    }

    /**
     * {@code condition} over a new left input of {@code newLeftWidth} columns: left column {@code i} becomes
     * {@code left.applyAsInt(i)}, and the right side's columns follow the new left's.
     */
    private static RexNode remapped(RexNode condition, int leftWidth, IntUnaryOperator left,
                                    int newLeftWidth) {
        return condition.accept(new RexShuttle() {
            @Override
            public RexNode visitInputRef(RexInputRef ref) {
                int i = ref.getIndex();
                return new RexInputRef(i < leftWidth ? left.applyAsInt(i) : i - leftWidth + newLeftWidth,
                        ref.getType());
            }
        });
    }
}
