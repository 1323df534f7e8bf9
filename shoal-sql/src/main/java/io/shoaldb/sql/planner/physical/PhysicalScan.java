package io.shoaldb.sql.planner.physical;

import io.shoaldb.sql.planner.physical.expr.Expr;
import io.shoaldb.vector.type.DataType;
import java.util.List;

/**
 * Reads one table, one task per tablet. {@code columns} are read from storage; {@code filter} (over those
 * columns, null = none) is evaluated on every row; {@code outputs} picks, by position in {@code columns},
 * what the scan returns (a filter-only column is read but not returned). {@code pushed} is the zone-map
 * hint derived from the filter.
 */
public record PhysicalScan(long tableId, String database, String table, List<ScanColumn> columns,
                           ScanPredicate pushed, Expr filter, List<Integer> outputs) implements PhysicalNode {
    public PhysicalScan {
        columns = List.copyOf(columns);
        outputs = List.copyOf(outputs);
    }

    @Override
    public List<DataType> outputTypes() {
        return outputs.stream().map(i -> columns.get(i).type()).toList();
    }

    @Override
    public List<PhysicalNode> inputs() {
        return List.of();
    }
}
