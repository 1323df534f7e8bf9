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
 * equal keys is collected oldest to newest. Where equal keys collapse (UNIQUE, AGGREGATE) the cost per
 * row is O(log k) key comparisons plus one row copy (the price of merge-on-read; see
 * docs/storage-engine.md). A DUPLICATE merge keeps every row, so it moves whole stretches instead: the
 * rows of the leading source that come before the next source's current row are found by a galloping
 * search and copied column by column in one range - sources whose key ranges barely overlap, as loads
 * of time-ordered rows make them, then cost a few comparisons per chunk rather than a heap step per row.
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
            if (combiner.collapses()) {
                emitGroup();
            } else {
                copyLeadingStretch();
            }
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

    /** Emits the leading row collapsed with every other row of its key (UNIQUE, AGGREGATE). */
    private void emitGroup() {
        SortedRun top = heap.poll();
        group.clear();
        group.add(new RowRef(top.columns, top.row));
        if (top.advance()) {
            heap.add(top);
        }
        collectEqualKeys();
        combiner.emit(group, out);
    }

    /**
     * Copies the rows of the leading source, from its current row up to the first that does not come
     * before the next source's current row (at least one row: the heap put it first), within the chunk
     * and the room left in the batch.
     */
    private void copyLeadingStretch() {
        SortedRun top = heap.poll();
        SortedRun next = heap.peek();
        int limit = Math.min(top.rows, top.row + batchRows - out[0].size());
        int end = next == null ? limit : precedingEnd(top, next, limit);
        for (int c = 0; c < out.length; c++) {
            out[c].appendRange(top.columns[c], top.row, end - top.row);
        }
        top.row = end - 1;
        if (top.advance()) {
            heap.add(top);
        }
    }

    /**
     * One past the last row of {@code top} (below {@code limit}) that comes before {@code next}'s current
     * row. Rows of a source are in key order, so the rows that come before form a prefix: gallop (1, 2,
     * 4, ... rows ahead) to bracket its end, then halve the bracket.
     */
    private int precedingEnd(SortedRun top, SortedRun next, int limit) {
        int before = top.row;
        int notBefore = limit;
        for (int step = 1; before + step < notBefore; step <<= 1) {
            int probe = before + step;
            if (!comesBefore(top, probe, next)) {
                notBefore = probe;
                break;
            }
            before = probe;
        }
        while (notBefore - before > 1) {
            int mid = (before + notBefore) >>> 1;
            if (comesBefore(top, mid, next)) {
                before = mid;
            } else {
                notBefore = mid;
            }
        }
        return before + 1;
    }

    /** Whether row {@code row} of {@code run} is ordered before {@code other}'s current row (key, then rank). */
    private boolean comesBefore(SortedRun run, int row, SortedRun other) {
        int c = compareKeys(run.columns, row, other.columns, other.row);
        return c < 0 || c == 0 && run.rank < other.rank;
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
