package io.shoaldb.sql.planner.physical;

import io.shoaldb.sql.planner.physical.expr.Expr;
import io.shoaldb.vector.type.DataType;
import java.util.List;

/** Keeps the rows for which {@code condition} is TRUE (not FALSE, not NULL). */
public record PhysicalFilter(PhysicalNode input, Expr condition) implements PhysicalNode {
    @Override
    public List<DataType> outputTypes() {
        return input.outputTypes();
    }

    @Override
    public List<PhysicalNode> inputs() {
        return List.of(input);
    }
}
