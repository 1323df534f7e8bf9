package io.shoaldb.server.statement;

import io.shoaldb.sql.planner.TableStatistics;
import io.shoaldb.storage.StorageEngine;
import io.shoaldb.storage.TableSnapshot;
import io.shoaldb.storage.rowset.RowsetMeta;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * What storage knows for the planner: rows in a table's visible rowsets (before merge-on-read, so an upper bound
 * for UNIQUE/AGGREGATE tables) and a column's smallest and largest value from its segments' zone maps.
 */
record StorageStatistics(StorageEngine storage) implements TableStatistics {
    @Override
    public OptionalLong rowCount(long tableId) {
        if (!storage.tableIds().contains(tableId)) {
            return OptionalLong.empty();
        }
        try (TableSnapshot snapshot = storage.snapshot(tableId)) {
            long rows = 0;
            for (long tablet : snapshot.tabletIds()) {
                for (RowsetMeta r : snapshot.rowsets(tablet)) {
                    rows += r.rowCount();
                }
            }
            return OptionalLong.of(rows);
        }
    }

    @Override
    public Optional<ValueRange> columnRange(long tableId, int columnUniqueId) {
        if (!storage.tableIds().contains(tableId)) {
            return Optional.empty();
        }
        try (TableSnapshot snapshot = storage.snapshot(tableId)) {
            return snapshot.columnBounds(columnUniqueId).map(b -> new ValueRange(b.min(), b.max()));
        }
    }
}
