package io.shoaldb.exec.operator.window;

import io.shoaldb.exec.expr.Flat;
import io.shoaldb.exec.operator.KeyComparator;
import io.shoaldb.exec.operator.RowBuffer;
import io.shoaldb.exec.operator.window.StreamingPlan.Role;
import io.shoaldb.sql.planner.physical.SortKey;
import io.shoaldb.sql.planner.physical.WindowFrame;
import io.shoaldb.sql.planner.physical.WindowFunction;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.DoubleVector;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.LongVector;
import io.shoaldb.vector.VectorBuilder;
import io.shoaldb.vector.type.DataType;
import java.util.ArrayDeque;
import java.util.List;

/**
 * One window partition evaluated as its rows arrive in window order, holding only what the functions reach: the
 * rows not emitted yet, {@link StreamingPlan#back} rows before them (or from their peer group's start), and - before
 * a row is emitted - {@link StreamingPlan#ahead} rows after it (or its whole peer group). Every
 * {@code batchRows} emittable rows, the held rows are evaluated: LOCAL functions by the in-memory code over them
 * (their frames lie inside), the others from state carried from the partition's start (row number, the current peer
 * group's start, the dense rank, running aggregates, the first row) and from the first pass's {@link PartitionTotals}.
 * Positions below are the partition's ({@code long}), from 0.
 */
final class PartitionStream {
    private final StreamingPlan plan;
    private final List<DataType> types;
    private final PartitionTotals totals;
    private final int batchRows;
    /** Held bytes at which the rows that can be emitted are evaluated, however few. */
    private final long segmentBytes;
    private final List<SortKey> orderKeys;
    private final KeyComparator peers;
    private final ArrayDeque<Batch> held = new ArrayDeque<>();
    private final ArrayDeque<Batch> output = new ArrayDeque<>();
    private long heldBytes;
    private long outputBytes;
    /** Position of the first held row. */
    private long heldStart;
    /** Rows received: the position after the last held row. */
    private long received;
    /** Rows emitted: the next row to emit. */
    private long emitted;
    private boolean ended;
    /** Start of the peer group of the last row received, and that row's order keys. */
    private long lastGroupStart;
    private FlatVector[] lastKeys;
    private int lastKeyRow;
    /** Start of the peer group of the last row emitted, and its dense rank. */
    private long groupStart;
    private long denseRank;
    private final RunningAggregate[] running;
    /** Per PREFIX function: the rows added to its running aggregate so far. */
    private final long[] added;
    /** Per PARTITION_FIRST function: the partition's first value. */
    private final FlatVector[] firstValues;

    /** @param totals the first pass's results, or null when the plan needs none */
    PartitionStream(StreamingPlan plan, PartitionTotals totals, int batchRows, long segmentBytes) {
        this.plan = plan;
        this.types = plan.window.input().outputTypes();
        this.totals = totals;
        this.batchRows = batchRows;
        this.segmentBytes = segmentBytes;
        this.orderKeys = plan.window.orderKeys();
        this.peers = new KeyComparator(orderKeys);
        int n = plan.roles.length;
        this.running = new RunningAggregate[n];
        this.added = new long[n];
        this.firstValues = new FlatVector[n];
        for (int f = 0; f < n; f++) {
            if (plan.roles[f] == Role.PREFIX) {
                WindowFunction fn = plan.window.functions().get(f);
                running[f] = new RunningAggregate(fn, fn.argument() < 0 ? null : types.get(fn.argument()));
            }
        }
    }

    /** Takes in the partition's next rows (in window order). */
    void add(Batch rows) {
        Batch b = rows.compact();
        int n = b.positionCount();
        if (n == 0) {
            return;
        }
        if (!orderKeys.isEmpty()) {
            FlatVector[] keys = KeyComparator.keyColumns(b, orderKeys);
            int start = -1;
            for (int r = n - 1; r > 0 && start < 0; r--) {
                if (!peers.equal(keys, r - 1, keys, r)) {
                    start = r;
                }
            }
            if (start >= 0) {
                lastGroupStart = received + start;
            } else if (lastKeys != null && !peers.equal(lastKeys, lastKeyRow, keys, 0)) {
                lastGroupStart = received;
            }
            lastKeys = keys;
            lastKeyRow = n - 1;
        }
        held.add(b);
        heldBytes += b.retainedBytes();
        received += n;
        long to = emittable();
        if (to - emitted >= batchRows || (to > emitted && heldBytes >= segmentBytes)) {
            evaluate(to);
        }
    }

