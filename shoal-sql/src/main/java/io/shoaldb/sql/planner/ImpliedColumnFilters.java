package io.shoaldb.sql.planner;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * Single-column filters implied by a disjunction whose every branch constrains that column: from
 * {@code (n1.name = 'FRANCE' AND n2.name = 'GERMANY') OR (n1.name = 'GERMANY' AND n2.name = 'FRANCE')} (TPC-H Q7)
 * follow {@code n1.name = 'FRANCE' OR n1.name = 'GERMANY'} and the same for {@code n2.name}. The implied terms are
 * added next to the disjunction (which stays: it decides the pairs), so they can be pushed down to the scans and the
 * joins see a few rows instead of every row that only the last join's condition would have dropped. Exact under
 * SQL's three-valued logic: where the disjunction is TRUE, some branch is TRUE, and with it that branch's terms on
 * the column - so adding the implied term changes no row that a WHERE or an inner join's ON keeps.
 */
final class ImpliedColumnFilters {
    private ImpliedColumnFilters() {
    }

    /** Every filter and inner join condition of the tree with the single-column terms its disjunctions imply. */
    static RelNode derive(RelNode rel) {
        return BottomUp.conditions(rel, type -> type == JoinRelType.INNER, ImpliedColumnFilters::withImplied);
    }

    static RexNode withImplied(RexBuilder rex, RexNode condition) {
        List<RexNode> conjuncts = RelOptUtil.conjunctions(condition);
        List<RexNode> added = new ArrayList<>();
        for (RexNode conjunct : conjuncts) {
            if (conjunct.isA(SqlKind.OR)) {
                for (RexNode implied : implied(rex, RelOptUtil.disjunctions(conjunct))) {
                    if (!conjuncts.contains(implied) && !added.contains(implied)) {
                        added.add(implied);
                    }
                }
            }
        }
        if (added.isEmpty()) {
            return condition;
        }
        List<RexNode> all = new ArrayList<>(conjuncts);
        all.addAll(added);
        return RexUtil.composeConjunction(rex, all);
    }

    /** Per column constrained in every branch: the OR over the branches of that branch's terms on the column. */
    private static List<RexNode> implied(RexBuilder rex, List<RexNode> branches) {
        List<Map<Integer, List<RexNode>>> perBranch = new ArrayList<>();
        for (RexNode branch : branches) {
            Map<Integer, List<RexNode>> byColumn = new LinkedHashMap<>();
            for (RexNode term : RelOptUtil.conjunctions(branch)) {
                ImmutableBitSet columns = RelOptUtil.InputFinder.bits(term);
                if (columns.cardinality() == 1 && RexUtil.isDeterministic(term) && !RexUtil.containsCorrelation(term)) {
                    byColumn.computeIfAbsent(columns.nth(0), k -> new ArrayList<>()).add(term);
                }
            }
            perBranch.add(byColumn);
        }
        List<RexNode> out = new ArrayList<>();
        for (int column : perBranch.get(0).keySet()) {
            if (perBranch.stream().allMatch(b -> b.containsKey(column))) {
                List<RexNode> alternatives = perBranch.stream()
                        .map(b -> RexUtil.composeConjunction(rex, b.get(column))).toList();
                out.add(RexUtil.composeDisjunction(rex, alternatives));
            }
        }
        return out;
    }
}
