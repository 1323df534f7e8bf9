package io.shoaldb.exec.operator.window;

import io.shoaldb.exec.expr.ExpressionCompiler;
import io.shoaldb.exec.expr.Flat;
import io.shoaldb.sql.planner.physical.PhysicalWindow;
import io.shoaldb.sql.planner.physical.WindowFrame;
import io.shoaldb.sql.planner.physical.WindowFunction;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.FlatVector;

/**
 * Rows holding whole partitions, with every window function computed over them: sorted by partition and order
 * keys, every function's column computed over the sorted positions in one pass each, then handed out in that
 * order with the function columns appended.
 */
final class WindowChunk {
    private final PhysicalWindow window;
    private final Batch rows;
    private final SortedPartitions sorted;
    private final FlatVector[] results;
    private final int[] positions;
    private final int batchRows;
    private int position;

    WindowChunk(Batch rows, PhysicalWindow window, int batchRows) {
        this.window = window;
        this.rows = rows;
        this.batchRows = batchRows;
        this.sorted = new SortedPartitions(rows, window);
        this.results = new FlatVector[window.functions().size()];
        for (int f = 0; f < results.length; f++) {
            results[f] = evaluate(rows, sorted, window.functions().get(f));
        }
        this.positions = Flat.identity(sorted.size);
    }

    /** The next batch of rows with their function values, or null when all have been handed out. */
    Batch next() {
        if (position >= sorted.size) {
            return null;
        }
        int n = Math.min(batchRows, sorted.size - position);
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

    /** One function's column over every sorted position of {@code rows}. */
    static FlatVector evaluate(Batch rows, SortedPartitions sorted, WindowFunction f) {
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

    /** The rows, their order and partition bounds, and the function columns. */
    long retainedBytes() {
        long bytes = rows.retainedBytes() + 4L * 6 * sorted.size;
        for (FlatVector r : results) {
            bytes += r.retainedBytes();
        }
        return bytes;
    }
}
