package io.shoaldb.sql.planner.physical.expr;

import io.shoaldb.vector.type.DataType;
import java.util.List;

/**
 * A scalar function call: {@code function} is the function's canonical (lower-case Doris) name, which the
 * executor maps to a kernel; {@code type} is the result type the planner's function catalogue gave it.
 * Operators with their own semantics in the planner (arithmetic, comparisons, LIKE, CAST) keep their own
 * nodes; everything that is "a name applied to arguments" is a Call, so new functions need no new node.
 */
public record Call(String function, List<Expr> arguments, DataType type) implements Expr {
    public Call {
        arguments = List.copyOf(arguments);
    }

    @Override
    public List<Expr> children() {
        return arguments;
    }

    @Override
    public String toString() {
        return function + arguments.toString().replace('[', '(').replace(']', ')');
    }
}
