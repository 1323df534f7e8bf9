package io.shoaldb.sql.planner;

import io.shoaldb.common.error.ErrorCode;
import java.util.List;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.hep.HepMatchOrder;
import org.apache.calcite.plan.hep.HepPlanner;
import org.apache.calcite.plan.hep.HepProgram;
import org.apache.calcite.plan.hep.HepProgramBuilder;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Correlate;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.Union;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.rel.rules.CoreRules;
import org.apache.calcite.sql2rel.RelDecorrelator;
import org.apache.calcite.sql2rel.RelFieldTrimmer;
import org.apache.calcite.tools.RelBuilder;

/**
 * The logical rewrites, in phases, each run by Calcite's HepPlanner to a fixpoint:
 * <ol>
 *   <li>[NOT] EXISTS and [NOT] IN conjuncts of WHERE of a simple form become semi / anti joins
 *       ({@link SubqueryJoins}); other subqueries (scalar ones, correlated or not) become joins and aggregates over
 *       {@code Correlate}s, which Calcite's decorrelator then turns into plain joins;</li>
 *   <li>UNION, INTERSECT and EXCEPT become aggregations over UNION ALL ({@link SetOperationRewrite});</li>
 *   <li>filters are pushed into joins (conditions become join keys) and down to the scans - with the
 *       single-column filters that their disjunctions imply ({@link ImpliedColumnFilters}) - DISTINCT
 *       aggregates are rewritten into aggregates over aggregates, and joins with a distinct set of keys
 *       whose columns are not used (what EXISTS and IN become) into semi joins;</li>
 *   <li>inner joins are ordered by Calcite's heuristic join-order rule (LoptOptimizeJoinRule) over the
 *       table row counts ({@link JoinSelectivity}), after the join keys their equalities imply are written out and
 *       before those left redundant by the order are dropped ({@link TransitiveJoinKeys}); an aggregation joined on its group keys to a small filtered input aggregates only the
 *       rows that input keeps ({@link GroupKeySemiJoins}); a semi join over an inner join goes into the side of
 *       that join holding its keys when that side is not larger than the join ({@link SemiJoinsIntoJoinSides}); a join with a one-row aggregate over the same rows as
 *       its other side (a CTE referenced twice, a scalar subquery repeating the outer FROM) computes the aggregate
 *       as a window over that side instead of computing the rows twice ({@link ScalarAggregateWindows}); a join
 *       with a one-row aggregate over a semi or anti join goes below it, so that a scalar subquery's comparison
 *       filters the rows before the semi or anti join ({@link OneRowJoinsBeforeSemiJoins});</li>
 *   <li>unused columns are trimmed everywhere, and projections and filters are tidied so that a filter
 *       sits right on its scan (the physical translator turns that into a scan filter and zone-map hint).</li>
 * </ol>
 */
final class LogicalOptimizer {
    private static final List<RelOptRule> SUBQUERIES = List.of(
            CoreRules.FILTER_SUB_QUERY_TO_CORRELATE,
            CoreRules.PROJECT_SUB_QUERY_TO_CORRELATE,
            CoreRules.JOIN_SUB_QUERY_TO_CORRELATE);

    private static final List<RelOptRule> PUSH_DOWN = List.of(
            CoreRules.FILTER_INTO_JOIN,
            CoreRules.JOIN_CONDITION_PUSH,
            CoreRules.FILTER_PROJECT_TRANSPOSE,
            CoreRules.FILTER_AGGREGATE_TRANSPOSE,
            CoreRules.FILTER_MERGE,
            CoreRules.PROJECT_MERGE,
            CoreRules.PROJECT_REMOVE,
            CoreRules.AGGREGATE_PROJECT_MERGE,
            CoreRules.AGGREGATE_EXPAND_DISTINCT_AGGREGATES_TO_JOIN,
            CoreRules.PROJECT_TO_SEMI_JOIN,
            CoreRules.JOIN_TO_SEMI_JOIN,
            CoreRules.FILTER_SET_OP_TRANSPOSE);

    private static final List<RelOptRule> TIDY = List.of(
            CoreRules.FILTER_SET_OP_TRANSPOSE,
            CoreRules.FILTER_PROJECT_TRANSPOSE,
            CoreRules.FILTER_AGGREGATE_TRANSPOSE,
            CoreRules.FILTER_MERGE,
            CoreRules.PROJECT_MERGE,
            CoreRules.PROJECT_REMOVE,
            CoreRules.AGGREGATE_PROJECT_MERGE);

    private LogicalOptimizer() {
    }

