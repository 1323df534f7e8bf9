package io.shoaldb.sql.planner;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlAggFunction;
import org.apache.calcite.tools.RelBuilder;

/**
 * A join of a relation {@code L} with a one-row aggregate over the same rows computes that aggregate as a window
 * over {@code L} instead of computing the rows twice. What a CTE referenced twice or a scalar subquery repeating
 * the outer query's FROM and WHERE becomes:
 * <ul>
 *   <li>{@code Join(L, Aggregate(L') GROUP BY ())} with {@code L'} the same plan as {@code L} (TPC-H Q15's
 *       {@code max(total_revenue)} over the view it joins): the aggregate is {@code MAX(x) OVER ()} over {@code L};</li>
 *   <li>{@code Join(Aggregate(Project(J)) GROUP BY k, Aggregate(Project(J')) GROUP BY ())} with {@code J'} the same
 *       plan as {@code J}, and each one-row SUM / MIN / MAX over an expression that the grouped side also sums /
 *       takes the minimum / maximum of (Q11's total of {@code ps_supplycost * ps_availqty}, compared with the same
 *       sum per part): the total is the SUM (MIN, MAX) of the per-group ones, {@code SUM(sum_k) OVER ()}.</li>
 * </ul>
 * The join becomes a filter on its condition over {@code L} and the window's columns (with the one-row side's
 * projection on top of them). Exact for INNER joins only: a one-row aggregate over rows that {@code L} holds has
 * the value its window over {@code L} has on every row, and when {@code L} is empty the join has no rows either.
 * A window without PARTITION BY runs on one driver, so only when {@code L} is estimated small (at most the
 * broadcast row limit), where the saved second computation of its input is by far the bigger cost.
 */
final class ScalarAggregateWindows {
    private ScalarAggregateWindows() {
    }

    static RelNode rewrite(RelNode rel, RelBuilder builder, long broadcastRowLimit) {
        return BottomUp.rewrite(rel, node -> node instanceof Join join && join.getJoinType() == JoinRelType.INNER
                ? rewrite(join, builder, broadcastRowLimit) : node);
    }

    private static RelNode rewrite(Join join, RelBuilder builder, long broadcastRowLimit) {
        RelNode right = windowed(join.getLeft(), join.getRight(), builder, broadcastRowLimit);
        if (right != null) {
            // L's columns, then the one-row side's: the join's own row type
            return builder.push(right).filter(join.getCondition()).build();
        }
        RelNode left = windowed(join.getRight(), join.getLeft(), builder, broadcastRowLimit);
        if (left == null) {
            return join;
        }
        // the window's relation holds the right side's columns first: put the one-row side's in front again
        int rightWidth = join.getRight().getRowType().getFieldCount();
        int leftWidth = join.getLeft().getRowType().getFieldCount();
        List<RexNode> reordered = new ArrayList<>();
        builder.push(left);
        for (int i = 0; i < leftWidth; i++) {
            reordered.add(builder.field(rightWidth + i));
        }
        for (int i = 0; i < rightWidth; i++) {
            reordered.add(builder.field(i));
        }
        return builder.project(reordered, join.getRowType().getFieldNames(), true)
                .filter(join.getCondition()).build();
    }

