package io.shoaldb.exec.operator.sort;

import io.shoaldb.exec.operator.KeyComparator;
import io.shoaldb.exec.operator.SourceHeap;
import io.shoaldb.sql.planner.physical.SortKey;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BatchBuilder;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.type.DataType;
import java.util.List;

/**
 * A k-way merge of sorted sources into one sorted stream, holding one batch per source. A binary heap orders the
 * sources by their current row (ties go to the lower source index, so a merge of runs written in input order is
 * stable); after taking the smallest source's row, the merge keeps taking that source's following rows while they
 * still sort before every other source's row, and copies such stretches column-wise with one range copy each.
 */
final class SortedMerge implements AutoCloseable {
    private final List<SortedSource> sources;
    private final List<SortKey> keys;
    private final List<DataType> types;
    private final int batchRows;
    private final KeyComparator comparator;
    private final Batch[] batches;
    private final FlatVector[][] keyColumns;
    private final int[] positions;
    private final SourceHeap heap;
    private boolean started;

    SortedMerge(List<SortedSource> sources, List<SortKey> keys, List<DataType> types, int batchRows) {
        this.sources = List.copyOf(sources);
        this.keys = keys;
        this.types = types;
        this.batchRows = batchRows;
        this.comparator = new KeyComparator(keys);
        int k = sources.size();
        this.batches = new Batch[k];
        this.keyColumns = new FlatVector[k][];
        this.positions = new int[k];
        this.heap = new SourceHeap(k, this::less);
    }

    /** The next batch of at most {@code batchRows} rows in sort order, or null when every source is exhausted. */
    Batch next() {
        if (!started) {
            started = true;
            for (int s = 0; s < batches.length; s++) {
                if (load(s)) {
                    heap.push(s);
                }
            }
        }
        if (heap.isEmpty()) {
            return null;
        }
        BatchBuilder out = new BatchBuilder(types, batchRows);
        int rows = 0;
        while (!heap.isEmpty() && rows < batchRows) {
            int s = heap.top();
            int from = positions[s];
            int end = stretchEnd(s, Math.min(batches[s].positionCount(), from + batchRows - rows));
            for (int c = 0; c < types.size(); c++) {
                out.column(c).appendRange((FlatVector) batches[s].column(c), from, end - from);
            }
            rows += end - from;
            positions[s] = end;
            if (end < batches[s].positionCount() || load(s)) {
                heap.topMoved();
            } else {
                heap.popTop();
            }
        }
        return out.build();
    }

    /**
     * How far source {@code s} (the heap's top) can be copied in one stretch: past its current row, up to
     * {@code limit}, while its rows still sort before the best other source's current row.
     */
    private int stretchEnd(int s, int limit) {
        int end = positions[s] + 1;
        int other = heap.runnerUp();
        if (other < 0) {
            return limit;
        }
        while (end < limit) {
            int c = comparator.compare(keyColumns[s], end, keyColumns[other], positions[other]);
            if (c > 0 || (c == 0 && s > other)) {
                break;
            }
            end++;
        }
        return end;
    }

    /** Reads source {@code s}'s next non-empty batch; false when it has none left. */
    private boolean load(int s) {
        while (true) {
            Batch b = sources.get(s).next();
            if (b == null) {
                batches[s] = null;
                keyColumns[s] = null;
                return false;
            }
            if (b.positionCount() > 0) {
                batches[s] = b.compact();
                keyColumns[s] = KeyComparator.keyColumns(batches[s], keys);
                positions[s] = 0;
                return true;
            }
        }
    }

    /** Bytes held: every source's current batch (or in-memory rows). */
    long retainedBytes() {
        long bytes = 0;
        for (SortedSource s : sources) {
            bytes += s.retainedBytes();
        }
        return bytes;
    }

    private boolean less(int p, int q) {
        int c = comparator.compare(keyColumns[p], positions[p], keyColumns[q], positions[q]);
        return c < 0 || (c == 0 && p < q);
    }

    /** Closes every source (deleting the runs not read to their end). */
    @Override
    public void close() {
        RuntimeException failure = null;
        for (SortedSource s : sources) {
            try {
                s.close();
            } catch (RuntimeException e) {
                failure = e;
            }
        }
        if (failure != null) {
            throw failure;
        }
    }
}