    /** The partition has no more rows: everything left is evaluated. */
    void end() {
        ended = true;
        if (received > emitted) {
            evaluate(received);
        }
    }

    /** The next output batch (rows with their function columns), or null when none is ready. */
    Batch poll() {
        Batch b = output.poll();
        if (b != null) {
            outputBytes -= b.retainedBytes();
        }
        return b;
    }

    /** Every row has been handed out. */
    boolean done() {
        return ended && output.isEmpty();
    }

    long retainedBytes() {
        return heldBytes + outputBytes;
    }

    /** The rows that can be emitted now: those whose reach has arrived. */
    private long emittable() {
        if (ended) {
            return received;
        }
        long to = received - plan.ahead;
        return plan.peerEnd ? Math.min(to, lastGroupStart) : to;
    }

    /** Evaluates rows [emitted, to) over the held rows and queues them as output batches. */
    private void evaluate(long to) {
        RowBuffer buffer = new RowBuffer(types, (int) (received - heldStart));
        for (Batch b : held) {
            buffer.add(b);
        }
        Batch rows = buffer.take();
        int base = (int) (emitted - heldStart);
        int count = (int) (to - emitted);
        SortedPartitions sorted = SortedPartitions.inOrder(rows, plan.window);
        List<WindowFunction> functions = plan.window.functions();
        FlatVector[] results = new FlatVector[functions.size()];
        int[] identity = Flat.identity(rows.positionCount());
        for (int f = 0; f < results.length; f++) {
            if (plan.roles[f] == Role.LOCAL) {
                results[f] = WindowChunk.evaluate(rows, sorted, functions.get(f)).copyPositions(identity, base, count);
            }
        }
        carried(rows, sorted, base, count, results);
        for (int from = 0; from < count; from += batchRows) {
            int n = Math.min(batchRows, count - from);
            ColumnVector[] out = new ColumnVector[rows.columnCount() + results.length];
            for (int c = 0; c < rows.columnCount(); c++) {
                out[c] = rows.column(c).copyPositions(identity, base + from, n);
            }
            for (int f = 0; f < results.length; f++) {
                out[rows.columnCount() + f] = count <= batchRows ? results[f] : results[f].copyPositions(identity, from, n);
            }
            Batch batch = new Batch(n, out);
            output.add(batch);
            outputBytes += batch.retainedBytes();
        }
        emitted = to;
        release(rows);
    }

    /** The functions computed from state carried along the partition, for rows [base, base + count) of {@code rows}. */
    private void carried(Batch rows, SortedPartitions sorted, int base, int count, FlatVector[] results) {
        List<WindowFunction> functions = plan.window.functions();
        long[][] longs = new long[results.length][];
        double[][] doubles = new double[results.length][];
        VectorBuilder[] values = new VectorBuilder[results.length];
        FlatVector[] arguments = new FlatVector[results.length];
        for (int f = 0; f < results.length; f++) {
            WindowFunction fn = functions.get(f);
            arguments[f] = fn.argument() < 0 ? null : Flat.of(rows.column(fn.argument()));
            switch (plan.roles[f]) {
                case LOCAL -> {
                }
                case ROW_NUMBER, RANK, DENSE_RANK, NTILE -> longs[f] = new long[count];
                case PERCENT_RANK, CUME_DIST -> doubles[f] = new double[count];
                case PREFIX -> running[f].start(count);
                case WHOLE -> totals.whole(f).start(count);
                case PARTITION_FIRST, PARTITION_LAST -> {
                    values[f] = VectorBuilder.create(fn.type(), count);
                    if (plan.roles[f] == Role.PARTITION_FIRST && emitted == 0) {
                        firstValues[f] = arguments[f].copyPositions(new int[] {0}, 0, 1);
                    }
                }
            }
        }
        long partitionRows = totals == null ? -1 : totals.rows();
        for (int i = 0; i < count; i++) {
            int p = base + i;
            long k = emitted + i;
            if (sorted.peerStart[p] == p) {
                groupStart = k;
                denseRank++;
            }
            for (int f = 0; f < results.length; f++) {
                WindowFunction fn = functions.get(f);
                switch (plan.roles[f]) {
                    case LOCAL -> {
                    }
                    case ROW_NUMBER -> longs[f][i] = k + 1;
                    case RANK -> longs[f][i] = groupStart + 1;
                    case DENSE_RANK -> longs[f][i] = denseRank;
                    case NTILE -> longs[f][i] = RankingFunctions.bucket(k, partitionRows, fn.offset());
                    case PERCENT_RANK -> doubles[f][i] = partitionRows <= 1 ? 0.0 : (double) groupStart / (partitionRows - 1);
                    case CUME_DIST -> doubles[f][i] = (double) (heldStart + sorted.peerEnd[p]) / partitionRows;
                    case PREFIX -> {
                        long end = Math.min(received, prefixEnd(fn.frame().end(), fn.frame().rows(), k, sorted.peerEnd[p]));
                        for (; added[f] < end; added[f]++) {
                            running[f].add(arguments[f], (int) (added[f] - heldStart));
                        }
                        running[f].emit(i);
                    }
                    case WHOLE -> totals.whole(f).emit(i);
                    case PARTITION_FIRST -> append(values[f], firstNonEmpty(fn.frame().end(), k) ? firstValues[f] : null);
                    case PARTITION_LAST -> append(values[f],
                            lastNonEmpty(fn.frame().start(), k, partitionRows) ? totals.last(f) : null);
                }
            }
        }
        for (int f = 0; f < results.length; f++) {
            switch (plan.roles[f]) {
                case LOCAL -> {
                }
                case ROW_NUMBER, RANK, DENSE_RANK, NTILE -> results[f] = new LongVector(DataType.BIGINT, count, longs[f], null);
                case PERCENT_RANK, CUME_DIST -> results[f] = new DoubleVector(DataType.DOUBLE, count, doubles[f], null);
                case PREFIX -> results[f] = running[f].finish();
                case WHOLE -> results[f] = totals.whole(f).finish();
                case PARTITION_FIRST, PARTITION_LAST -> results[f] = values[f].build();
            }
        }
    }

