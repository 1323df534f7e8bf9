package io.shoaldb.sql.planner.physical.expr;

import io.shoaldb.vector.type.DataType;
import java.util.List;

/**
 * {@code left op right}. The planner casts both operands to the operation's computation type first
 * (see {@code TypeRules}), so the executor only meets operands of one type: {@code type} for
 * +, -, *, % and DOUBLE for /. Division or modulo by zero yields NULL, as in Doris.
 */
public record Arithmetic(Op op, Expr left, Expr right, DataType type) implements Expr {
    public enum Op { ADD, SUBTRACT, MULTIPLY, DIVIDE, MODULO }

    @Override
    public List<Expr> children() {
        return List.of(left, right);
    }

    @Override
    public String toString() {
        return "(" + left + " " + op + " " + right + ")";
    }
}
