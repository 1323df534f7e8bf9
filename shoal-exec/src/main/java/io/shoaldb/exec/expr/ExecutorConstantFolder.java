package io.shoaldb.exec.expr;

import io.shoaldb.sql.planner.physical.expr.ConstantFolder;
import io.shoaldb.sql.planner.physical.expr.Expr;
import io.shoaldb.sql.planner.physical.expr.Literal;
import io.shoaldb.vector.Batch;

/**
 * The planner's constant folder: compiles the constant expression with the same kernels that run per row and
 * evaluates it over a one-row batch without columns. Registered as a {@link java.util.ServiceLoader} service.
 */
public final class ExecutorConstantFolder implements ConstantFolder {
    private static final Batch ONE_ROW = new Batch(1);

    @Override
    public Literal fold(Expr constant) {
        return new Literal(evaluate(constant), constant.type());
    }

    /** The value of an expression without columns, as the Java object documented on the type. */
    public static Object evaluate(Expr constant) {
        return ExpressionCompiler.compile(constant).evaluate(ONE_ROW).getObject(0);
    }
}
