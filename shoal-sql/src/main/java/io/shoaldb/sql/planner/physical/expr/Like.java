package io.shoaldb.sql.planner.physical.expr;

import io.shoaldb.vector.type.DataType;
import java.util.List;

/**
 * {@code operand [NOT] LIKE pattern} with a constant pattern: {@code %} any run, {@code _} one character,
 * {@code escape} (backslash by default, as MySQL) makes the next character literal.
 */
public record Like(Expr operand, String pattern, char escape, boolean negated) implements Expr {
    @Override
    public DataType type() {
        return DataType.BOOLEAN;
    }

    @Override
    public List<Expr> children() {
        return List.of(operand);
    }
}
