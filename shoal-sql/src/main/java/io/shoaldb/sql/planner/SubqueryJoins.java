package io.shoaldb.sql.planner;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.CorrelationId;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.logical.LogicalJoin;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexCorrelVariable;
import org.apache.calcite.rex.RexFieldAccess;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexSubQuery;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;

/**
 * The subqueries of WHERE that are one semi or anti join: a conjunct {@code [NOT] EXISTS (subquery)} or
 * {@code x [NOT] IN (subquery)} whose subquery is an uncorrelated input under at most one correlated filter
 * and a projection. The correlated filter becomes the join condition (outer columns as the join's left side),
 * IN adds {@code x = column}, and NOT IN adds {@code x = column OR x IS NULL OR column IS NULL} to an anti join
 * - a row stays only when no subquery row compares TRUE or UNKNOWN, which is NOT IN's rule for NULLs. TPC-H's
 * EXISTS with a non-equality correlation (Q21) so stays one semi join with a residual, where Calcite's general
 * decorrelation would join the distinct outer keys back. Everything else is left to Calcite's subquery removal.
 */
final class SubqueryJoins {
    private SubqueryJoins() {
    }

    static RelNode rewrite(RelNode rel) {
        return BottomUp.rewrite(rel, node -> node instanceof Filter f ? rewrite(f) : node);
    }

    private static RelNode rewrite(Filter filter) {
        RelNode left = filter.getInput();
        List<RexNode> rest = new ArrayList<>();
        boolean changed = false;
        for (RexNode conjunct : RelOptUtil.conjunctions(filter.getCondition())) {
            RelNode joined = join(left, conjunct, filter.getVariablesSet());
            if (joined == null) {
                rest.add(conjunct);
            } else {
                left = joined;
                changed = true;
            }
        }
        if (!changed) {
            return filter;
        }
        RexBuilder rex = filter.getCluster().getRexBuilder();
        return rest.isEmpty() ? left : filter.copy(filter.getTraitSet(), left, RexUtil.composeConjunction(rex, rest));
    }

    /** {@code left} semi/anti-joined with the conjunct's subquery, or null when the conjunct is not of that form. */
    private static RelNode join(RelNode left, RexNode conjunct, Set<CorrelationId> variables) {
        boolean negated = conjunct.isA(SqlKind.NOT);
        RexNode e = negated ? ((RexCall) conjunct).getOperands().get(0) : conjunct;
        if (!(e instanceof RexSubQuery subQuery) || !(e.isA(SqlKind.EXISTS) || e.isA(SqlKind.IN))) {
            return null;
        }
        RelNode body = rewrite(subQuery.rel);
        Project project = body instanceof Project p ? p : null;
        if (project != null) {
            body = project.getInput();
        }
        RexNode correlated = null;
        RelNode inner = body;
        if (body instanceof Filter f && !RelOptUtil.getVariablesUsed(f).isEmpty()) {
            correlated = f.getCondition();
            inner = f.getInput();
        }
        if (!RelOptUtil.getVariablesUsed(inner).isEmpty()
                || project != null && !RelOptUtil.getVariablesUsed(project).isEmpty() && correlated == null) {
            return null;
        }
        RexBuilder rex = left.getCluster().getRexBuilder();
        int leftWidth = left.getRowType().getFieldCount();
        List<RexNode> terms = new ArrayList<>();
        if (correlated != null) {
            RexNode condition = outerAsLeft(correlated, leftWidth, variables);
            if (condition == null) {
                return null;
            }
            terms.add(condition);
        }
        if (e.isA(SqlKind.IN)) {
            if (subQuery.getOperands().size() != 1) {
                return null;
            }
            RexNode column;
            if (project != null) {
                if (project.getProjects().size() != 1 || !RelOptUtil.getVariablesUsed(project).isEmpty()) {
                    return null;
                }
                column = shift(project.getProjects().get(0), leftWidth);
            } else if (body.getRowType().getFieldCount() == 1) {
                column = rex.makeInputRef(body.getRowType().getFieldList().get(0).getType(), leftWidth);
            } else {
                return null;
            }
            RexNode x = subQuery.getOperands().get(0);
            RexNode equal = rex.makeCall(SqlStdOperatorTable.EQUALS, x, column);
            terms.add(negated ? rex.makeCall(SqlStdOperatorTable.OR, equal,
                    rex.makeCall(SqlStdOperatorTable.IS_NULL, x), rex.makeCall(SqlStdOperatorTable.IS_NULL, column))
                    : equal);
        } else if (project != null && !RelOptUtil.getVariablesUsed(project).isEmpty()) {
            return null;
        }
        return LogicalJoin.create(left, inner, List.of(), RexUtil.composeConjunction(rex, terms), Set.of(),
                negated ? JoinRelType.ANTI : JoinRelType.SEMI);
    }

    private static RexNode shift(RexNode node, int offset) {
        return node.accept(new RexShuttle() {
            @Override
            public RexNode visitInputRef(RexInputRef ref) {
                return new RexInputRef(ref.getIndex() + offset, ref.getType());
            }
        });
    }

    /** The correlated condition over (left, inner): outer field accesses become left columns; null if it uses other variables. */
    private static RexNode outerAsLeft(RexNode condition, int leftWidth, Set<CorrelationId> variables) {
        boolean[] foreign = {false};
        RexNode out = condition.accept(new RexShuttle() {
            @Override
            public RexNode visitInputRef(RexInputRef ref) {
                return new RexInputRef(ref.getIndex() + leftWidth, ref.getType());
            }

            @Override
            public RexNode visitFieldAccess(RexFieldAccess access) {
                if (access.getReferenceExpr() instanceof RexCorrelVariable v && variables.contains(v.id)) {
                    return new RexInputRef(access.getField().getIndex(), access.getType());
                }
                foreign[0] = true;
                return access;
            }

            @Override
            public RexNode visitCorrelVariable(RexCorrelVariable variable) {
                foreign[0] = true;
                return variable;
            }

            @Override
            public RexNode visitSubQuery(RexSubQuery subQuery) {
                foreign[0] = true;
                return subQuery;
            }
        });
        return foreign[0] ? null : out;
    }
}
