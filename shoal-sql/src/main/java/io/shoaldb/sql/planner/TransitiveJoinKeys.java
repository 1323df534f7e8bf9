package io.shoaldb.sql.planner;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeUtil;

/**
 * The join keys that the equalities of a tree of inner joins imply, written out, so that join ordering can join two
 * tables the query only relates through a third. TPC-H Q9 says {@code ps_partkey = l_partkey} and
 * {@code p_partkey = l_partkey}: without {@code p_partkey = ps_partkey} the green parts (5% of part) can only meet
 * lineitem first, and the 300K joined lineitem rows go through partitioned joins with partsupp and orders; with it,
 * partsupp is cut to the green parts' 40K rows first and lineitem probes that, keeping its buckets for the colocated
 * join with orders.
 *
 * <p>For each maximal tree of inner joins, the column equalities of its conditions are grouped into classes of equal
 * columns; every pair of columns of one class that come from different inputs of the tree, are not already compared
 * and have the same type becomes an equality in the condition of the tree's top join, which join ordering then
 * places at the join where both inputs meet. The implied equality changes no result: rows that pass the original equalities pass it.
 */
final class TransitiveJoinKeys {
    private TransitiveJoinKeys() {
    }

    static RelNode derive(RelNode rel) {
        if (isInnerJoin(rel)) {
            JoinTree tree = new JoinTree();
            Join rebuilt = (Join) tree.visit(rel, 0);
            RexBuilder rex = rel.getCluster().getRexBuilder();
            List<RexNode> implied = tree.implied(rex, rel.getRowType());
            if (implied.isEmpty()) {
                return rebuilt;
            }
            // In the top join's condition, which join ordering gathers with the others (a filter above the tree would
            // stay a filter over the ordered joins).
            implied.addFirst(rebuilt.getCondition());
            return rebuilt.copy(rebuilt.getTraitSet(), RexUtil.composeConjunction(rex, implied), rebuilt.getLeft(),
                    rebuilt.getRight(), rebuilt.getJoinType(), rebuilt.isSemiJoinDone());
        }
        List<RelNode> inputs = rel.getInputs().stream().map(TransitiveJoinKeys::derive).toList();
        return sameNodes(inputs, rel.getInputs()) ? rel : rel.copy(rel.getTraitSet(), inputs);
    }

    /**
     * After join ordering: the equalities of each inner join's condition that the others already imply, given the
     * equalities that the joins inside each input enforce, removed - so that a join on lineitem's part key does not
     * also compare it with a second part key its build side holds equal to the first (one key column less to hash
     * and compare per row).
     */
    static RelNode dropRedundant(RelNode rel) {
        return BottomUp.rewrite(rel, node -> {
            if (!isInnerJoin(node)) {
                return node;
            }
            Join join = (Join) node;
            int leftWidth = join.getLeft().getRowType().getFieldCount();
            JoinTree inputs = new JoinTree();
            inputs.collect(join.getLeft(), 0);
            inputs.collect(join.getRight(), leftWidth);
            Set<Long> compared = new HashSet<>();
            List<RexNode> kept = new ArrayList<>();
            boolean dropped = false;
            for (RexNode conjunct : RelOptUtil.conjunctions(join.getCondition())) {
                int[] columns = columnEquality(conjunct);
                if (columns != null && (columns[0] < leftWidth) != (columns[1] < leftWidth)
                        && !compared.add(pair(inputs.find(columns[0]), inputs.find(columns[1])))) {
                    dropped = true;
                    continue;
                }
                kept.add(conjunct);
            }
            return !dropped ? join : join.copy(join.getTraitSet(),
                    RexUtil.composeConjunction(join.getCluster().getRexBuilder(), kept), join.getLeft(), join.getRight(),
                    join.getJoinType(), join.isSemiJoinDone());
        });
    }

    /** The two columns a conjunct {@code $a = $b} compares, or null. */
    private static int[] columnEquality(RexNode conjunct) {
        return conjunct instanceof RexCall call && call.getKind() == SqlKind.EQUALS
                && call.getOperands().get(0) instanceof RexInputRef a
                && call.getOperands().get(1) instanceof RexInputRef b ? new int[] {a.getIndex(), b.getIndex()} : null;
    }

