package io.shoaldb.exec.operator;

import io.shoaldb.exec.expr.FilterExpression;
import io.shoaldb.exec.expr.Flat;
import io.shoaldb.sql.planner.physical.PhysicalScan;
import io.shoaldb.sql.planner.physical.ScanPredicate;
import io.shoaldb.storage.TableSnapshot;
import io.shoaldb.storage.scan.ScanRange;
import io.shoaldb.storage.scan.TabletScan;
import io.shoaldb.storage.segment.ZoneMapPredicate;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.ColumnVector;
import java.util.Arrays;

/**
 * Reads one work unit of a table at the query's snapshot (a whole tablet, or a page range of one segment): storage
 * prunes pages with the zone-map hint, this operator evaluates the full filter (storage never applies value
 * predicates, and zone maps only skip whole pages) and returns the output columns with a selection vector -
 * surviving rows are not copied. The unit is opened on the first {@link #next()}, in the task's thread.
 */
public final class ScanOperator implements Operator {
    private final TableSnapshot snapshot;
    private final ScanRange range;
    private final int[] projection;
    private final ZoneMapPredicate predicate;
    private final FilterExpression filter;
    private final int[] outputs;
    private final ScanCounters counters;
    private TabletScan scan;
    private boolean finished;
    /** The rows the filter kept of the current batch (scratch, reused across batches). */
    private int[] passed = new int[0];

    /** A scan of {@code range} that adds the rows and bytes it reads to {@code counters}, filtered by {@code filters}. */
    ScanOperator(TableSnapshot snapshot, ScanRange range, PhysicalScan node, ScanCounters counters,
                 ScanFilters filters) {
        this.counters = counters;
        this.snapshot = snapshot;
        this.range = range;
        this.projection = node.columns().stream().mapToInt(c -> c.tableIndex()).toArray();
        this.predicate = filters.predicate();
        this.filter = filters.filter();
        this.outputs = node.outputs().stream().mapToInt(Integer::intValue).toArray();
    }

    @Override
    public Batch next() {
        if (finished) {
            return null;
        }
        if (scan == null) {
            scan = TabletScan.open(snapshot, range, projection, predicate);
        }
        for (int read = 0; ; read++) {
            if (read == INPUT_BATCHES_PER_CALL) {
                return YIELD; // a long run of pages the filter rejects: let the driver check in
            }
            Batch b = scan.next();
            if (b == null) {
                finished = true;
                close();
                return null;
            }
            int n = b.positionCount();
            counters.add(n, b.retainedBytes());
            if (n == 0) {
                continue;
            }
            int[] rows = b.selection();
            if (filter != null) {
                // read the rows in place (a shared 0..n-1 when there is no selection) into a scratch array, and copy
                // only what passed: most batches of a selective scan keep a few rows or none
                if (passed.length < b.rowCount()) {
                    passed = new int[b.rowCount()];
                }
                n = filter.filter(b, rows != null ? rows : Flat.positions(b.rowCount()), n, passed);
                if (n == 0) {
                    continue;
                }
                rows = n == b.rowCount() ? null : Arrays.copyOf(passed, n);
            } else if (rows != null) {
                rows = rows.clone();
            }
            ColumnVector[] out = new ColumnVector[outputs.length];
            for (int i = 0; i < out.length; i++) {
                out[i] = b.column(outputs[i]);
            }
            Batch result = new Batch(b.rowCount(), out);
            return rows == null ? result : result.withSelection(rows, n);
        }
    }

    @Override
    public void close() {
        if (scan != null) {
            TabletScan s = scan;
            scan = null;
            s.close();
        }
        finished = true;
    }

    static ZoneMapPredicate zoneMap(ScanPredicate p) {
        return switch (p) {
            case ScanPredicate.Compare c -> ZoneMapPredicate.compare(c.column(), switch (c.op()) {
                case EQ -> ZoneMapPredicate.Op.EQ;
                case LT -> ZoneMapPredicate.Op.LT;
                case LE -> ZoneMapPredicate.Op.LE;
                case GT -> ZoneMapPredicate.Op.GT;
                case GE -> ZoneMapPredicate.Op.GE;
            }, c.value());
            case ScanPredicate.IsNull n -> n.negated() ? new ZoneMapPredicate.IsNotNull(n.column())
                    : new ZoneMapPredicate.IsNull(n.column());
            case ScanPredicate.And a -> new ZoneMapPredicate.And(a.terms().stream().map(ScanOperator::zoneMap).toList());
            case ScanPredicate.Or o -> new ZoneMapPredicate.Or(o.terms().stream().map(ScanOperator::zoneMap).toList());
        };
    }
}
