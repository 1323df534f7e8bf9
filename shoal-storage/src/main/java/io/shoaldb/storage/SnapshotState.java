package io.shoaldb.storage;

import io.shoaldb.storage.rowset.RowsetMeta;
import io.shoaldb.storage.scan.ColumnBounds;
import io.shoaldb.storage.tablet.TabletPlacement;
import io.shoaldb.storage.tablet.TabletSchema;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One immutable table version as storage holds it, shared by every {@link TableSnapshot} handle on it.
 * {@code refs} counts the handles plus one while it is the table's current state; it is guarded by the
 * engine's lock.
 */
final class SnapshotState {
    final TableEntry table;
    /** Install order within the table (see {@link RowsetRefs}). */
    final long seq;
    final long tableId;
    final long version;
    final TabletSchema schema;
    final Map<Long, List<RowsetMeta>> rowsets;
    final Map<Long, TabletPlacement> placements;
    final Map<Long, Path> directories;
    /**
     * Column bounds by column unique id, derived from this version's segment footers the first time the planner
     * asks: a version's data never changes, so planning a new statement does not open every segment again.
     */
    final Map<Integer, Optional<ColumnBounds.Bounds>> columnBounds = new ConcurrentHashMap<>();
    int refs = 1;

    SnapshotState(TableEntry table, long version, TabletSchema schema, Map<Long, List<RowsetMeta>> rowsets) {
        this.table = table;
        this.seq = table.nextStateSeq++;
        this.tableId = table.tableId;
        this.version = version;
        this.schema = schema;
        this.rowsets = Map.copyOf(rowsets);
        this.placements = table.placements;
        this.directories = table.directories;
    }
}
