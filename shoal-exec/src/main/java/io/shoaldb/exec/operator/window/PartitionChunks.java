package io.shoaldb.exec.operator.window;

import io.shoaldb.exec.operator.KeyComparator;
import io.shoaldb.exec.operator.Operator;
import io.shoaldb.exec.operator.RowBuffer;
import io.shoaldb.exec.operator.sort.ExternalSorter;
import io.shoaldb.sql.planner.physical.SortKey;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.type.DataType;
import java.util.List;

/**
 * Cuts a stream sorted by partition keys (the merge of a window's spilled runs) into chunks of whole partitions:
 * rows are collected until at least {@code chunkRows} rows or {@code chunkBytes} bytes are held and a partition
 * ends, so a chunk holds one partition or several small ones, never part of one. A partition larger than memory is still held whole, since
 * frames may reach any of its rows.
 */
final class PartitionChunks {
    /** Input batches one call may take in before it returns YIELD. */
    private static final int BATCHES_PER_CALL = 32;

    private final ExternalSorter sorted;
    private final List<SortKey> partitionKeys;
    private final KeyComparator comparator;
    private final int chunkRows;
    private final long chunkBytes;
    private final RowBuffer pending;
    /** The partition keys of the last row taken in (the previous batch's last row), null before the first. */
    private FlatVector[] lastKeys;
    private int lastRow;
    private boolean ended;

    PartitionChunks(ExternalSorter sorted, List<DataType> types, List<SortKey> partitionKeys, int chunkRows,
                    long chunkBytes) {
        this.sorted = sorted;
        this.partitionKeys = partitionKeys;
        this.comparator = new KeyComparator(partitionKeys);
        this.chunkRows = chunkRows;
        this.chunkBytes = chunkBytes;
        this.pending = new RowBuffer(types, ExternalSorter.INITIAL_BUFFER_ROWS);
    }

    /** The next chunk of whole partitions in sort order, null at the end, or YIELD (call again). */
    Batch next() {
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
            FlatVector[] keys = KeyComparator.keyColumns(b, partitionKeys);
            int cut = lastPartitionStart(keys, n);
            Batch chunk = null;
            if (cut >= 0 && (pending.rowCount() + cut >= chunkRows || pending.retainedBytes() >= chunkBytes)) {
                pending.addRange(b, 0, cut);
                chunk = pending.take();
                pending.addRange(b, cut, n - cut);
            } else {
                pending.addRange(b, 0, n);
            }
            lastKeys = keys;
            lastRow = n - 1;
            if (chunk != null) {
                return chunk;
            }
        }
        if (!ended) {
            return Operator.YIELD;
        }
        return pending.rowCount() > 0 ? pending.take() : null;
    }

    /** The position in the batch where its last partition starts, if one starts in it; else -1. */
    private int lastPartitionStart(FlatVector[] keys, int n) {
        for (int r = n - 1; r > 0; r--) {
            if (!comparator.equal(keys, r - 1, keys, r)) {
                return r;
            }
        }
        return lastKeys != null && !comparator.equal(lastKeys, lastRow, keys, 0) ? 0 : -1;
    }

    long retainedBytes() {
        return pending.retainedBytes();
    }
}
