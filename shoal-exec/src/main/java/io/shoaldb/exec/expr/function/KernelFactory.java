package io.shoaldb.exec.expr.function;

import io.shoaldb.exec.expr.VectorExpression;
import io.shoaldb.sql.planner.physical.expr.Call;
import java.util.List;

/**
 * Builds the kernel of one function for one call site, once per operator. It gets the call (to see which
 * arguments are constants, e.g. a JSON path to compile once) and the compiled arguments.
 */
@FunctionalInterface
public interface KernelFactory {
    VectorExpression create(Call call, List<VectorExpression> arguments);
}
