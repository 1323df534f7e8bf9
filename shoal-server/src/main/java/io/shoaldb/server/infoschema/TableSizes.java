package io.shoaldb.server.infoschema;

import io.shoaldb.storage.StorageEngine;
import io.shoaldb.storage.TableSnapshot;
import io.shoaldb.storage.rowset.RowsetMeta;
import java.util.Optional;

/**
 * Rows and bytes of a table's visible rowsets, as information_schema.tables and SHOW TABLE STATUS report them
 * (before merge-on-read, so an upper bound of the rows a UNIQUE or AGGREGATE table answers with).
 */
@FunctionalInterface
public interface TableSizes {
    record Size(long rows, long dataBytes) {
    }

    Optional<Size> of(long tableId);

    static TableSizes of(StorageEngine storage) {
        return tableId -> {
            if (!storage.tableIds().contains(tableId)) {
                return Optional.empty();
            }
            try (TableSnapshot snapshot = storage.snapshot(tableId)) {
                long rows = 0;
                long bytes = 0;
                for (long tablet : snapshot.tabletIds()) {
                    for (RowsetMeta r : snapshot.rowsets(tablet)) {
                        rows += r.rowCount();
                        bytes += r.dataBytes();
                    }
                }
                return Optional.of(new Size(rows, bytes));
            }
        };
    }
}
