package io.shoaldb.exec.operator.window;

import io.shoaldb.exec.expr.Flat;
import io.shoaldb.exec.operator.KeyComparator;
import io.shoaldb.exec.operator.Operator;
import io.shoaldb.exec.operator.RowBuffer;
import io.shoaldb.exec.operator.sort.ExternalSorter;
import io.shoaldb.sql.planner.physical.SortKey;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.type.DataType;
import java.util.List;
import java.util.function.LongPredicate;

/**
 * Cuts a stream sorted by partition keys (the merge of a window's spilled runs) into chunks of whole partitions:
 * rows are collected until at least {@code chunkRows} rows or {@code chunkBytes} bytes are held and a partition
 * ends, so a chunk holds one partition or several small ones, never part of one. A partition found too large to
 * collect (the rows it has so far are {@code tooLarge}) is handed out instead: the chunk of the partitions before it
 * comes first, then {@link #takeLargeStart()} gives its rows so far and {@link #nextOfLarge()} the rest, batch by
 * batch, and collecting resumes after its end.
 */
final class PartitionChunks {
    /** Input batches one call may take in before it returns YIELD. */
    private static final int BATCHES_PER_CALL = 32;
    /** What {@link #next()} returns when a large partition starts: take it with {@link #takeLargeStart()}. */
    static final Batch LARGE = new Batch(0);

    private final ExternalSorter sorted;
    private final List<SortKey> partitionKeys;
    private final KeyComparator comparator;
    private final int chunkRows;
    private final long chunkBytes;
    /** Whether a partition holding this many bytes should be streamed; never true when the window cannot stream. */
    private final LongPredicate tooLarge;
    private final RowBuffer pending;
    /** Where in {@code pending} the last partition, which may go on in the next batch, starts. */
    private int partitionStart;
    /** The partition keys of the last row taken in (the previous batch's last row), null before the first. */
    private FlatVector[] lastKeys;
    private int lastRow;
    private boolean ended;
    /** The first rows of a partition found too large, until taken. */
    private Batch largeStart;
    /** The stream is inside a partition found too large: its rows go to {@link #nextOfLarge()}. */
    private boolean inLarge;
    /** The large partition being read has ended ({@link #nextOfLarge()} returns null). */
    private boolean largeEnded;
    /** A chunk completed by the rows that followed a large partition, handed out next. */
    private Batch ready;

    PartitionChunks(ExternalSorter sorted, List<DataType> types, List<SortKey> partitionKeys, int chunkRows,
                    long chunkBytes, LongPredicate tooLarge) {
        this.sorted = sorted;
        this.partitionKeys = partitionKeys;
        this.comparator = new KeyComparator(partitionKeys);
        this.chunkRows = chunkRows;
        this.chunkBytes = chunkBytes;
        this.tooLarge = tooLarge;
        this.pending = new RowBuffer(types, ExternalSorter.INITIAL_BUFFER_ROWS);
    }

    /**
     * The next chunk of whole partitions in sort order, {@link #LARGE} when a large partition starts, null at the
     * end, or YIELD (call again). Not to be called while a large partition is being read.
     */
    Batch next() {
        if (ready != null) {
            Batch chunk = ready;
            ready = null;
            return chunk;
        }
        if (largeStart != null) {
            return LARGE;
        }
        if (inLarge) {
            throw new IllegalStateException("the rows of a large partition are still being read");
        }
        for (int i = 0; i < BATCHES_PER_CALL && !ended; i++) {
            Batch b = sorted.next();
            if (b == null) {
                ended = true;
                break;
            }
            if (Operator.isSignal(b)) {
                return b;
            }
            int n = b.positionCount();
            if (n == 0) {
                continue;
            }
            Batch chunk = take(b, KeyComparator.keyColumns(b, partitionKeys), 0, n);
            if (chunk == null && inLarge) {
                return LARGE;
            }
            if (chunk != null) {
                return chunk;
            }
        }
        if (!ended) {
            return Operator.YIELD;
        }
        return pending.rowCount() > 0 ? pending.take() : null;
    }

    /**
     * Adds rows [from, n) of {@code b}; returns a chunk when they complete one, and notices a last partition grown
     * too large (then the chunk returned is that of the partitions before it, if any).
     */
    private Batch take(Batch b, FlatVector[] keys, int from, int n) {
        int cut = lastPartitionStart(keys, from, n);
        Batch chunk = null;
        if (cut >= 0 && (pending.rowCount() + cut - from >= chunkRows || pending.retainedBytes() >= chunkBytes)) {
            pending.addRange(b, from, cut - from);
            chunk = pending.take();
            pending.addRange(b, cut, n - cut);
            partitionStart = 0;
        } else {
            if (cut >= 0) {
                partitionStart = pending.rowCount() + cut - from;
            }
            pending.addRange(b, from, n - from);
        }
        lastKeys = keys;
        lastRow = n - 1;
        int rows = pending.rowCount();
        if (chunk == null && rows > partitionStart
                && tooLarge.test(pending.retainedBytes() / rows * (rows - partitionStart))) {
            Batch all = pending.take();
            largeStart = slice(all, partitionStart, rows - partitionStart);
            inLarge = true;
            chunk = partitionStart > 0 ? slice(all, 0, partitionStart) : null;
            partitionStart = 0;
        }
        return chunk;
    }

    /** After {@link #LARGE}: the first rows of the partition found too large to collect. */
    Batch takeLargeStart() {
        Batch b = largeStart;
        largeStart = null;
        largeEnded = false;
        return b;
    }

    /** The next rows of the large partition: a batch, a signal, or null once it has ended. */
    Batch nextOfLarge() {
        while (!largeEnded) {
            Batch b = sorted.next();
            if (b == null) {
                ended = true;
                inLarge = false;
                largeEnded = true;
                return null;
            }
            if (Operator.isSignal(b)) {
                return b;
            }
            int n = b.positionCount();
            if (n == 0) {
                continue;
            }
            FlatVector[] keys = KeyComparator.keyColumns(b, partitionKeys);
            int end = 0;
            while (end < n && comparator.equal(lastKeys, lastRow, keys, end)) {
                end++;
            }
            if (end == n) {
                lastKeys = keys;
                lastRow = n - 1;
                return b;
            }
            inLarge = false;
            largeEnded = true;
            ready = take(b, keys, end, n);
            return end == 0 ? null : slice(b, 0, end);
        }
        return null;
    }

    /**
     * The position in rows [from, n) of the batch where its last partition starts, if one starts there (at
     * {@code from} when the partition before ended with the previous rows); else -1.
     */
    private int lastPartitionStart(FlatVector[] keys, int from, int n) {
        for (int r = n - 1; r > from; r--) {
            if (!comparator.equal(keys, r - 1, keys, r)) {
                return r;
            }
        }
        return lastKeys != null && !comparator.equal(lastKeys, lastRow, keys, from) ? from : -1;
    }

    private static Batch slice(Batch b, int from, int n) {
        Batch c = b.compact();
        int[] identity = Flat.identity(c.positionCount());
        ColumnVector[] out = new ColumnVector[c.columnCount()];
        for (int i = 0; i < out.length; i++) {
            out[i] = c.column(i).copyPositions(identity, from, n);
        }
        return new Batch(n, out);
    }

    long retainedBytes() {
        return pending.retainedBytes() + (largeStart == null ? 0 : largeStart.retainedBytes())
                + (ready == null ? 0 : ready.retainedBytes());
    }
}
