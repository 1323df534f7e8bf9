package io.shoaldb.sql.planner;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.logical.LogicalJoin;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rel.metadata.RelColumnOrigin;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;

/**
 * A grouped aggregation joined on its group keys to a small, filtered input aggregates only the rows whose keys
 * that input holds: {@code Join(Aggregate(X) GROUP BY k, Y) ON k = y} becomes
 * {@code Join(Aggregate(SemiJoin(X, Y) ON x = y) GROUP BY k, Y)}, where {@code x} is the input column of group
 * key {@code k}. What decorrelated subqueries produce (TPC-H Q17's {@code avg(l_quantity)} per part, Q20's
 * {@code sum(l_quantity)} per part and supplier, Q2's {@code min(ps_supplycost)} per part) otherwise aggregates
 * the whole big table and then keeps the few groups the filtered side joins.
 *
 * <p>Why it is exact: a condition on group keys commutes with GROUP BY - the groups whose keys match {@code Y}
 * are made of exactly the rows whose keys match {@code Y}, and the join drops every other group anyway. The
 * semi join compares as the join does ({@code =} drops NULL keys, as the join drops the NULL group;
 * {@code IS NOT DISTINCT FROM} keeps them when {@code Y} has a NULL key). The join itself stays: it still joins
 * the groups to {@code Y} and applies the rest of its condition. It applies to joins that drop the aggregation's
 * unmatched groups: INNER (either side), and SEMI with the aggregation as the preserved side.
 *
 * <p>{@code Y} is computed twice, so only when that is cheap and selective: its estimated rows at most the
 * broadcast limit (the semi join is then a broadcast join, whose build keys also reach the scan under it as a
 * runtime filter) or at most a quarter of the rows the aggregation reads (a partitioned semi join, whose build keys
 * reach the scan as well: at TPC-H SF10 Q20's partsupp rows of 'forest' parts are estimated at 1-2 million against
 * 200,000, and without the semi join a year of lineitem made millions of groups that spilled on a 1 GB heap), and
 * at most a quarter of the rows of the table its key columns come from (it is filtered: an unfiltered dimension
 * table would keep every group and only cost a probe per row).
 */
final class GroupKeySemiJoins {
    /**
     * Y keeps at most this share of the rows of its keys' table (Calcite estimates a semi join to keep a quarter), and
     * over the broadcast limit holds at most this share of the rows aggregated.
     */
    private static final double SELECTIVE = 0.25;

    private GroupKeySemiJoins() {
    }

    static RelNode rewrite(RelNode rel, long broadcastRowLimit) {
        return BottomUp.rewrite(rel, node -> node instanceof Join join ? rewrite(join, broadcastRowLimit) : node);
    }

    private static RelNode rewrite(Join join, long broadcastRowLimit) {
        JoinRelType type = join.getJoinType();
        if (type != JoinRelType.INNER && type != JoinRelType.SEMI) {
            return join;
        }
        List<Integer> leftKeys = new ArrayList<>();
        List<Integer> rightKeys = new ArrayList<>();
        List<Boolean> filterNulls = new ArrayList<>();
        RelOptUtil.splitJoinCondition(join.getLeft(), join.getRight(), join.getCondition(), leftKeys, rightKeys,
                filterNulls);
        if (leftKeys.isEmpty()) {
            return join;
        }
        RelNode left = reduced(join.getLeft(), leftKeys, join.getRight(), rightKeys, filterNulls, broadcastRowLimit);
        if (left != null) {
            return join.copy(join.getTraitSet(), join.getCondition(), left, join.getRight(), type,
                    join.isSemiJoinDone());
        }
        if (type == JoinRelType.INNER) {
            RelNode right = reduced(join.getRight(), rightKeys, join.getLeft(), leftKeys, filterNulls,
                    broadcastRowLimit);
            if (right != null) {
                return join.copy(join.getTraitSet(), join.getCondition(), join.getLeft(), right, type,
                        join.isSemiJoinDone());
            }
        }
        return join;
    }