    /**
     * {@code l}'s columns followed by those of the one-row side {@code scalar} computed as windows over {@code l},
     * or null when {@code scalar} is not a one-row aggregate over the same rows as {@code l}.
     */
    private static RelNode windowed(RelNode l, RelNode scalar, RelBuilder builder, long broadcastRowLimit) {
        Project top = scalar instanceof Project p ? p : null;
        if (!((top == null ? scalar : top.getInput()) instanceof Aggregate agg) || !agg.getGroupSet().isEmpty()
                || agg.getGroupType() != Aggregate.Group.SIMPLE || agg.getAggCallList().isEmpty()) {
            return null;
        }
        List<WindowCall> calls = sameRows(l, agg.getInput()) ? overSameRows(agg)
                : l instanceof Aggregate grouped ? overGroups(grouped, agg) : null;
        if (calls == null) {
            return null;
        }
        RelMetadataQuery mq = l.getCluster().getMetadataQuery();
        Double rows = mq.getRowCount(l);
        if (rows == null || rows > broadcastRowLimit) {
            return null;
        }
        RexBuilder rex = l.getCluster().getRexBuilder();
        builder.push(l);
        int width = l.getRowType().getFieldCount();
        List<RexNode> columns = new ArrayList<>(builder.fields());
        for (int i = 0; i < calls.size(); i++) {
            WindowCall call = calls.get(i);
            RexNode over = builder.aggregateCall(call.function(), builder.field(call.column()))
                    .over().rowsUnbounded().toRex();
            RelDataType type = agg.getAggCallList().get(i).getType();
            // the same type as the one-row aggregate's; a window's may differ in nullability
            columns.add(over.getType().equals(type) ? over : rex.makeCast(type, over, true, false));
        }
        builder.project(columns);
        if (top == null) {
            return builder.build();
        }
        // the one-row side's projection, over the window columns where it read the aggregate's
        List<RexNode> withTop = new ArrayList<>(builder.fields().subList(0, width));
        for (RexNode e : top.getProjects()) {
            withTop.add(e.accept(new RexShuttle() {
                @Override
                public RexNode visitInputRef(RexInputRef ref) {
                    return builder.field(width + ref.getIndex());
                }
            }));
        }
        return builder.project(withTop).build();
    }

    /** Case 1: the aggregate reads {@code l} itself; each call is its own window over {@code l}. */
    private static List<WindowCall> overSameRows(Aggregate agg) {
        List<WindowCall> calls = new ArrayList<>();
        for (AggregateCall call : agg.getAggCallList()) {
            if (!plain(call)) {
                return null;
            }
            calls.add(new WindowCall(call.getAggregation(), call.getArgList().getFirst()));
        }
        return calls;
    }

    /**
     * Case 2: both aggregate projections of the same rows; each one-row call is the same function over a column of
     * {@code grouped} that computed it per group over the same expression.
     */
    private static List<WindowCall> overGroups(Aggregate grouped, Aggregate agg) {
        if (grouped.getGroupType() != Aggregate.Group.SIMPLE
                || !(grouped.getInput() instanceof Project groupedInput) || !(agg.getInput() instanceof Project input)
                || !sameRows(groupedInput.getInput(), input.getInput())) {
            return null;
        }
        List<WindowCall> calls = new ArrayList<>();
        for (AggregateCall call : agg.getAggCallList()) {
            if (!plain(call)) {
                return null;
            }
            RexNode argument = input.getProjects().get(call.getArgList().getFirst());
            int found = -1;
            List<AggregateCall> groupedCalls = grouped.getAggCallList();
            for (int j = 0; j < groupedCalls.size() && found < 0; j++) {
                AggregateCall g = groupedCalls.get(j);
                if (plain(g) && g.getAggregation().getKind() == call.getAggregation().getKind()
                        && groupedInput.getProjects().get(g.getArgList().getFirst()).equals(argument)) {
                    found = grouped.getGroupCount() + j;
                }
            }
            if (found < 0) {
                return null;
            }
            calls.add(new WindowCall(call.getAggregation(), found));
        }
        return calls;
    }

    /** SUM, MIN or MAX of one column, without DISTINCT or FILTER: what the SUM / MIN / MAX of parts equals. */
    private static boolean plain(AggregateCall call) {
        SqlKind kind = call.getAggregation().getKind();
        return (kind == SqlKind.SUM || kind == SqlKind.MIN || kind == SqlKind.MAX) && !call.isDistinct()
                && !call.hasFilter() && call.getArgList().size() == 1 && !call.isApproximate()
                && call.distinctKeys == null && call.collation.getFieldCollations().isEmpty();
    }

    /** Two plans compute the same rows when they print the same and have the same row type. */
    private static boolean sameRows(RelNode a, RelNode b) {
        return a == b || a.getRowType().equals(b.getRowType()) && RelOptUtil.toString(a).equals(RelOptUtil.toString(b));
    }

    /** A window function over the column {@code column} of the relation it runs on. */
    private record WindowCall(SqlAggFunction function, int column) {
    }
}
