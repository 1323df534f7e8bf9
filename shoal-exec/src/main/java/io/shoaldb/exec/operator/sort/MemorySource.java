package io.shoaldb.exec.operator.sort;

import io.shoaldb.vector.Batch;
import io.shoaldb.vector.ColumnVector;

/** Buffered rows in the order of a sorted permutation, handed out {@code batchRows} at a time. */
final class MemorySource implements SortedSource {
    private final int batchRows;
    private Batch rows;
    private int[] order;
    private int position;

    MemorySource(Batch rows, int[] order, int batchRows) {
        this.rows = rows;
        this.order = order;
        this.batchRows = batchRows;
    }

    @Override
    public Batch next() {
        if (rows == null || position >= order.length) {
            close();
            return null;
        }
        int n = Math.min(batchRows, order.length - position);
        ColumnVector[] out = new ColumnVector[rows.columnCount()];
        for (int c = 0; c < out.length; c++) {
            out[c] = rows.column(c).copyPositions(order, position, n);
        }
        position += n;
        return new Batch(n, out);
    }

    @Override
    public long retainedBytes() {
        return rows == null ? 0 : rows.retainedBytes() + 4L * order.length;
    }

    @Override
    public void close() {
        rows = null;
        order = null;
    }
}
