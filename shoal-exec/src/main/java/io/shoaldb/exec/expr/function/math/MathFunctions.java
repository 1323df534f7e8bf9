package io.shoaldb.exec.expr.function.math;

import io.shoaldb.exec.expr.function.KernelFactory;
import io.shoaldb.vector.type.TypeId;
import java.util.function.BiConsumer;

/**
 * Numeric functions. The planner has typed them: LN, LOG10, EXP, SQRT and POWER take and give DOUBLE; ABS,
 * ROUND, TRUNCATE, FLOOR and CEIL keep DOUBLE or an exact type (BIGINT, LARGEINT, DECIMAL), digits are BIGINT.
 */
public final class MathFunctions {
    private MathFunctions() {
    }

    public static void register(BiConsumer<String, KernelFactory> registry) {
        registry.accept("ln", (call, args) -> new DoubleMathExpression(DoubleMathExpression.Op.LN, args));
        registry.accept("log10", (call, args) -> new DoubleMathExpression(DoubleMathExpression.Op.LOG10, args));
        registry.accept("exp", (call, args) -> new DoubleMathExpression(DoubleMathExpression.Op.EXP, args));
        registry.accept("sqrt", (call, args) -> new DoubleMathExpression(DoubleMathExpression.Op.SQRT, args));
        registry.accept("power", (call, args) -> new DoubleMathExpression(DoubleMathExpression.Op.POWER, args));
        registry.accept("pow", (call, args) -> new DoubleMathExpression(DoubleMathExpression.Op.POWER, args));
        exact(registry, "abs", DoubleMathExpression.Op.ABS);
        exact(registry, "round", DoubleMathExpression.Op.ROUND);
        exact(registry, "truncate", DoubleMathExpression.Op.TRUNCATE);
        exact(registry, "floor", DoubleMathExpression.Op.FLOOR);
        exact(registry, "ceil", DoubleMathExpression.Op.CEIL);
    }

    private static void exact(BiConsumer<String, KernelFactory> registry, String name, DoubleMathExpression.Op op) {
        registry.accept(name, (call, args) -> call.type().id() == TypeId.DOUBLE
                ? new DoubleMathExpression(op, args)
                : new ExactMathExpression(op, args.get(0), args.size() > 1 ? args.get(1) : null, call.type()));
    }
}
