package io.shoaldb.sql.planner;

import java.util.List;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.hep.HepMatchOrder;
import org.apache.calcite.plan.hep.HepPlanner;
import org.apache.calcite.plan.hep.HepProgram;
import org.apache.calcite.plan.hep.HepProgramBuilder;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.rules.CoreRules;

/**
 * The logical rewrites we rely on, run by Calcite's HepPlanner to a fixpoint: filters pushed below
 * projections (and HAVING terms on group keys below aggregates) and merged, projections merged or removed,
 * projections folded into aggregates. Column pruning and scan predicates are done by the physical
 * translator, which knows the storage. Join ordering rules join this list with the MPP engine.
 */
final class LogicalOptimizer {
    private static final List<RelOptRule> RULES = List.of(
            CoreRules.FILTER_PROJECT_TRANSPOSE,
            CoreRules.FILTER_AGGREGATE_TRANSPOSE,
            CoreRules.FILTER_MERGE,
            CoreRules.PROJECT_MERGE,
            CoreRules.PROJECT_REMOVE,
            CoreRules.AGGREGATE_PROJECT_MERGE);

    private LogicalOptimizer() {
    }

    static HepPlanner newPlanner() {
        HepProgram program = new HepProgramBuilder()
                .addMatchOrder(HepMatchOrder.BOTTOM_UP)
                .addRuleCollection(RULES)
                .build();
        return new HepPlanner(program);
    }

    static RelNode optimize(HepPlanner planner, RelNode rel) {
        planner.setRoot(rel);
        return planner.findBestExp();
    }
}
