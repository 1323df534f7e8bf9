package io.shoaldb.storage.segment;

import io.shoaldb.vector.Batch;
import io.shoaldb.vector.ColumnVector;

/**
 * Pulls one batch per surviving page index: the projected columns of that page. A segment whose column
 * zone maps rule out the predicate yields nothing; otherwise pages whose zone maps rule it out are skipped
 * without reading. Single-threaded; open one scanner per task.
 */
public final class SegmentScanner {
    private final SegmentReader reader;
    private final int[] columns;
    private final ZoneMapPruner pruner;
    private final ScanCounters counters;
    private final boolean segmentSkipped;
    private int nextPage;
    private int pagesRead;
    private int pagesSkipped;
    private long lastFirstRow = -1;
    private long nextFirstRow;
    private boolean reported;

    SegmentScanner(SegmentReader reader, int[] columns, ZoneMapPruner pruner, ScanCounters counters) {
        this.reader = reader;
        this.columns = columns;
        this.pruner = pruner;
        this.counters = counters;
        this.segmentSkipped = !pruner.mightMatch(reader::columnZoneMap);
        if (segmentSkipped) {
            pagesSkipped = reader.pageCount();
            nextPage = reader.pageCount();
        }
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
        report();
        return null;
    }

    /** Adds this scanner's counts to the totals, once (at the end, or when closed early). */
    public void report() {
        if (!reported) {
            reported = true;
            counters.add(pagesRead, pagesSkipped, segmentSkipped);
        }
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

    /** Whether the segment's column zone maps ruled the predicate out, so no page was looked at. */
    public boolean segmentSkipped() {
        return segmentSkipped;
    }
}
