package io.shoaldb.exec.operator;

import java.util.concurrent.atomic.LongAdder;

/**
 * Rows and bytes scans read from storage, for the audit log and profiles: rows after zone-map pruning and
 * before the scan's filter; bytes of the decoded column vectors those rows came in. A query has one, shared by
 * all its scan drivers (one add per batch); each scan driver counts into its own, which adds to the query's.
 */
public final class ScanCounters {
    private final LongAdder rows = new LongAdder();
    private final LongAdder bytes = new LongAdder();
    private final ScanCounters total;

    /** The counters of a whole query. */
    public ScanCounters() {
        this(null);
    }

    /** Counters of one scan driver that also add to {@code total}. */
    ScanCounters(ScanCounters total) {
        this.total = total;
    }

    void add(long rowCount, long byteCount) {
        rows.add(rowCount);
        bytes.add(byteCount);
        if (total != null) {
            total.add(rowCount, byteCount);
        }
    }

    public long rows() {
        return rows.sum();
    }

    public long bytes() {
        return bytes.sum();
    }
}
