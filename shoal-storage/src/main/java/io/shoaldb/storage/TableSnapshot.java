package io.shoaldb.storage;

import io.shoaldb.common.io.FilesFacade;
import io.shoaldb.objectstore.ObjectStore;
import io.shoaldb.storage.rowset.RowsetMeta;
import io.shoaldb.storage.scan.ColumnBounds;
import io.shoaldb.storage.segment.ScanCounters;
import io.shoaldb.storage.segment.SegmentCache;
import io.shoaldb.storage.tablet.TabletPlacement;
import io.shoaldb.storage.tablet.TabletSchema;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A reader's view of one table version: its schema and, per tablet, the visible rowsets in version
 * order. Files of these rowsets are not deleted (by compaction or DROP) until every handle on the version
 * is closed, so a scan started before a publish reads the old version to its end. Close exactly once;
 * a second close is ignored.
 */
public final class TableSnapshot implements AutoCloseable {
    private final StorageEngine engine;
    private final SnapshotState state;
    private final AtomicBoolean closed = new AtomicBoolean();

    TableSnapshot(StorageEngine engine, SnapshotState state) {
        this.engine = engine;
        this.state = state;
    }

    public long tableId() {
        return state.tableId;
    }

    public long version() {
        return state.version;
    }

    /** The column's bounds in this version ({@link ColumnBounds#of}), computed once per version. */
    public Optional<ColumnBounds.Bounds> columnBounds(int uniqueId) {
        Optional<ColumnBounds.Bounds> known = state.columnBounds.get(uniqueId);
        if (known != null) {
            return known;
        }
        Optional<ColumnBounds.Bounds> bounds = ColumnBounds.of(this, uniqueId);
        Optional<ColumnBounds.Bounds> raced = state.columnBounds.putIfAbsent(uniqueId, bounds);
        return raced == null ? bounds : raced;
    }

    public TabletSchema schema() {
        return state.schema;
    }

    public Set<Long> tabletIds() {
        return new TreeSet<>(state.placements.keySet());
    }

    /** Visible rowsets of a tablet, ordered by version (oldest first). */
    public List<RowsetMeta> rowsets(long tabletId) {
        checkTablet(tabletId);
        return state.rowsets.getOrDefault(tabletId, List.of());
    }

    public TabletPlacement placement(long tabletId) {
        checkTablet(tabletId);
        return state.placements.get(tabletId);
    }

    /** The directory segment file names of this tablet are relative to. */
    public Path tabletDirectory(long tabletId) {
        checkTablet(tabletId);
        return state.directories.get(tabletId);
    }

    /** The facade this table's files are read through. */
    public FilesFacade files() {
        return engine.files();
    }

    /** The storage vault whose objects this table's segments are ({@link RowsetMeta#inVault()}), or null. */
    public ObjectStore vault() {
        return state.table.vault;
    }

    /** Where scans of this table keep footers and decoded pages across queries. */
    public SegmentCache segmentCache() {
        return engine.segmentCache();
    }

    /** Where scans of this table count the pages they read and skip. */
    public ScanCounters scanCounters() {
        return engine.scanCounters();
    }

    /** Rows per batch that merging scans produce. */
    public int batchRows() {
        return engine.options().batchRows();
    }

    private void checkTablet(long tabletId) {
        if (!state.placements.containsKey(tabletId)) {
            throw new IllegalArgumentException("tablet " + tabletId + " is not in table " + state.tableId);
        }
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            engine.release(state);
        }
    }
}
