package io.shoaldb.sql.planner.physical.expr;

import io.shoaldb.vector.type.DataType;
import java.util.List;

/** The value of input column {@code index}. */
public record ColumnRef(int index, DataType type) implements Expr {
    @Override
    public List<Expr> children() {
        return List.of();
    }

    @Override
    public String toString() {
        return "$" + index;
    }
}