    private static long pair(int a, int b) {
        return ((long) Math.min(a, b) << 32) | Math.max(a, b);
    }

    private static boolean isInnerJoin(RelNode rel) {
        return rel instanceof Join j && j.getJoinType() == JoinRelType.INNER;
    }

    private static boolean sameNodes(List<RelNode> a, List<RelNode> b) {
        for (int i = 0; i < a.size(); i++) {
            if (a.get(i) != b.get(i)) {
                return false;
            }
        }
        return true;
    }

    /** One tree of inner joins: its column equalities, in the tree's row numbering, and which input each column is of. */
    private static final class JoinTree {
        private final Map<Integer, Integer> parent = new HashMap<>();
        private final Set<Long> compared = new HashSet<>();
        private final List<Integer> inputStarts = new ArrayList<>();

        RelNode visit(RelNode rel, int offset) {
            if (!isInnerJoin(rel)) {
                inputStarts.add(offset);
                return derive(rel);
            }
            Join join = (Join) rel;
            addEqualities(join, offset);
            RelNode left = visit(join.getLeft(), offset);
            RelNode right = visit(join.getRight(), offset + join.getLeft().getRowType().getFieldCount());
            return left == join.getLeft() && right == join.getRight() ? join
                    : join.copy(join.getTraitSet(), join.getCondition(), left, right, join.getJoinType(), join.isSemiJoinDone());
        }

        /** The equalities that the inner joins of {@code rel} (whose columns start at {@code offset}) enforce. */
        void collect(RelNode rel, int offset) {
            if (isInnerJoin(rel)) {
                Join join = (Join) rel;
                addEqualities(join, offset);
                collect(join.getLeft(), offset);
                collect(join.getRight(), offset + join.getLeft().getRowType().getFieldCount());
            }
        }

        private void addEqualities(Join join, int offset) {
            for (RexNode conjunct : RelOptUtil.conjunctions(join.getCondition())) {
                int[] columns = columnEquality(conjunct);
                if (columns != null) {
                    union(offset + columns[0], offset + columns[1]);
                    compared.add(pair(offset + columns[0], offset + columns[1]));
                }
            }
        }

        List<RexNode> implied(RexBuilder rex, RelDataType rowType) {
            Map<Integer, List<Integer>> classes = new HashMap<>();
            for (int column : parent.keySet()) {
                classes.computeIfAbsent(find(column), k -> new ArrayList<>()).add(column);
            }
            List<RexNode> implied = new ArrayList<>();
            for (List<Integer> members : classes.values()) {
                members.sort(Integer::compare);
                for (int i = 0; i < members.size(); i++) {
                    for (int j = i + 1; j < members.size(); j++) {
                        int a = members.get(i);
                        int b = members.get(j);
                        RelDataType ta = rowType.getFieldList().get(a).getType();
                        RelDataType tb = rowType.getFieldList().get(b).getType();
                        if (input(a) != input(b) && !compared.contains(pair(a, b)) && SqlTypeUtil.equalSansNullability(ta, tb)) {
                            implied.add(rex.makeCall(SqlStdOperatorTable.EQUALS, rex.makeInputRef(ta, a), rex.makeInputRef(tb, b)));
                        }
                    }
                }
            }
            return implied;
        }

        /** The tree input a column of the tree's row comes from (inputs are visited, and so start, in column order). */
        private int input(int column) {
            int input = 0;
            while (input + 1 < inputStarts.size() && inputStarts.get(input + 1) <= column) {
                input++;
            }
            return input;
        }

        private void union(int a, int b) {
            parent.putIfAbsent(a, a);
            parent.putIfAbsent(b, b);
            parent.put(find(a), find(b));
        }

        int find(int column) {
            if (!parent.containsKey(column)) {
                return column;
            }
            int root = column;
            while (parent.get(root) != root) {
                root = parent.get(root);
            }
            return root;
        }
    }
}
