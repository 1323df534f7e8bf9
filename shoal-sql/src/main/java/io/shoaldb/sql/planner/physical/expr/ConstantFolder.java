package io.shoaldb.sql.planner.physical.expr;

/**
 * Evaluates an expression without columns to its value, using the executor's own kernels, so a constant
 * such as {@code date '1998-12-01' - interval '90' day} has one meaning whether it is folded while planning
 * or computed per row. The executor provides the implementation (a {@link java.util.ServiceLoader} service),
 * since the planner cannot depend on it.
 */
public interface ConstantFolder {
    /** The value of {@code constant} (all of whose leaves are literals) as a literal of the same type. */
    Literal fold(Expr constant);
}
