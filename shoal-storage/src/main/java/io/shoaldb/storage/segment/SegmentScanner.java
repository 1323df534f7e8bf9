package io.shoaldb.storage.segment;

import io.shoaldb.vector.Batch;
import io.shoaldb.vector.ColumnVector;

/**
 * Pulls one batch per surviving page index of a page range (the whole segment, or one work unit of it): the
 * projected columns of that page. A segment whose column zone maps rule out the predicate yields nothing;
 * otherwise pages whose zone maps rule it out are skipped without reading. Single-threaded; open one scanner
 * per task. A segment skipped whole is counted once, by the range that starts at its first page.
 */
public final class SegmentScanner {
    private final SegmentReader reader;
    private final int[] columns;
    private final ZoneMapPruner pruner;
    private final ScanCounters counters;
    private final boolean segmentSkipped;
    private final int endPage;
    private int nextPage;
    private int pagesRead;
    private int pagesSkipped;
    private long lastFirstRow = -1;
    private long nextFirstRow;
    private boolean reported;

    SegmentScanner(SegmentReader reader, int[] columns, ZoneMapPruner pruner, ScanCounters counters, int fromPage,
                   int toPage) {
        this.reader = reader;
        this.columns = columns;
        this.pruner = pruner;
        this.counters = counters;
        this.endPage = toPage;
        this.nextPage = fromPage;
        for (int p = 0; p < fromPage; p++) {
            nextFirstRow += reader.pageRowCount(p);
        }
        boolean ruledOut = !pruner.mightMatch(reader::columnZoneMap);
        this.segmentSkipped = ruledOut && fromPage == 0;
        if (ruledOut) {
            pagesSkipped = toPage - fromPage;
            nextPage = toPage;
        }
    }

    /** The next batch, or null when the segment is exhausted. */
    public Batch next() {
        while (nextPage < endPage) {
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

    /**
     * Whether the segment's column zone maps ruled the predicate out, so no page was looked at (reported by the
     * range starting at page 0 only, so that a segment cut into several ranges counts once).
     */
    public boolean segmentSkipped() {
        return segmentSkipped;
    }
}
