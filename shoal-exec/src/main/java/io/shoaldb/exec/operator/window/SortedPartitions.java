package io.shoaldb.exec.operator.window;

import io.shoaldb.exec.expr.Flat;
import io.shoaldb.exec.operator.KeyComparator;
import io.shoaldb.exec.operator.RowComparator;
import io.shoaldb.sql.planner.physical.PhysicalWindow;
import io.shoaldb.sql.planner.physical.SortKey;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.FlatVector;
import java.util.List;

/**
 * A window operator's rows in window order - {@code order[k]} is the buffered row at sorted position
 * {@code k} - with, for every position, the bounds of its partition and of its peer group (the rows with the
 * same ORDER BY values in the same partition; the whole partition without ORDER BY). Bounds are positions,
 * ends exclusive. Functions read values through {@code order}, so the buffer is never copied in sorted order.
 */
final class SortedPartitions {
    final int size;
    final int[] order;
    final int[] partitionStart;
    final int[] partitionEnd;
    final int[] peerStart;
    final int[] peerEnd;

    /**
     * {@code rows} sorted by the window's keys; without PARTITION BY and ORDER BY (TPC-H Q11's total over all rows)
     * they are one partition and one peer group as they come, so they are not sorted.
     */
    SortedPartitions(Batch rows, PhysicalWindow window) {
        this(rows, window, window.sortKeys().isEmpty() ? Flat.identity(rows.rowCount())
                : new RowComparator(rows, window.sortKeys()).sortedRows(rows.rowCount()));
    }

    /** Rows that are already in window order (a stretch of a partition streamed from its sorted runs). */
    static SortedPartitions inOrder(Batch rows, PhysicalWindow window) {
        return new SortedPartitions(rows, window, Flat.identity(rows.rowCount()));
    }

    private SortedPartitions(Batch rows, PhysicalWindow window, int[] order) {
        size = rows.rowCount();
        this.order = order;
        partitionStart = new int[size];
        partitionEnd = new int[size];
        peerStart = new int[size];
        peerEnd = new int[size];
        List<SortKey> partitionKeys = window.sortKeys().subList(0, window.partitionKeys().size());
        fill(rows, partitionKeys, partitionStart, partitionEnd);
        fill(rows, window.sortKeys(), peerStart, peerEnd);
    }

    /** Groups of consecutive positions with equal {@code keys}: each position gets its group's start and end. */
    private void fill(Batch rows, List<SortKey> keys, int[] start, int[] end) {
        FlatVector[] columns = KeyComparator.keyColumns(rows, keys);
        KeyComparator comparator = new KeyComparator(keys);
        int groupStart = 0;
        for (int k = 1; k <= size; k++) {
            if (k == size || !comparator.equal(columns, order[k - 1], columns, order[k])) {
                for (int j = groupStart; j < k; j++) {
                    start[j] = groupStart;
                    end[j] = k;
                }
                groupStart = k;
            }
        }
    }
}
