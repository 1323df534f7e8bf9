package io.shoaldb.storage;

import io.shoaldb.objectstore.ObjectStore;
import io.shoaldb.storage.tablet.TabletPlacement;
import java.nio.file.Path;
import java.util.Map;

/**
 * The engine's record of one registered table: tablet placements and directories, the storage vault its
 * segments are objects of (null: local files), its current state, and how many of its states are still alive (current or held by open snapshots). Guarded by the
 * engine's lock.
 */
final class TableEntry {
    final long tableId;
    final Map<Long, TabletPlacement> placements;
    final Map<Long, Path> directories;
    final ObjectStore vault;
    final RowsetRefs refs;
    SnapshotState current;
    long nextStateSeq;
    int liveStates;
    boolean dropped;

    TableEntry(long tableId, Map<Long, TabletPlacement> placements, Map<Long, Path> directories, ObjectStore vault,
               RowsetRefs refs) {
        this.tableId = tableId;
        this.vault = vault;
        this.refs = refs;
        this.placements = placements;
        this.directories = directories;
    }
}
