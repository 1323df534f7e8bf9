package io.shoaldb.exec.operator;

import io.shoaldb.sql.planner.physical.SortKey;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.type.DataType;
import java.util.List;

/**
 * ORDER BY, with OFFSET/LIMIT. Without a limit it buffers everything, sorts once and streams the result.
 * With one (top-N) it keeps at most about {@code 2 * (offset + fetch)} rows: whenever the buffer grows past
 * that it is sorted and cut back to the best {@code offset + fetch}, so memory stays bounded by N.
 */
public final class SortOperator implements Operator, RetainedMemory {
    private static final int OUTPUT_BATCH = 4096;
    private final Operator input;
    private final List<SortKey> keys;
    private final long offset;
    private final long limit;
    private final RowBuffer buffer;
    private Batch sorted;
    private int[] order;
    private int position;
    private int end;

    public SortOperator(Operator input, List<DataType> types, List<SortKey> keys, long offset, long fetch) {
        this.input = input;
        this.keys = keys;
        this.offset = offset;
        this.limit = fetch < 0 ? -1 : offset + fetch;
        this.buffer = new RowBuffer(types);
    }

    @Override
    public Batch next() {
        if (order == null) {
            Batch signal = consume();
            if (signal != null) {
                return signal;
            }
        }
        if (position >= end) {
            return null;
        }
        int n = Math.min(OUTPUT_BATCH, end - position);
        ColumnVector[] out = new ColumnVector[sorted.columnCount()];
        for (int c = 0; c < out.length; c++) {
            out[c] = sorted.column(c).copyPositions(order, position, n);
        }
        position += n;
        return new Batch(n, out);
    }

    /** Buffers input until its end (null) or until it yields or is not ready (that signal: call again). */
    private Batch consume() {
        long threshold = limit < 0 ? Long.MAX_VALUE : Math.max(2 * limit, 4096);
        Batch signal = InputDrain.drain(input, b -> {
            buffer.add(b);
            if (buffer.rowCount() > threshold) {
                truncate();
            }
        });
        if (signal != null) {
            return signal;
        }
        input.close();
        sorted = buffer.take();
        order = new RowComparator(sorted, keys).sortedRows(sorted.rowCount());
        long last = limit < 0 ? order.length : Math.min(order.length, limit);
        position = (int) Math.min(offset, last);
        end = (int) last;
        return null;
    }

    /** Top-N: keep only the best {@code limit} rows buffered so far. */
    private void truncate() {
        Batch all = buffer.take();
        int[] best = new RowComparator(all, keys).sortedRows(all.rowCount());
        int keep = (int) Math.min(limit, best.length);
        ColumnVector[] cols = new ColumnVector[all.columnCount()];
        for (int c = 0; c < cols.length; c++) {
            cols[c] = all.column(c).copyPositions(best, 0, keep);
        }
        buffer.add(new Batch(keep, cols));
    }

    /** The rows buffered, or once sorted the sorted rows and their order. */
    @Override
    public long retainedBytes() {
        return buffer.retainedBytes() + (sorted == null ? 0 : sorted.retainedBytes() + 4L * order.length);
    }

    @Override
    public void close() {
        input.close();
    }
}
