package io.shoaldb.storage.rowset;

import io.shoaldb.storage.merge.MergeSpec;
import io.shoaldb.storage.merge.MergingStream;
import io.shoaldb.storage.merge.RowSource;
import io.shoaldb.storage.merge.ValueComparator;
import io.shoaldb.storage.tablet.KeysModel;
import io.shoaldb.storage.tablet.TabletSchema;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BatchSorter;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.PhysicalType;
import io.shoaldb.vector.VectorBuilder;
import io.shoaldb.vector.type.DataType;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Rows appended to a rowset but not yet in a segment. Batches are kept as appended (flat, no copy); at
 * flush they are concatenated, stably sorted by key (so equal keys stay in append order) and, for
 * UNIQUE/AGGREGATE, collapsed with the same rules scans use, where "newer" means appended later. Rows often
 * arrive in key order (a file sorted by its key, a time series): the table notes whether every row so far did,
 * and a DUPLICATE table's rows in key order go to the segment batch by batch, neither copied nor sorted.
 */
final class MemTable {
    /**
     * What every memtable of one schema derives from it (types, merge rules, key comparators), made once per writer:
     * a small load's writer fills a memtable per touched tablet, and each one deriving them again showed in profiles
     * of small commits.
     */
    static final class Layout {
        private final TabletSchema schema;
        private final List<DataType> types;
        private final MergeSpec spec;
        private final int batchRows;
        private final int[] keyColumns;
        private final ValueComparator[] keyOrder;

        Layout(TabletSchema schema, int batchRows) {
            this.schema = schema;
            this.types = schema.columns().stream().map(c -> c.type()).toList();
            this.spec = new MergeSpec(schema.model(), types, schema.keyColumnCount(), schema.sequenceColumnIndex(),
                    schema.aggregations());
            this.batchRows = batchRows;
            this.keyColumns = schema.keyColumns();
            this.keyOrder = new ValueComparator[keyColumns.length];
            for (int k = 0; k < keyColumns.length; k++) {
                keyOrder[k] = ValueComparator.of(PhysicalType.of(types.get(keyColumns[k])));
            }
        }
    }

    private final Layout layout;
    private final List<Batch> batches = new ArrayList<>();
    private Batch lastNonEmpty;
    private boolean inKeyOrder = true;
    private long bytes;
    private int rows;

    MemTable(Layout layout) {
        this.layout = layout;
    }

    void add(Batch flat) {
        if (inKeyOrder && flat.rowCount() > 0) {
            inKeyOrder = continuesKeyOrder(flat);
            lastNonEmpty = flat;
        }
        batches.add(flat);
        bytes += flat.retainedBytes();
        rows += flat.rowCount();
    }

    long bytes() {
        return bytes;
    }

    boolean isEmpty() {
        return rows == 0;
    }

    /** Whether {@code flat}'s rows are in key order and its first does not go before the last row added. */
    private boolean continuesKeyOrder(Batch flat) {
        if (lastNonEmpty != null && compareKeys(lastNonEmpty, lastNonEmpty.rowCount() - 1, flat, 0) > 0) {
            return false;
        }
        for (int i = 1; i < flat.rowCount(); i++) {
            if (compareKeys(flat, i - 1, flat, i) > 0) {
                return false;
            }
        }
        return true;
    }

    private int compareKeys(Batch a, int i, Batch b, int j) {
        for (int k = 0; k < layout.keyColumns.length; k++) {
            int column = layout.keyColumns[k];
            int c = layout.keyOrder[k].compare((FlatVector) a.column(column), i, (FlatVector) b.column(column), j);
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    /** Hands the rows, in key order and collapsed per the keys model, to {@code sink}; then empties the table. */
    void drain(Consumer<Batch> sink) {
        if (rows == 0) {
            return;
        }
        if (inKeyOrder && layout.schema.model() == KeysModel.DUPLICATE) {
            batches.forEach(sink);
            clear();
            return;
        }
        Batch all = concatenate();
        clear();
        Batch sorted = layout.schema.keyColumnCount() == 0 ? all : BatchSorter.sort(all, layout.schema.keyColumns());
        if (layout.schema.model() == KeysModel.DUPLICATE) {
            sink.accept(sorted);
            return;
        }
        try (MergingStream merged = new MergingStream(layout.spec, List.of(new SingleChunk(sorted)),
                layout.batchRows)) {
            for (Batch b = merged.next(); b != null; b = merged.next()) {
                sink.accept(b);
            }
        }
    }

    private void clear() {
        batches.clear();
        lastNonEmpty = null;
        inKeyOrder = true;
        bytes = 0;
        rows = 0;
    }

    private Batch concatenate() {
        if (batches.size() == 1) {
            return batches.getFirst();
        }
        ColumnVector[] out = new ColumnVector[layout.types.size()];
        for (int c = 0; c < out.length; c++) {
            VectorBuilder b = VectorBuilder.create(layout.types.get(c), rows);
            for (Batch batch : batches) {
                b.appendRange((FlatVector) batch.column(c), 0, batch.rowCount());
            }
            out[c] = b.build();
        }
        return new Batch(rows, out);
    }

    /** The sorted memtable as one merge source. */
    private static final class SingleChunk implements RowSource {
        private FlatVector[] chunk;

        SingleChunk(Batch sorted) {
            chunk = new FlatVector[sorted.columnCount()];
            for (int c = 0; c < chunk.length; c++) {
                chunk[c] = (FlatVector) sorted.column(c);
            }
        }

        @Override
        public FlatVector[] next() {
            FlatVector[] c = chunk;
            chunk = null;
            return c;
        }

        @Override
        public void close() {
        }
    }
}
