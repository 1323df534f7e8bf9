package io.shoaldb.exec.operator.window;

import io.shoaldb.exec.expr.ExpressionCompiler;
import io.shoaldb.exec.expr.Flat;
import io.shoaldb.exec.operator.InputDrain;
import io.shoaldb.exec.operator.Operator;
import io.shoaldb.exec.operator.RetainedMemory;
import io.shoaldb.exec.operator.RowBuffer;
import io.shoaldb.sql.planner.physical.PhysicalWindow;
import io.shoaldb.sql.planner.physical.WindowFrame;
import io.shoaldb.sql.planner.physical.WindowFunction;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.FlatVector;

/**
 * Window functions over this driver's rows, which hold whole partitions (the planner's HASH exchange on the
 * partition keys, or everything on one driver). Buffers its input, sorts it by partition and order keys,
 * computes every function's column over the sorted positions in one pass each, then streams the rows in that
 * order with the function columns appended, {@value #OUTPUT_BATCH} rows per batch.
 */
public final class WindowOperator implements Operator, RetainedMemory {
    private static final int OUTPUT_BATCH = 4096;
    private final Operator input;
    private final PhysicalWindow window;
    private final RowBuffer buffer;
    private Batch rows;
    private SortedPartitions sorted;
    private FlatVector[] results;
    private int[] positions;
    private int position;

    public WindowOperator(Operator input, PhysicalWindow window) {
        this.input = input;
        this.window = window;
        this.buffer = new RowBuffer(window.input().outputTypes());
    }

    @Override
    public Batch next() {
        if (sorted == null) {
            Batch signal = consume();
            if (signal != null) {
                return signal;
            }
        }
        if (position >= sorted.size) {
            return null;
        }
        int n = Math.min(OUTPUT_BATCH, sorted.size - position);
        ColumnVector[] out = new ColumnVector[rows.columnCount() + results.length];
        for (int c = 0; c < rows.columnCount(); c++) {
            out[c] = rows.column(c).copyPositions(sorted.order, position, n);
        }
        for (int f = 0; f < results.length; f++) {
            out[rows.columnCount() + f] = results[f].copyPositions(positions, position, n);
        }
        position += n;
        return new Batch(n, out);
    }

    /** Buffers input until its end (null) or until it yields or is not ready (that signal: call again). */
    private Batch consume() {
        Batch signal = InputDrain.drain(input, buffer::add);
        if (signal != null) {
            return signal;
        }
        input.close();
        rows = buffer.take();
        sorted = new SortedPartitions(rows, window);
        results = new FlatVector[window.functions().size()];
        for (int f = 0; f < results.length; f++) {
            results[f] = evaluate(window.functions().get(f));
        }
        positions = Flat.identity(sorted.size);
        return null;
    }

    private FlatVector evaluate(WindowFunction f) {
        FlatVector values = f.argument() < 0 ? null : Flat.of(rows.column(f.argument()));
        FrameBounds frames = f.frame() == null ? null : FrameBounds.of(sorted, f.frame());
        boolean running = f.frame() != null && f.frame().start().kind() == WindowFrame.BoundKind.UNBOUNDED_PRECEDING;
        FrameAggregates aggregates = frames == null ? null : new FrameAggregates(sorted, frames, running);
        return switch (f.kind()) {
            case ROW_NUMBER -> RankingFunctions.rowNumber(sorted);
            case RANK -> RankingFunctions.rank(sorted);
            case DENSE_RANK -> RankingFunctions.denseRank(sorted);
            case NTILE -> RankingFunctions.ntile(sorted, f.offset());
            case PERCENT_RANK -> RankingFunctions.percentRank(sorted);
            case CUME_DIST -> RankingFunctions.cumeDist(sorted);
            case LAG, LEAD -> RowValues.shifted(sorted, values, f.kind() == WindowFunction.Kind.LAG ? -f.offset() : f.offset(),
                    f.defaultValue() == null ? null : Flat.of(ExpressionCompiler.compile(f.defaultValue()).evaluate(rows)));
            case FIRST_VALUE -> RowValues.frameEdge(sorted, frames, values, true);
            case LAST_VALUE -> RowValues.frameEdge(sorted, frames, values, false);
            case MIN -> RowValues.extreme(sorted, frames, values, true);
            case MAX -> RowValues.extreme(sorted, frames, values, false);
            case COUNT_STAR -> FrameAggregates.countStar(sorted, frames);
            case COUNT -> aggregates.count(values);
            case SUM -> aggregates.sum(values, f.type(), false);
            case SUM0 -> aggregates.sum(values, f.type(), true);
            case AVG -> aggregates.avg(values, values.type(), f.type());
        };
    }

    /** The rows buffered, or once evaluated the rows, their order and partition bounds, and the function columns. */
    @Override
    public long retainedBytes() {
        if (sorted == null) {
            return buffer.retainedBytes();
        }
        long bytes = rows.retainedBytes() + 4L * 6 * sorted.size;
        for (FlatVector r : results) {
            bytes += r.retainedBytes();
        }
        return bytes;
    }

    @Override
    public void close() {
        input.close();
    }
}
