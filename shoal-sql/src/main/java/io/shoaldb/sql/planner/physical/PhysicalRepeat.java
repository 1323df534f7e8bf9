package io.shoaldb.sql.planner.physical;

import io.shoaldb.vector.type.DataType;
import java.util.ArrayList;
import java.util.List;

/**
 * The expansion under a GROUPING SETS / ROLLUP / CUBE aggregation (Doris's Repeat node): every input row once
 * per grouping set. The copy for set {@code s} is the input row (unchanged: aggregate arguments see the real
 * values), then one column per group key column {@code keyColumns.get(k)} holding its value if {@code k} is in
 * {@code sets.get(s)} and NULL otherwise, then BIGINT columns with the constants {@code constants.get(s)} (the
 * set's number, then the values of GROUPING() / GROUPING_ID() for that set). The aggregation above groups by
 * the appended columns, so the sets never mix, and the usual PARTIAL / FINAL split applies.
 */
public record PhysicalRepeat(PhysicalNode input, List<Integer> keyColumns, List<List<Integer>> sets,
                             List<List<Long>> constants) implements PhysicalNode {
    public PhysicalRepeat {
        keyColumns = List.copyOf(keyColumns);
        sets = sets.stream().map(List::copyOf).toList();
        constants = constants.stream().map(List::copyOf).toList();
        if (sets.isEmpty() || sets.size() != constants.size()) {
            throw new IllegalArgumentException(sets.size() + " grouping sets with " + constants.size() + " constant rows");
        }
        int width = constants.getFirst().size();
        if (constants.stream().anyMatch(c -> c.size() != width)) {
            throw new IllegalArgumentException("grouping sets with different numbers of constants");
        }
    }

    /** Number of appended constant columns. */
    public int constantColumns() {
        return constants.getFirst().size();
    }

    @Override
    public List<DataType> outputTypes() {
        List<DataType> out = new ArrayList<>(input.outputTypes());
        for (int column : keyColumns) {
            out.add(input.outputTypes().get(column));
        }
        for (int i = 0; i < constantColumns(); i++) {
            out.add(DataType.BIGINT);
        }
        return out;
    }

    @Override
    public List<PhysicalNode> inputs() {
        return List.of(input);
    }
}
