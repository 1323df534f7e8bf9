package io.shoaldb.sql.planner.physical;

import io.shoaldb.sql.planner.physical.expr.Expr;
import io.shoaldb.vector.type.DataType;
import java.util.List;

/**
 * Reads one table, one task per tablet. {@code columns} are read from storage; {@code filter} (over those
 * columns, null = none) is evaluated on every row; {@code outputs} picks, by position in {@code columns},
 * what the scan returns (a filter-only column is read but not returned). {@code pushed} is the zone-map
 * hint derived from the filter.
 * <p>{@code byBucket}: the scan feeds a colocated join or aggregation, so each of its drivers must read whole
 * buckets - driver i takes only the work units of the buckets b with {@code b mod drivers == i}, and a scan of a
 * table of N buckets runs on at most N drivers. Otherwise the drivers share all units (any driver any unit).
 */
public record PhysicalScan(long tableId, String database, String table, List<ScanColumn> columns,
                           ScanPredicate pushed, Expr filter, List<Integer> outputs, boolean byBucket)
        implements PhysicalNode {
    public PhysicalScan {
        columns = List.copyOf(columns);
        outputs = List.copyOf(outputs);
    }

    /** A scan whose drivers share all work units. */
    public PhysicalScan(long tableId, String database, String table, List<ScanColumn> columns,
                        ScanPredicate pushed, Expr filter, List<Integer> outputs) {
        this(tableId, database, table, columns, pushed, filter, outputs, false);
    }

    /** The same scan with each driver reading whole buckets. */
    public PhysicalScan byBuckets() {
        return byBucket ? this : new PhysicalScan(tableId, database, table, columns, pushed, filter, outputs, true);
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
