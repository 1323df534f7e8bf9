package io.shoaldb.sql.planner.physical;

import io.shoaldb.vector.type.DataType;
import java.util.List;

/**
 * Orders rows by {@code keys}, skips {@code offset} rows and returns at most {@code fetch} ({@code -1}: all).
 * With a fetch this is a top-N: only {@code offset + fetch} rows are ever kept.
 */
public record PhysicalSort(PhysicalNode input, List<SortKey> keys, long offset, long fetch) implements PhysicalNode {
    public PhysicalSort {
        keys = List.copyOf(keys);
    }

    public boolean isTopN() {
        return fetch >= 0;
    }

    @Override
    public List<DataType> outputTypes() {
        return input.outputTypes();
    }

    @Override
    public List<PhysicalNode> inputs() {
        return List.of(input);
    }
}
