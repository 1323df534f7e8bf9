package io.shoaldb.exec.operator;

import io.shoaldb.exec.operator.sort.ExternalSorter;
import io.shoaldb.exec.spill.QuerySpill;
import io.shoaldb.sql.planner.physical.SortKey;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.type.DataType;
import java.util.List;

/**
 * ORDER BY, with OFFSET/LIMIT. Without a limit it is an {@link ExternalSorter}: it buffers everything - writing
 * sorted runs to disk whenever the query's {@link QuerySpill} says the buffer is too much - and streams the sorted
 * result (the buffer sorted once, or the merge of the runs and what is left in memory). With a limit (top-N) it
 * keeps at most about {@code 2 * (offset + fetch)} rows: whenever the buffer grows past that it is sorted and cut
 * back to the best {@code offset + fetch}, so memory stays bounded by N and it never spills; once it holds that
 * many, input rows worse on the first sort key than the last of them are dropped as they arrive ({@link TopNCutoff}).
 */
public final class SortOperator implements Operator, RetainedMemory, Spilled {
    private static final int OUTPUT_BATCH = 4096;
    private static final int TOP_N_INITIAL_ROWS = 4096;
    private final Operator input;
    private final List<SortKey> keys;
    private final long offset;
    private final long limit;
    private final RowBuffer buffer;
    private final ExternalSorter sorter;
    private boolean consumed;
    private long toSkip;
    private Batch sorted;
    /** Top-N once N rows are buffered: drops input rows that cannot make it (null before). */
    private TopNCutoff cutoff;
    private int[] order;
    private int position;
    private int end;

    public SortOperator(Operator input, List<DataType> types, List<SortKey> keys, long offset, long fetch,
                        QuerySpill spill) {
        this.input = input;
        this.keys = keys;
        this.offset = offset;
        this.limit = fetch < 0 ? -1 : offset + fetch;
        // room for the rows a top-N keeps (it grows, up to its truncation threshold, when the input has more)
        this.buffer = limit < 0 ? null : new RowBuffer(types, Math.clamp(limit, 1, TOP_N_INITIAL_ROWS));
        this.sorter = limit < 0 ? new ExternalSorter(types, keys, spill, OUTPUT_BATCH) : null;
        this.toSkip = offset;
    }

    @Override
    public Batch next() {
        if (!consumed) {
            Batch signal = sorter != null ? sorter.drain(input) : consumeTopN();
            if (signal != null) {
                return signal;
            }
            consumed = true;
            input.close();
            if (sorter == null) {
                sortBuffered(buffer.take());
            } else if (!sorter.spilled()) {
                sortBuffered(sorter.takeBuffered());
            }
        }
        return order != null ? nextSorted() : nextMerged();
    }

    /** The next batch of the rows sorted in memory. */
    private Batch nextSorted() {
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

    /** The next batch of the merge of spilled runs, past the OFFSET rows. */
    private Batch nextMerged() {
        while (true) {
            Batch b = sorter.next();
            if (b == null || Operator.isSignal(b) || toSkip == 0) {
                return b;
            }
            if (toSkip < b.positionCount()) {
                int skip = (int) toSkip;
                toSkip = 0;
                int[] rest = new int[b.positionCount() - skip];
                for (int i = 0; i < rest.length; i++) {
                    rest[i] = skip + i;
                }
                return b.withSelection(rest, rest.length).compact();
            }
            toSkip -= b.positionCount();
        }
    }

    /** Top-N: buffers input until its end (null) or until it yields or is not ready (that signal: call again). */
    private Batch consumeTopN() {
        long threshold = Math.max(2 * limit, 4096);
        return InputDrain.drain(input, b -> {
            Batch candidates = cutoff == null ? b : cutoff.filter(b);
            if (candidates.positionCount() > 0) {
                buffer.add(candidates);
            }
            if (buffer.rowCount() > threshold) {
                truncate();
            }
        });
    }

    private void sortBuffered(Batch rows) {
        sorted = rows;
        order = new RowComparator(sorted, keys).sortedRows(sorted.rowCount());
        long last = limit < 0 ? order.length : Math.min(order.length, limit);
        position = (int) Math.min(offset, last);
        end = (int) last;
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
        Batch kept = new Batch(keep, cols);
        buffer.add(kept);
        if (keep == limit && keep > 0) {
            cutoff = TopNCutoff.of(kept, keep - 1, keys.get(0));
        }
    }

    /** The rows buffered (or, merging spilled runs, a batch per run), or once sorted the sorted rows and their order. */
    @Override
    public long retainedBytes() {
        long bytes = buffer != null ? buffer.retainedBytes() : sorter.retainedBytes();
        return bytes + (sorted == null ? 0 : sorted.retainedBytes() + 4L * order.length);
    }

    @Override
    public long spilledRuns() {
        return sorter == null ? 0 : sorter.runsWritten();
    }

    @Override
    public long spilledBytes() {
        return sorter == null ? 0 : sorter.bytesWritten();
    }

    @Override
    public void close() {
        input.close();
        if (sorter != null) {
            sorter.close();
        }
    }
}
