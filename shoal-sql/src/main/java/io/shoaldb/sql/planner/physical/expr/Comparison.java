package io.shoaldb.sql.planner.physical.expr;

import io.shoaldb.vector.type.DataType;
import java.util.List;

/** {@code left op right}; both operands have the same type (the planner inserts casts). */
public record Comparison(Op op, Expr left, Expr right) implements Expr {
    public enum Op {
        EQ, NE, LT, LE, GT, GE;

        /** The operator with its operands swapped: {@code a < b} is {@code b > a}. */
        public Op flip() {
            return switch (this) {
                case LT -> GT;
                case LE -> GE;
                case GT -> LT;
                case GE -> LE;
                default -> this;
            };
        }

        /** The complement under two-valued logic (NULL stays NULL): {@code NOT (a < b)} is {@code a >= b}. */
        public Op negate() {
            return switch (this) {
                case EQ -> NE;
                case NE -> EQ;
                case LT -> GE;
                case LE -> GT;
                case GT -> LE;
                case GE -> LT;
            };
        }
    }

    @Override
    public DataType type() {
        return DataType.BOOLEAN;
    }

    @Override
    public List<Expr> children() {
        return List.of(left, right);
    }

    @Override
    public String toString() {
        return "(" + left + " " + op + " " + right + ")";
    }
}