    static RelNode optimize(RelNode rel, RelBuilder builder, long broadcastRowLimit) {
        // Window functions (RexOver inside projections) become Window rels first: the other rules leave them alone.
        RelNode r = run(rel, List.of(CoreRules.PROJECT_TO_LOGICAL_PROJECT_AND_WINDOW));
        r = run(SubqueryJoins.rewrite(r), SUBQUERIES);
        if (hasCorrelate(r)) {
            // Only when needed: the decorrelator also simplifies filters by Calcite's typing (x / 0 IS NULL to
            // FALSE), which is wrong for Doris, where x / 0 is NULL.
            r = RelDecorrelator.decorrelateQuery(r, builder);
            rejectCorrelates(r);
            r = SelfEqualities.rewrite(r);
        }
        r = SetOperationRewrite.rewrite(r, builder);
        PlanningPhases.mark("subqueries");
        r = run(ImpliedColumnFilters.derive(commonFactorsPulled(r)), PUSH_DOWN);
        PlanningPhases.mark("push-down");
        if (!hasJoin(r) && !hasUnion(r)) {
            // One table: the physical translator prunes its columns itself.
            r = run(r, TIDY);
            PlanningPhases.mark("tidy");
            return r;
        }
        r = TransitiveJoinKeys.dropRedundant(joinOrder(TransitiveJoinKeys.derive(r)));
        PlanningPhases.mark("join-order");
        r = OneRowJoinsBeforeSemiJoins.rewrite(SemiJoinsIntoJoinSides.rewrite(r));
        RelNode ordered = r;
        r = ScalarAggregateWindows.rewrite(r, builder, broadcastRowLimit);
        if (r != ordered) {
            r = run(r, List.of(CoreRules.PROJECT_TO_LOGICAL_PROJECT_AND_WINDOW));
        }
        r = GroupKeySemiJoins.rewrite(r, broadcastRowLimit);
        // Trimming rebuilds filters with Calcite's simplification (see decorrelation above), so only for joins and
        // unions, whose inputs the translator does not prune.
        r = new RelFieldTrimmer(null, builder).trim(r);
        PlanningPhases.mark("trim");
        r = run(r, TIDY);
        PlanningPhases.mark("tidy");
        return r;
    }

    private static RelNode run(RelNode rel, List<RelOptRule> rules) {
        HepProgram program = new HepProgramBuilder()
                .addMatchOrder(HepMatchOrder.BOTTOM_UP)
                .addRuleCollection(rules)
                .build();
        HepPlanner planner = new HepPlanner(program);
        planner.setRoot(rel);
        return planner.findBestExp();
    }

    /** Inner joins into MultiJoins, then each MultiJoin into a join tree ordered by estimated sizes. */
    private static RelNode joinOrder(RelNode rel) {
        HepProgram program = new HepProgramBuilder()
                .addMatchOrder(HepMatchOrder.BOTTOM_UP)
                .addRuleInstance(CoreRules.JOIN_TO_MULTI_JOIN)
                .addRuleInstance(CoreRules.PROJECT_MULTI_JOIN_MERGE)
                .addRuleInstance(CoreRules.FILTER_MULTI_JOIN_MERGE)
                .addMatchOrder(HepMatchOrder.BOTTOM_UP)
                .addRuleInstance(CoreRules.MULTI_JOIN_OPTIMIZE)
                .build();
        HepPlanner planner = new HepPlanner(program);
        planner.setRoot(rel);
        return planner.findBestExp();
    }

    /**
     * {@code (a AND b) OR (a AND c)} as {@code a AND (b OR c)} in every filter and join condition, so that a join
     * key repeated in every branch of an OR (TPC-H Q19) becomes a key, and single-table terms reach their scans.
     */
    private static RelNode commonFactorsPulled(RelNode rel) {
        return BottomUp.conditions(rel, type -> true, RexUtil::pullFactors);
    }

    private static boolean hasJoin(RelNode rel) {
        return rel instanceof Join || rel.getInputs().stream().anyMatch(LogicalOptimizer::hasJoin);
    }

    private static boolean hasUnion(RelNode rel) {
        return rel instanceof Union || rel.getInputs().stream().anyMatch(LogicalOptimizer::hasUnion);
    }

    private static boolean hasCorrelate(RelNode rel) {
        return rel instanceof Correlate || rel.getInputs().stream().anyMatch(LogicalOptimizer::hasCorrelate);
    }

    /** A correlation the decorrelator could not remove would need a per-row subquery loop, which we do not run. */
    private static void rejectCorrelates(RelNode rel) {
        if (rel instanceof Correlate) {
            throw ErrorCode.NOT_SUPPORTED.exception("this correlated subquery (it could not be turned into a join)");
        }
        rel.getInputs().forEach(LogicalOptimizer::rejectCorrelates);
    }
}
