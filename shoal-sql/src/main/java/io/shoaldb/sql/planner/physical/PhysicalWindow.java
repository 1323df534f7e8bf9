package io.shoaldb.sql.planner.physical;

import io.shoaldb.vector.type.DataType;
import java.util.ArrayList;
import java.util.List;

/**
 * Window functions over one window: rows are split into partitions by the values of {@code partitionKeys}
 * (input columns; NULLs form one partition), ordered inside each by {@code orderKeys}, and every function
 * adds one column. Outputs: the input columns, then one per function. The input must hold whole partitions:
 * the planner puts a HASH exchange on the partition keys below it (or a GATHER without partition keys), and
 * the operator sorts its rows by partition and order keys itself. The output rows come in that order.
 */
public record PhysicalWindow(PhysicalNode input, List<Integer> partitionKeys, List<SortKey> orderKeys,
                             List<WindowFunction> functions) implements PhysicalNode {
    public PhysicalWindow {
        partitionKeys = List.copyOf(partitionKeys);
        orderKeys = List.copyOf(orderKeys);
        functions = List.copyOf(functions);
    }

    /** The sort the operator applies: partition keys (ascending, NULLs first), then the order keys. */
    public List<SortKey> sortKeys() {
        List<SortKey> keys = new ArrayList<>();
        for (int k : partitionKeys) {
            keys.add(new SortKey(k, true, true));
        }
        keys.addAll(orderKeys);
        return keys;
    }

    @Override
    public List<DataType> outputTypes() {
        List<DataType> types = new ArrayList<>(input.outputTypes());
        functions.forEach(f -> types.add(f.type()));
        return types;
    }

    @Override
    public List<PhysicalNode> inputs() {
        return List.of(input);
    }
}
