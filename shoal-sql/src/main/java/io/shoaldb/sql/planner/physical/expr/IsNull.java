package io.shoaldb.sql.planner.physical.expr;

import io.shoaldb.vector.type.DataType;
import java.util.List;

/** {@code operand IS [NOT] NULL}; never NULL itself. */
public record IsNull(Expr operand, boolean negated) implements Expr {
    @Override
    public DataType type() {
        return DataType.BOOLEAN;
    }

    @Override
    public List<Expr> children() {
        return List.of(operand);
    }
}
