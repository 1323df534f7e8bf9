package io.shoaldb.exec.operator;

import java.util.concurrent.atomic.LongAdder;

/**
 * Rows and bytes a query's scans read from storage, for the audit log and profiles: rows after zone-map
 * pruning and before the scan's filter; bytes of the decoded column vectors those rows came in. Shared by all
 * scan drivers of a query (one add per batch).
 */
public final class ScanCounters {
    private final LongAdder rows = new LongAdder();
    private final LongAdder bytes = new LongAdder();

    void add(long rowCount, long byteCount) {
        rows.add(rowCount);
        bytes.add(byteCount);
    }

    public long rows() {
        return rows.sum();
    }

    public long bytes() {
        return bytes.sum();
    }
}