    /** The end (exclusive) of a frame starting at the partition's start, for row {@code k} at held position p. */
    private long prefixEnd(WindowFrame.Bound end, boolean rows, long k, int peerEnd) {
        return switch (end.kind()) {
            case PRECEDING -> Math.max(0, k - end.offset() + 1);
            case CURRENT_ROW -> rows ? k + 1 : heldStart + peerEnd;
            case FOLLOWING -> k + end.offset() + 1;
            default -> throw new IllegalStateException("not a bounded frame end: " + end);
        };
    }

    /** Whether a frame from the partition's start to {@code end} holds a row for row {@code k}. */
    private static boolean firstNonEmpty(WindowFrame.Bound end, long k) {
        return switch (end.kind()) {
            case UNBOUNDED_PRECEDING -> false;
            case PRECEDING -> k - end.offset() + 1 > 0;
            default -> true;
        };
    }

    /** Whether a frame from {@code start} to the partition's end holds a row for row {@code k}. */
    private static boolean lastNonEmpty(WindowFrame.Bound start, long k, long partitionRows) {
        return switch (start.kind()) {
            case UNBOUNDED_FOLLOWING -> false;
            case FOLLOWING -> k + start.offset() < partitionRows;
            default -> true;
        };
    }

    private static void append(VectorBuilder out, FlatVector value) {
        if (value == null) {
            out.appendNull();
        } else {
            out.appendRange(value, 0, 1);
        }
    }

    /** Keeps only the held rows that a row still to be emitted reaches: from the first of them on. */
    private void release(Batch rows) {
        long keep = emitted - plan.back;
        if (plan.peerStart) {
            keep = Math.min(keep, groupStart);
        }
        for (int f = 0; f < added.length; f++) {
            if (plan.roles[f] == Role.PREFIX) {
                keep = Math.min(keep, added[f]);
            }
        }
        keep = Math.max(keep, heldStart);
        held.clear();
        heldBytes = 0;
        if (keep < received) {
            int from = (int) (keep - heldStart);
            Batch kept = slice(rows, from, rows.positionCount() - from);
            held.add(kept);
            heldBytes = kept.retainedBytes();
        }
        heldStart = keep;
    }

    private static Batch slice(Batch rows, int from, int n) {
        int[] identity = Flat.identity(rows.positionCount());
        ColumnVector[] out = new ColumnVector[rows.columnCount()];
        for (int c = 0; c < out.length; c++) {
            out[c] = rows.column(c).copyPositions(identity, from, n);
        }
        return new Batch(n, out);
    }
}
