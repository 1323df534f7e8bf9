package io.shoaldb.exec.expr.function.conditional;

import io.shoaldb.exec.expr.VectorExpression;
import io.shoaldb.exec.expr.function.KernelFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;

/**
 * CASE (the planner also sends IF as CASE), COALESCE (also IFNULL and NVL), LEAST and GREATEST. NULLIF arrives as
 * CASE from Calcite. The planner has cast every value to the result type.
 */
public final class ConditionalFunctions {
    private ConditionalFunctions() {
    }

    public static void register(BiConsumer<String, KernelFactory> registry) {
        registry.accept("case", (call, arguments) -> {
            List<VectorExpression> conditions = new ArrayList<>();
            List<VectorExpression> values = new ArrayList<>();
            for (int i = 0; i < arguments.size() - 1; i += 2) {
                conditions.add(arguments.get(i));
                values.add(arguments.get(i + 1));
            }
            values.add(arguments.getLast());
            return new CaseExpression(conditions, values, call.type());
        });
        registry.accept("coalesce", (call, arguments) -> new CoalesceExpression(arguments, call.type()));
        registry.accept("least", (call, arguments) -> new ExtremeExpression(arguments, call.type(), false));
        registry.accept("greatest", (call, arguments) -> new ExtremeExpression(arguments, call.type(), true));
    }
}
