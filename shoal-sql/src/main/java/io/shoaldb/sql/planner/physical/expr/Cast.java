package io.shoaldb.sql.planner.physical.expr;

import io.shoaldb.vector.type.DataType;
import java.util.List;

/** Conversion of {@code operand} to {@code type}; a value that does not convert becomes NULL (as Doris). */
public record Cast(Expr operand, DataType type) implements Expr {
    @Override
    public List<Expr> children() {
        return List.of(operand);
    }

    @Override
    public String toString() {
        return "CAST(" + operand + " AS " + type + ")";
    }
}
