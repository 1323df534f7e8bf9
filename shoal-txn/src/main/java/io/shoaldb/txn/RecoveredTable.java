package io.shoaldb.txn;

import io.shoaldb.storage.rowset.RowsetMeta;
import java.util.List;
import java.util.Map;

/** A table's visible state after replay, handed to storage before the server serves. */
public record RecoveredTable(long tableId, long visibleVersion, Map<Long, List<RowsetMeta>> rowsetsByTablet) {
    public RecoveredTable {
        rowsetsByTablet = Map.copyOf(rowsetsByTablet);
    }
}
