package io.shoaldb.sql.planner.physical.expr;

import io.shoaldb.vector.type.DataType;
import java.util.List;

/** Logical negation (NULL stays NULL). The planner pushes NOT into comparisons where it can. */
public record Not(Expr operand) implements Expr {
    @Override
    public DataType type() {
        return DataType.BOOLEAN;
    }

    @Override
    public List<Expr> children() {
        return List.of(operand);
    }
}
