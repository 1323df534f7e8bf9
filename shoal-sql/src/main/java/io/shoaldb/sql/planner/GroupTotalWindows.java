package io.shoaldb.sql.planner;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.hep.HepMatchOrder;
import org.apache.calcite.plan.hep.HepPlanner;
import org.apache.calcite.plan.hep.HepProgramBuilder;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.rules.CoreRules;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.tools.RelBuilder;

/**
 * A grouped aggregation joined to a total of the same rows - {@code GROUP BY k HAVING sum(x) > (SELECT sum(x) * c
 * FROM the same FROM and WHERE)}, TPC-H Q11 - computes the total from the groups instead of reading and joining the
 * tables a second time: {@code Join(Agg(X) GROUP BY k, Project(Agg(X') total)) ON TRUE}, with X and X' the same
 * relational expression, becomes the groups with {@code SUM(group sum) OVER ()} beside them. Exact for SUM over exact
 * types (integers, DECIMAL): the sum of the groups' sums is the sum of the rows (NULL sums are skipped by both, and both
 * are NULL when every value is), and with no rows there are no groups for the one total row to be joined to (a LEFT
 * or INNER join of an empty side is empty either way). Floating-point sums would change with the order of additions,
 * so they keep their own scan.
 */
final class GroupTotalWindows {
    private GroupTotalWindows() {
    }

    static RelNode rewrite(RelNode rel, RelBuilder builder) {
        boolean[] changed = {false};
        RelNode r = BottomUp.rewrite(rel, node -> {
            RelNode rewritten = node instanceof Join join ? rewrite(join, builder) : null;
            if (rewritten == null) {
                return node;
            }
            changed[0] = true;
            return rewritten;
        });
        if (!changed[0]) {
            return rel;
        }
        // The SUM(...) OVER () expressions become Window rels, as the optimiser's first phase does for the query's own.
        HepPlanner planner = new HepPlanner(new HepProgramBuilder().addMatchOrder(HepMatchOrder.BOTTOM_UP)
                .addRuleInstance(CoreRules.PROJECT_TO_LOGICAL_PROJECT_AND_WINDOW).build());
        planner.setRoot(r);
        return planner.findBestExp();
    }

    /** The join with its total computed over the groups, or null when it is not of that form. */
    private static RelNode rewrite(Join join, RelBuilder builder) {
        if ((join.getJoinType() != JoinRelType.INNER && join.getJoinType() != JoinRelType.LEFT)
                || !join.getCondition().isAlwaysTrue()
                || !(join.getLeft() instanceof Aggregate groups) || groups.getGroupType() != Aggregate.Group.SIMPLE
                || groups.getGroupSet().isEmpty()
                || !(join.getRight() instanceof Project totalProject)
                || !(totalProject.getInput() instanceof Aggregate total) || total.getGroupType() != Aggregate.Group.SIMPLE
                || !total.getGroupSet().isEmpty()) {
            return null;
        }
        Inputs groupInput = Inputs.of(groups.getInput());
        Inputs totalInput = Inputs.of(total.getInput());
        if (!groupInput.base().deepEquals(totalInput.base())) {
            return null;
        }
        // Each total is the SUM of an expression the groups also sum: its position among the groups' outputs.
        int keys = groups.getGroupCount();
        List<Integer> groupSumOfTotal = new ArrayList<>();
        for (AggregateCall call : total.getAggCallList()) {
            int match = -1;
            if (isPlainExactSum(call)) {
                RexNode summed = totalInput.expression(call.getArgList().get(0));
                for (int g = 0; g < groups.getAggCallList().size() && match < 0; g++) {
                    AggregateCall candidate = groups.getAggCallList().get(g);
                    if (isPlainExactSum(candidate) && SqlTypeUtil.equalSansNullability(candidate.getType(), call.getType())
                            && groupInput.expression(candidate.getArgList().get(0)).equals(summed)) {
                        match = keys + g;
                    }
                }
            }
            if (match < 0) {
                return null;
            }
            groupSumOfTotal.add(match);
        }
        RexBuilder rex = join.getCluster().getRexBuilder();
        builder.push(groups);
        int width = groups.getRowType().getFieldCount();
        List<RexNode> withTotals = new ArrayList<>(builder.fields());
        for (int i = 0; i < groupSumOfTotal.size(); i++) {
            RexNode over = builder.aggregateCall(SqlStdOperatorTable.SUM, builder.field(groupSumOfTotal.get(i))).over()
                    .toRex();
            withTotals.add(rex.ensureType(total.getAggCallList().get(i).getType(), over, true));
        }
        builder.project(withTotals);
        // The total's projection over the window sums (which follow the group columns), then the join's row type.
        RexShuttle toWindowSums = new RexShuttle() {
            @Override
            public RexNode visitInputRef(RexInputRef ref) {
                return new RexInputRef(width + ref.getIndex(), ref.getType());
            }
        };
        List<RexNode> out = new ArrayList<>(builder.fields().subList(0, width));
        for (RexNode e : totalProject.getProjects()) {
            out.add(e.accept(toWindowSums));
        }
        List<RelDataTypeField> joinFields = join.getRowType().getFieldList();
        List<RexNode> typed = new ArrayList<>();
        for (int i = 0; i < out.size(); i++) {
            RelDataType want = joinFields.get(i).getType();
            RexNode e = out.get(i);
            typed.add(e.getType().equals(want) ? e : rex.makeCast(want, e, true, false));
        }
        return builder.project(typed, join.getRowType().getFieldNames(), true).build();
    }

    private static boolean isPlainExactSum(AggregateCall call) {
        if (call.getAggregation().getKind() != SqlKind.SUM || call.isDistinct() || call.hasFilter()
                || call.getArgList().size() != 1 || call.distinctKeys != null || !call.collation.getFieldCollations().isEmpty()) {
            return false;
        }
        SqlTypeName type = call.getType().getSqlTypeName();
        return SqlTypeName.EXACT_TYPES.contains(type);
    }

    /** An aggregation's input as a base relation and the expression of each input field over it. */
    private record Inputs(RelNode base, List<RexNode> expressions) {
        static Inputs of(RelNode input) {
            if (input instanceof Project p) {
                return new Inputs(p.getInput(), p.getProjects());
            }
            List<RexNode> refs = new ArrayList<>();
            for (RelDataTypeField f : input.getRowType().getFieldList()) {
                refs.add(new RexInputRef(f.getIndex(), f.getType()));
            }
            return new Inputs(input, refs);
        }

        RexNode expression(int field) {
            return expressions.get(field);
        }
    }
}
