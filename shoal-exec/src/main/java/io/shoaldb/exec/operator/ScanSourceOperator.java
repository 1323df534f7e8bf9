package io.shoaldb.exec.operator;

import io.shoaldb.sql.planner.physical.PhysicalScan;
import io.shoaldb.storage.TableSnapshot;
import io.shoaldb.storage.scan.ScanRange;
import io.shoaldb.vector.Batch;
import io.shoaldb.exec.operator.join.RuntimeFilterSlot;
import java.util.List;
import java.util.Queue;
import java.util.function.Consumer;

/**
 * The scan source of one driver: takes work units ({@link ScanRange}: page ranges of segments, or whole
 * merge-on-read tablets) from a queue shared by all drivers of the pipeline and scans them one after the other, so
 * drivers that finish a unit take the next one (no driver idles while units are left, even on a one-tablet table)
 * and the number of drivers, not of tablets, decides the parallelism. Rows come in no particular order.
 */
public final class ScanSourceOperator implements Operator, RowsRead {
    private final TableSnapshot snapshot;
    private final PhysicalScan node;
    private final Queue<ScanRange> units;
    private final Consumer<ScanRange> onUnit;
    private final ScanCounters counters;
    private final List<RuntimeFilterSlot> runtimeFilters;
    private ScanFilters filters;
    private ScanOperator current;
    private boolean finished;

    /**
     * @param queryCounters the query's scan counters, which this source's own add to
     * @param runtimeFilters the runtime filters of the joins this scan feeds (applied as far as they are published)
     * @param onUnit told of each unit this driver starts, before it is opened
     */
    public ScanSourceOperator(TableSnapshot snapshot, PhysicalScan node, Queue<ScanRange> units,
                              Consumer<ScanRange> onUnit,
                              ScanCounters queryCounters, List<RuntimeFilterSlot> runtimeFilters) {
        this.counters = new ScanCounters(queryCounters);
        this.snapshot = snapshot;
        this.node = node;
        this.units = units;
        this.onUnit = onUnit;
        this.runtimeFilters = runtimeFilters;
    }

    @Override
    public Batch next() {
        while (!finished) {
            if (current == null) {
                ScanRange unit = units.poll();
                if (unit == null) {
                    finished = true;
                    return null;
                }
                onUnit.accept(unit);
                filters = filters == null ? ScanFilters.of(node, runtimeFilters) : filters.refresh(node, runtimeFilters);
                current = new ScanOperator(snapshot, unit, node, counters, filters);
            }
            Batch b = current.next();
            if (b != null) {
                return b;
            }
            current.close();
            current = null;
        }
        return null;
    }

    @Override
    public long rowsRead() {
        return counters.rows();
    }

    @Override
    public void close() {
        finished = true;
        if (current != null) {
            current.close();
            current = null;
        }
    }
}
