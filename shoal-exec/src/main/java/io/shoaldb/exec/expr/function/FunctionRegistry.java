package io.shoaldb.exec.expr.function;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.exec.expr.VectorExpression;
import io.shoaldb.exec.expr.function.conditional.ConditionalFunctions;
import io.shoaldb.exec.expr.function.datetime.DateTimeFunctions;
import io.shoaldb.exec.expr.function.json.JsonFunctions;
import io.shoaldb.exec.expr.function.math.MathFunctions;
import io.shoaldb.exec.expr.function.string.StringFunctions;
import io.shoaldb.sql.planner.physical.expr.Call;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Function name to kernel factory. The planner's catalogue decides which names exist and their types; this
 * is the executor's half, so every catalogued function must be registered here.
 */
public final class FunctionRegistry {
    private static final Map<String, KernelFactory> FACTORIES = new HashMap<>();

    static {
        JsonFunctions.register(FACTORIES::put);
        ConditionalFunctions.register(FACTORIES::put);
        DateTimeFunctions.register(FACTORIES::put);
        StringFunctions.register(FACTORIES::put);
        MathFunctions.register(FACTORIES::put);
    }

    private FunctionRegistry() {
    }

    public static VectorExpression compile(Call call, List<VectorExpression> arguments) {
        KernelFactory factory = FACTORIES.get(call.function());
        if (factory == null) {
            throw ErrorCode.NOT_SUPPORTED.exception("the function " + call.function() + " in execution");
        }
        return factory.create(call, arguments);
    }

    public static boolean isRegistered(String function) {
        return FACTORIES.containsKey(function);
    }
}
