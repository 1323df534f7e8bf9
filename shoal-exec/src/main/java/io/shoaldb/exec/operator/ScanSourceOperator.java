package io.shoaldb.exec.operator;

import io.shoaldb.sql.planner.physical.PhysicalScan;
import io.shoaldb.storage.TableSnapshot;
import io.shoaldb.vector.Batch;
import io.shoaldb.exec.operator.join.RuntimeFilterSlot;
import java.util.List;
import java.util.Queue;
import java.util.function.LongConsumer;

/**
 * The scan source of one driver: takes tablets from a queue shared by all drivers of the pipeline and scans
 * them one after the other, so drivers that finish a small tablet take the next one (no driver idles while
 * tablets are left) and the number of drivers, not of tablets, decides the parallelism.
 */
public final class ScanSourceOperator implements Operator, RowsRead {
    private final TableSnapshot snapshot;
    private final PhysicalScan node;
    private final Queue<Long> tablets;
    private final LongConsumer onTablet;
    private final ScanCounters counters;
    private final List<RuntimeFilterSlot> runtimeFilters;
    private ScanOperator current;
    private boolean finished;

    /**
     * @param queryCounters the query's scan counters, which this source's own add to
     * @param runtimeFilters the runtime filters of the joins this scan feeds (applied as far as they are published)
     */
    public ScanSourceOperator(TableSnapshot snapshot, PhysicalScan node, Queue<Long> tablets, LongConsumer onTablet,
                              ScanCounters queryCounters, List<RuntimeFilterSlot> runtimeFilters) {
        this.counters = new ScanCounters(queryCounters);
        this.snapshot = snapshot;
        this.node = node;
        this.tablets = tablets;
        this.onTablet = onTablet;
        this.runtimeFilters = runtimeFilters;
    }

    @Override
    public Batch next() {
        while (!finished) {
            if (current == null) {
                Long tablet = tablets.poll();
                if (tablet == null) {
                    finished = true;
                    return null;
                }
                onTablet.accept(tablet);
                current = new ScanOperator(snapshot, tablet, node, counters, runtimeFilters);
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
