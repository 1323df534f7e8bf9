package io.shoaldb.sql.planner.physical.expr;

import io.shoaldb.vector.type.DataType;
import java.util.List;

/**
 * A scalar expression over the columns of an operator's input. Every node knows its result type (our
 * {@link DataType}, computed by the planner's own rules, not Calcite's), so the executor never has to
 * infer types. Predicates have type BOOLEAN and three-valued logic (NULL when unknown).
 */
public sealed interface Expr permits ColumnRef, Literal, Arithmetic, Comparison, And, Or, Not, IsNull, InList, Like,
        Cast, Call {
    DataType type();

    /** The direct sub-expressions, for generic walks (column collection, remapping). */
    List<Expr> children();
}
