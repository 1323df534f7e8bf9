package io.shoaldb.storage.merge;

import io.shoaldb.vector.Batch;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.VectorBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;

/**
 * A k-way merge of key-ordered sources into key-ordered batches, collapsing equal keys by the spec's
 * model. A binary heap orders the sources' current rows by key, then by source rank, so each group of
 * equal keys is collected oldest to newest. Cost per row: O(log k) key comparisons plus one row copy
 * (this is the price of merge-on-read; see docs/storage-engine.md).
 */
public final class MergingStream implements AutoCloseable {
    private final MergeSpec spec;
    private final GroupCombiner combiner;
    private final ValueComparator[] keyComparators;
    private final PriorityQueue<SortedRun> heap;
    private final List<SortedRun> runs = new ArrayList<>();
    private final VectorBuilder[] out;
    private final int batchRows;
    private final List<RowRef> group = new ArrayList<>();
    private boolean started;

    /** {@code sources} in ascending priority: a later source's row wins over an earlier one's. */
    public MergingStream(MergeSpec spec, List<? extends RowSource> sources, int batchRows) {
        this.spec = spec;
        this.combiner = new GroupCombiner(spec);
        this.keyComparators = new ValueComparator[spec.keyCount()];
        for (int k = 0; k < keyComparators.length; k++) {
            keyComparators[k] = ValueComparator.of(io.shoaldb.vector.PhysicalType.of(spec.types().get(k)));
        }
        this.heap = new PriorityQueue<>(Math.max(1, sources.size()), this::compareRuns);
        for (int i = 0; i < sources.size(); i++) {
            runs.add(new SortedRun(sources.get(i), i));
        }
        this.out = new VectorBuilder[spec.columnCount()];
        for (int c = 0; c < out.length; c++) {
            out[c] = VectorBuilder.create(spec.types().get(c), batchRows);
        }
        this.batchRows = batchRows;
    }

    private int compareKeys(FlatVector[] a, int i, FlatVector[] b, int j) {
        for (int k = 0; k < keyComparators.length; k++) {
            int c = keyComparators[k].compare(a[k], i, b[k], j);
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    private int compareRuns(SortedRun a, SortedRun b) {
        int c = compareKeys(a.columns, a.row, b.columns, b.row);
        return c != 0 ? c : Integer.compare(a.rank, b.rank);
    }

    /** The next batch of merged rows (all merged columns, flat), or null at the end. */
    public Batch next() {
        if (!started) {
            started = true;
            for (SortedRun run : runs) {
                if (run.advance()) {
                    heap.add(run);
                }
            }
        }
        while (!heap.isEmpty() && out[0].size() < batchRows) {
            SortedRun top = heap.poll();
            group.clear();
            group.add(new RowRef(top.columns, top.row));
            if (top.advance()) {
                heap.add(top);
            }
            if (combiner.collapses()) {
                collectEqualKeys();
            }
            combiner.emit(group, out);
        }
        if (out[0].size() == 0) {
            return null;
        }
        ColumnVector[] vectors = new ColumnVector[out.length];
        for (int c = 0; c < out.length; c++) {
            vectors[c] = out[c].build();
        }
        return new Batch(vectors[0].size(), vectors);
    }

    private void collectEqualKeys() {
        RowRef first = group.getFirst();
        while (!heap.isEmpty()) {
            SortedRun next = heap.peek();
            if (compareKeys(first.columns(), first.row(), next.columns, next.row) != 0) {
                return;
            }
            heap.poll();
            group.add(new RowRef(next.columns, next.row));
            if (next.advance()) {
                heap.add(next);
            }
        }
    }

    @Override
    public void close() {
        RuntimeException failure = null;
        for (SortedRun run : runs) {
            try {
                run.source.close();
            } catch (RuntimeException e) {
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }
}
