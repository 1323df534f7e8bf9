package io.shoaldb.exec.operator.join;

import io.shoaldb.exec.expr.Flat;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.IntVector;
import io.shoaldb.vector.LongVector;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The runtime filters' key columns of one partitioned build driver's rows, copied as they arrive once its build has
 * spilled: the rows of written-out partitions are then in runs, not in its table, and a filter must cover every
 * build key. Without these copies a spilled build published no filter, so its probe side was read, exchanged and
 * written to probe runs whole (TPC-H Q3 at SF10 on a 1 GB heap: 32M lineitem rows for the 1.46M orders built, of
 * which 302K match). Integer keys only (the filters of large builds are made of those), and at most
 * {@link #MAX_ROWS} rows: past that the copies are dropped and the join publishes no filter, as before. Used by the
 * build driver's thread only.
 */
final class SpilledBuildKeys {
    /** At most 32 MB of 64-bit keys per build driver: a filter from more would hardly be cheaper than the join. */
    static final int MAX_ROWS = 1 << 22;

    private final Map<Integer, List<FlatVector>> columns = new HashMap<>();
    private long rows;
    private long bytes;
    private boolean dropped;

    /** @param keyColumns the build columns the filters are made of */
    SpilledBuildKeys(List<Integer> keyColumns) {
        keyColumns.forEach(c -> columns.put(c, new ArrayList<>()));
    }

    /** Copies the key columns of the batch's selected rows. */
    void add(Batch batch) {
        int n = batch.positionCount();
        if (dropped || n == 0) {
            return;
        }
        rows += n;
        if (rows > MAX_ROWS) {
            drop();
            return;
        }
        int[] positions = batch.selection() != null ? batch.selection() : Flat.positions(n);
        for (Map.Entry<Integer, List<FlatVector>> e : columns.entrySet()) {
            FlatVector keys = batch.column(e.getKey()).copyPositions(positions, 0, n);
            if (!(keys instanceof LongVector || keys instanceof IntVector)) {
                drop();
                return;
            }
            e.getValue().add(keys);
            bytes += keys.retainedBytes();
        }
    }

    private void drop() {
        dropped = true;
        columns.clear();
        bytes = 0;
    }

    /** Whether the copies hold every key the driver built (false once dropped). */
    boolean complete() {
        return !dropped;
    }

    /** The copies of build column {@code column}'s keys. */
    List<FlatVector> column(int column) {
        return columns.get(column);
    }

    long retainedBytes() {
        return bytes;
    }
}