    /**
     * {@code side} with the aggregation under it reduced by {@code other}, or null when {@code side} is not an
     * aggregation (under filters and projections) joined on group keys, or {@code other} is not worth it.
     */
    private static RelNode reduced(RelNode side, List<Integer> sideKeys, RelNode other, List<Integer> otherKeys,
            List<Boolean> filterNulls, long broadcastRowLimit) {
        List<Integer> keys = new ArrayList<>(sideKeys);
        List<RelNode> path = new ArrayList<>();
        RelNode node = side;
        while (!(node instanceof Aggregate)) {
            path.add(node);
            if (node instanceof Filter f) {
                node = f.getInput();
            } else if (node instanceof Project p) {
                for (int i = 0; i < keys.size(); i++) {
                    Integer k = keys.get(i);
                    keys.set(i, k != null && p.getProjects().get(k) instanceof RexInputRef ref ? ref.getIndex() : null);
                }
                node = p.getInput();
            } else {
                return null;
            }
        }
        Aggregate agg = (Aggregate) node;
        if (agg.getGroupType() != Aggregate.Group.SIMPLE || agg.getGroupCount() == 0) {
            return null;
        }
        List<Integer> inputColumns = new ArrayList<>();
        List<Integer> reducerColumns = new ArrayList<>();
        List<Boolean> nullRejecting = new ArrayList<>();
        for (int i = 0; i < keys.size(); i++) {
            Integer k = keys.get(i);
            if (k != null && k < agg.getGroupCount()) {
                inputColumns.add(agg.getGroupSet().nth(k));
                reducerColumns.add(otherKeys.get(i));
                nullRejecting.add(filterNulls.get(i));
            }
        }
        if (inputColumns.isEmpty() || !worthIt(other, reducerColumns, agg.getInput(), broadcastRowLimit)) {
            return null;
        }
        RelNode input = semiJoin(agg.getInput(), inputColumns, other, reducerColumns, nullRejecting);
        RelNode rebuilt = agg.copy(agg.getTraitSet(), List.of(input));
        for (int i = path.size() - 1; i >= 0; i--) {
            RelNode above = path.get(i);
            rebuilt = above.copy(above.getTraitSet(), List.of(rebuilt));
        }
        return rebuilt;
    }

    private static boolean worthIt(RelNode reducer, List<Integer> columns, RelNode aggregated,
            long broadcastRowLimit) {
        RelMetadataQuery mq = reducer.getCluster().getMetadataQuery();
        Double rows = mq.getRowCount(reducer);
        Double aggregatedRows = mq.getRowCount(aggregated);
        if (rows == null || rows > broadcastRowLimit
                && (aggregatedRows == null || rows > aggregatedRows * SELECTIVE)) {
            return false;
        }
        double sourceRows = 0;
        for (int column : columns) {
            RelColumnOrigin origin = mq.getColumnOrigin(reducer, column);
            CatalogTable table = origin == null ? null : origin.getOriginTable().unwrap(CatalogTable.class);
            if (table != null) {
                sourceRows = Math.max(sourceRows, table.getStatistic().getRowCount());
            }
        }
        return rows <= sourceRows * SELECTIVE;
    }

    /** {@code input} semi-joined to {@code reducer}'s key columns, each pair compared as the original join does. */
    private static RelNode semiJoin(RelNode input, List<Integer> inputColumns, RelNode reducer,
            List<Integer> reducerColumns, List<Boolean> nullRejecting) {
        RexBuilder rex = input.getCluster().getRexBuilder();
        List<RexNode> projected = new ArrayList<>();
        for (int column : reducerColumns) {
            projected.add(rex.makeInputRef(reducer, column));
        }
        RelNode keys = LogicalProject.create(reducer, List.of(), projected, (List<String>) null, Set.of());
        int width = input.getRowType().getFieldCount();
        List<RexNode> terms = new ArrayList<>();
        for (int i = 0; i < inputColumns.size(); i++) {
            RexNode l = rex.makeInputRef(input, inputColumns.get(i));
            RexNode r = new RexInputRef(width + i, keys.getRowType().getFieldList().get(i).getType());
            terms.add(rex.makeCall(nullRejecting.get(i) ? SqlStdOperatorTable.EQUALS
                    : SqlStdOperatorTable.IS_NOT_DISTINCT_FROM, l, r));
        }
        return LogicalJoin.create(input, keys, List.of(), RexUtil.composeConjunction(rex, terms), Set.of(),
                JoinRelType.SEMI);
    }
}
