package io.shoaldb.storage.scan;

import io.shoaldb.storage.segment.ScanCounters;
import io.shoaldb.storage.segment.SegmentReader;
import io.shoaldb.storage.segment.SegmentScanner;
import io.shoaldb.storage.segment.ZoneMapPredicate;
import io.shoaldb.storage.tablet.TabletSchema;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.ConstantVector;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.VectorBuilder;

/**
 * The batches of one segment in the current table schema's terms: the requested table columns, matched
 * to segment columns by unique id; a column the segment predates is a constant of its default (NULL
 * without one). Pages the (mapped) predicate rules out are skipped. When no requested column is in the
 * segment (none requested: a row count; or only columns the segment predates) nothing is read or decoded:
 * the batches are the pages' row counts from the footer (no predicate can prune then, since its columns are
 * among the requested ones).
 */
final class SegmentBatches implements AutoCloseable {
    private final SegmentReader reader;
    /** Reads the requested columns the segment has; null when it has none of them. */
    private final SegmentScanner scanner;
    private int[] segmentColumn;
    private FlatVector[] defaults;
    private int nextPage;
    private int endPage;

    /**
     * @param columns table column positions to produce, in this order
     * @param predicate on table column positions; {@code prunable[c]} says whether column c may prune
     */
    SegmentBatches(SegmentReader reader, TabletSchema schema, int[] columns, ZoneMapPredicate predicate,
                   boolean[] prunable, ScanCounters counters) {
        this(reader, schema, columns, predicate, prunable, counters, null);
    }

    /** Only the pages of {@code range} (a slice of this segment; null: all pages). */
    SegmentBatches(SegmentReader reader, TabletSchema schema, int[] columns, ZoneMapPredicate predicate,
                   boolean[] prunable, ScanCounters counters, ScanRange range) {
        this.reader = reader;
        try {
            int[] pages = range == null ? new int[] {0, reader.pageCount()} : range.pages(reader);
            this.scanner = bind(schema, columns, predicate, prunable, counters, pages);
        } catch (RuntimeException e) {
            reader.close();
            throw e;
        }
    }

    private SegmentScanner bind(TabletSchema schema, int[] columns, ZoneMapPredicate predicate, boolean[] prunable,
                                ScanCounters counters, int[] pages) {
        this.segmentColumn = new int[columns.length];
        this.defaults = new FlatVector[columns.length];
        int present = 0;
        for (int i = 0; i < columns.length; i++) {
            int c = columns[i];
            segmentColumn[i] = reader.columnIndexOf(schema.columns().get(c).uniqueId());
            if (segmentColumn[i] < 0) {
                VectorBuilder b = VectorBuilder.create(schema.columns().get(c).type(), 1);
                b.appendObject(schema.defaultValues().get(c));
                defaults[i] = b.build();
            } else {
                present++;
            }
        }
        int[] read = new int[present];
        for (int i = 0, r = 0; i < columns.length; i++) {
            if (segmentColumn[i] >= 0) {
                read[r++] = segmentColumn[i];
            }
        }
        if (present == 0) {
            nextPage = pages[0];
            endPage = pages[1];
            return null;
        }
        ZoneMapPredicate mapped = PredicateMapper.map(predicate, c -> prunable[c]
                ? reader.columnIndexOf(schema.columns().get(c).uniqueId()) : -1);
        return reader.scan(read, mapped, counters, pages[0], pages[1]);
    }

    /** The next batch (columns as requested), or null at the end. */
    Batch next() {
        Batch page = null;
        int rows;
        if (scanner != null) {
            page = scanner.next();
            if (page == null) {
                return null;
            }
            rows = page.rowCount();
        } else {
            if (nextPage == endPage) {
                return null;
            }
            rows = reader.pageRowCount(nextPage++);
        }
        ColumnVector[] out = new ColumnVector[segmentColumn.length];
        for (int i = 0, r = 0; i < out.length; i++) {
            out[i] = segmentColumn[i] >= 0 ? page.column(r++) : new ConstantVector(defaults[i], rows);
        }
        return new Batch(rows, out);
    }

    @Override
    public void close() {
        if (scanner != null) {
            scanner.report();
        }
        reader.close();
    }
}
