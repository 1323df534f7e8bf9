package io.shoaldb.sql.planner.physical;

import io.shoaldb.vector.type.DataType;
import java.util.List;

/** Skips {@code offset} rows, then returns at most {@code fetch} ({@code -1}: all), in input order. */
public record PhysicalLimit(PhysicalNode input, long offset, long fetch) implements PhysicalNode {
    @Override
    public List<DataType> outputTypes() {
        return input.outputTypes();
    }

    @Override
    public List<PhysicalNode> inputs() {
        return List.of(input);
    }
}
