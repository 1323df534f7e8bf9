package io.shoaldb.storage.segment;

import java.util.concurrent.atomic.LongAdder;

/**
 * What scans did since start, summed over all of them: pages read, pages and whole segments their zone maps
 * let them skip. Scanners add their counts once, when they finish, so the totals cost nothing per page.
 */
public final class ScanCounters {
    private final LongAdder pagesRead = new LongAdder();
    private final LongAdder pagesSkipped = new LongAdder();
    private final LongAdder segmentsSkipped = new LongAdder();

    void add(int read, int skipped, boolean segmentSkipped) {
        pagesRead.add(read);
        pagesSkipped.add(skipped);
        if (segmentSkipped) {
            segmentsSkipped.increment();
        }
    }

    public long pagesRead() {
        return pagesRead.sum();
    }

    /** Pages no row of which could match, whether skipped one by one or with their whole segment. */
    public long pagesSkipped() {
        return pagesSkipped.sum();
    }

    public long segmentsSkipped() {
        return segmentsSkipped.sum();
    }
}
