package io.shoaldb.sql.planner.physical;

import io.shoaldb.sql.planner.physical.expr.Expr;
import io.shoaldb.vector.type.DataType;

/**
 * One window function of a {@link PhysicalWindow}: {@code kind} over input column {@code argument} (-1 when it
 * has none), with {@code frame} (used by the aggregates and FIRST_VALUE / LAST_VALUE; ranking functions and
 * LAG / LEAD ignore it). {@code offset} is LAG / LEAD's row offset or NTILE's bucket count; {@code defaultValue}
 * LAG / LEAD's value past the partition's edge (an expression over the input, of the argument's type; null =
 * NULL). {@code type} is the result type (Doris's rules: ranks and counts BIGINT, PERCENT_RANK / CUME_DIST
 * DOUBLE, SUM / AVG as {@link AggregateCall#resultTypeOf}, values the argument's type). SUM0 is Calcite's SUM
 * that is 0, not NULL, over no rows.
 */
public record WindowFunction(Kind kind, int argument, long offset, Expr defaultValue, WindowFrame frame, DataType type) {
    public enum Kind {
        ROW_NUMBER, RANK, DENSE_RANK, NTILE, PERCENT_RANK, CUME_DIST, LAG, LEAD, FIRST_VALUE, LAST_VALUE,
        COUNT_STAR, COUNT, SUM, SUM0, AVG, MIN, MAX
    }

    @Override
    public String toString() {
        String args = argument < 0 ? "" : "$" + argument;
        if (kind == Kind.LAG || kind == Kind.LEAD) {
            args += ", " + offset + (defaultValue == null ? "" : ", " + defaultValue);
        } else if (kind == Kind.NTILE) {
            args = String.valueOf(offset);
        }
        return kind + "(" + args + ")" + (frame == null ? "" : " " + frame);
    }
}
