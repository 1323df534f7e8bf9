package io.shoaldb.ingest.groupcommit.wal;

import io.shoaldb.storage.segment.SegmentColumn;
import java.util.List;

/**
 * What a WAL file says about itself: whose rows it holds and in which schema they were written, so that
 * replay can map them onto the table's current columns by unique id (light schema change).
 */
public record WalHeader(long databaseId, long tableId, long txnId, String label, List<SegmentColumn> columns) {
    public WalHeader {
        columns = List.copyOf(columns);
    }
}
