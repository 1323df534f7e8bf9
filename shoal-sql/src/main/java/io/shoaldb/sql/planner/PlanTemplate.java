package io.shoaldb.sql.planner;

import io.shoaldb.sql.planner.physical.PhysicalPlan;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rex.RexDynamicParam;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;

/**
 * A query planned once for reuse with other literal values ({@link QueryPlanner#prepare}). Without parameters it
 * is the physical plan itself. With parameters it is the optimised logical plan: {@link #bind} puts the values in
 * as literals and translates it, so the physical plan is the one the literals would have given (typed
 * comparisons, constant folding, zone-map hints) without parsing, validation or the logical optimiser.
 * Literals that are not parameters are fixed: a shape whose fixed literals differ does not bind. Equal literals may
 * share a parameter; the shape's key holds which literals are equal, so every shape bound here has them equal. The plan of the
 * values bound last is kept, so a statement repeated as it is costs no translation.
 */
public final class PlanTemplate {
    private final PhysicalPlan plan;
    private final boolean reusable;
    private final QueryPlanner.Optimised optimised;
    private final int[] parameterLiterals;
    /** Per literal of the shape: its value if fixed, null if it is a parameter. */
    private final List<Object> fixedValues;
    /** The values last bound and their plan: a statement repeated with the same values is not translated again. */
    private List<Object> lastValues;
    private PhysicalPlan lastPlan;

    private PlanTemplate(PhysicalPlan plan, QueryPlanner.Optimised optimised, int[] parameterLiterals,
            Set<Integer> replacedLiterals, QueryShape shape, boolean reusable) {
        this.plan = plan;
        this.reusable = reusable;
        this.optimised = optimised;
        this.parameterLiterals = parameterLiterals;
        List<Object> fixed = new ArrayList<>();
        shape.literals().forEach(l -> fixed.add(l.value()));
        for (int literal : replacedLiterals) {
            fixed.set(literal, null);
        }
        this.fixedValues = fixed;
    }

    PlanTemplate(QueryPlanner.Optimised optimised, LiteralParameters parameters, QueryShape shape, boolean reusable) {
        this(null, optimised, indexes(parameters), parameters.replacedLiterals(), shape, reusable);
    }

    static PlanTemplate fixed(PhysicalPlan plan, QueryShape shape, boolean reusable) {
        return new PlanTemplate(plan, null, new int[0], Set.of(), shape, reusable);
    }

    /**
     * Whether the plan may be kept for later executions: not when the query calls a function without arguments
     * ({@code now()}, {@code curdate()}, {@code CURRENT_TIMESTAMP}), which planning folds to its value now.
     */
    public boolean reusable() {
        return reusable;
    }

    public int parameterCount() {
        return parameterLiterals.length;
    }

    /** The plan for {@code shape} (whose key is this template's), or null when a fixed literal differs. */
    public PhysicalPlan bind(QueryShape shape) {
        List<QueryShape.Literal> literals = shape.literals();
        for (int i = 0; i < literals.size(); i++) {
            Object fixed = fixedValues.get(i);
            if (fixed != null && !fixed.equals(literals.get(i).value())) {
                return null;
            }
        }
        if (plan != null) {
            return plan;
        }
        List<Object> values = new ArrayList<>(parameterLiterals.length);
        for (int literal : parameterLiterals) {
            values.add(literals.get(literal).value());
        }
        // Calcite's metadata caches of the plan's cluster are not thread-safe.
        synchronized (this) {
            if (values.equals(lastValues)) {
                return lastPlan;
            }
            RelNode bound = optimised.rel().accept(new RelHomogeneousShuttle() {
                @Override
                public RelNode visit(RelNode other) {
                    return super.visit(other).accept(new RexShuttle() {
                        @Override
                        public RexNode visitDynamicParam(RexDynamicParam param) {
                            Object value = literals.get(parameterLiterals[param.getIndex()]).value();
                            return optimised.rexBuilder().makeLiteral(Objects.requireNonNull(value), param.getType(),
                                    false);
                        }
                    });
                }
            });
            lastPlan = optimised.translate(bound);
            lastValues = values;
            return lastPlan;
        }
    }

    private static int[] indexes(LiteralParameters parameters) {
        int[] out = new int[parameters.count()];
        for (int i = 0; i < out.length; i++) {
            out[i] = parameters.shapeLiteral(i);
        }
        return out;
    }
}
