package io.shoaldb.storage.segment;

import io.shoaldb.vector.Batch;
import io.shoaldb.vector.ColumnVector;

/**
 * Pulls one batch per surviving page index: the projected columns of that page. Pages whose zone maps
 * rule out the predicate are skipped without reading. Single-threaded; open one scanner per task.
 */
public final class SegmentScanner {
    private final SegmentReader reader;
    private final int[] columns;
    private final ZoneMapPruner pruner;
    private int nextPage;
    private int pagesRead;
    private int pagesSkipped;
    private long lastFirstRow = -1;
    private long nextFirstRow;

    SegmentScanner(SegmentReader reader, int[] columns, ZoneMapPruner pruner) {
        this.reader = reader;
        this.columns = columns;
        this.pruner = pruner;
    }

    /** The next batch, or null when the segment is exhausted. */
    public Batch next() {
        while (nextPage < reader.pageCount()) {
            int page = nextPage++;
            int rows = reader.pageRowCount(page);
            if (!pruner.mightMatch(c -> reader.pageMeta(c, page).zoneMap())) {
                pagesSkipped++;
                nextFirstRow += rows;
                continue;
            }
            ColumnVector[] vectors = new ColumnVector[columns.length];
            for (int i = 0; i < columns.length; i++) {
                vectors[i] = reader.readPage(columns[i], page);
            }
            pagesRead++;
            lastFirstRow = nextFirstRow;
            nextFirstRow += rows;
            return new Batch(rows, vectors);
        }
        return null;
    }

    /** Segment row number of the first row of the batch last returned (for row ids and delete bitmaps). */
    public long lastBatchFirstRow() {
        return lastFirstRow;
    }

    public int pagesRead() {
        return pagesRead;
    }

    public int pagesSkipped() {
        return pagesSkipped;
    }
}
