package io.shoaldb.storage;

import io.shoaldb.common.io.FilesFacade;
import io.shoaldb.objectstore.ObjectStore;
import io.shoaldb.storage.partition.DataPartition;
import io.shoaldb.storage.partition.DataPartitions;
import io.shoaldb.storage.spill.SpillSpace;
import io.shoaldb.storage.rowset.InlineRowsetsWriter;
import io.shoaldb.storage.rowset.RowsetMeta;
import io.shoaldb.storage.rowset.RowsetPublisher;
import io.shoaldb.storage.rowset.RowsetWriter;
import io.shoaldb.storage.rowset.SegmentObjects;
import io.shoaldb.storage.segment.encoding.Compression;
import io.shoaldb.storage.rowset.SegmentFiles;
import io.shoaldb.storage.segment.IoFailures;
import io.shoaldb.storage.segment.ScanCounters;
import io.shoaldb.storage.segment.SegmentCache;
import io.shoaldb.storage.tablet.TabletPlacement;
import io.shoaldb.storage.tablet.TabletSchema;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The node's tables as storage holds them: per table an immutable {@link SnapshotState} (version and
 * rowsets per tablet) swapped atomically by {@link #publish}, so readers never see half a commit.
 *
 * <p>Start-up order (driven by the transaction layer): {@link #registerTable} for every table, then
 * {@link #restore} with what the transaction log says is visible, then {@link #finishRecovery}, which
 * deletes segment files no visible rowset references (crashed, uncommitted loads and compactions).
 *
 * <p>Files of rowsets removed by a publish (compaction) or {@link #dropTable} are deleted only when the
 * last snapshot containing them is closed.
 *
 * <p>A table registered with a storage vault keeps its segments as objects of the vault's {@link ObjectStore}
 * instead of files (see {@link RowsetMeta#inVault()}); inline rowsets stay in the commit records as for any table,
 * and its tablet directories only stage segments while they are uploaded. One lock guards the table map and reference counts; it is
 * held for map updates only, never across I/O.
 */
public final class StorageEngine implements RowsetPublisher {
    private static final Logger LOG = LoggerFactory.getLogger(StorageEngine.class);

    private final FilesFacade files;
    private final DataPartitions partitions;
    private final StorageOptions options;
    private final Object lock = new Object();
    private final Map<Long, TableEntry> tables = new HashMap<>();
    private final RowsetRefs.InlineMemory inlineMemory = new RowsetRefs.InlineMemory();
    private final AtomicLong nextRowsetId;
    private final SegmentCache segmentCache;
    private final ScanCounters scanCounters = new ScanCounters();
    private final SpillSpace spillSpace;
    private final VaultObjectDeletes vaultDeletes = new VaultObjectDeletes();
    private final VaultIntents vaultIntents;
    /** Rowset ids from here on were allocated by this process; recovery never touches their files. */
    private final long firstIdOfThisRun;

    public StorageEngine(FilesFacade files, DataPartitions partitions, StorageOptions options) {
        this.files = files;
        this.partitions = partitions;
        this.options = options;
        this.segmentCache = new SegmentCache(options.pageCacheBytes());
        this.spillSpace = SpillSpace.open(files, partitions.partitions().stream().map(DataPartition::path).toList());
        this.vaultIntents = VaultIntents.open(files, partitions.get(0).path().resolve(VaultIntents.FILE_NAME),
                System::currentTimeMillis);
        // A vault rowset has no file; its intent names its id instead. The recycler deletes an orphan by its id's
        // prefix, so no new rowset may ever take the id of one.
        long maxOnDisk = vaultIntents.maxRowsetId();
        for (SegmentFile f : segmentFilesOnDisk()) {
            maxOnDisk = Math.max(maxOnDisk, f.rowsetId());
        }
        // Above every id on disk; the clock term keeps ids growing across restarts even when the newest
        // files were already compacted away (ids stay unique in logs, which helps debugging).
        long seed = Math.max(maxOnDisk + 1, System.currentTimeMillis() << 10);
        this.nextRowsetId = new AtomicLong(seed);
        this.firstIdOfThisRun = seed;
    }

    FilesFacade files() {
        return files;
    }

    StorageOptions options() {
        return options;
    }

    /** Footers and decoded pages kept across scans (hits and misses for the metrics endpoint). */
    public SegmentCache segmentCache() {
        return segmentCache;
    }

    /** Pages and segments scans read and skipped by their zone maps, since start. */
    public ScanCounters scanCounters() {
        return scanCounters;
    }

    /** Bytes of inline rowsets (small loads kept in memory until compaction writes them to files). */
    public long inlineRowsetBytes() {
        synchronized (lock) {
            return inlineMemory.bytes();
        }
    }

    /** Where queries spill: a directory on every storage path, emptied at start. */
    public SpillSpace spillSpace() {
        return spillSpace;
    }

    public DataPartitions partitions() {
        return partitions;
    }

    /** The node's log of storage-vault objects no committed state may name (what the vault recycler works from). */
    public VaultIntents vaultIntents() {
        return vaultIntents;
    }

    /** The store of a registered table in a storage vault; null for a local table or one not registered. */
    public ObjectStore vaultOf(long tableId) {
        synchronized (lock) {
            TableEntry t = tables.get(tableId);
            return t == null ? null : t.vault;
        }
    }

    /** Whether the table's current state holds rowset {@code rowsetId} (a last check before deleting its objects). */
    public boolean holdsRowset(long tableId, long rowsetId) {
        synchronized (lock) {
            TableEntry t = tables.get(tableId);
            return t != null && t.current.rowsets.values().stream()
                    .anyMatch(list -> list.stream().anyMatch(m -> m.rowsetId() == rowsetId));
        }
    }

    /** Makes a table known (at start, and at CREATE TABLE), creating its tablet directories durably. */
    public void registerTable(long tableId, TabletSchema schema, List<TabletPlacement> tablets) {
        registerTable(tableId, schema, tablets, null);
    }

    /** Like {@link #registerTable(long, TabletSchema, List)}, its segments objects of {@code vault} (null: files). */
    public void registerTable(long tableId, TabletSchema schema, List<TabletPlacement> tablets, ObjectStore vault) {
        Map<Long, TabletPlacement> placements = new LinkedHashMap<>();
        Map<Long, Path> dirs = new HashMap<>();
        for (TabletPlacement t : tablets) {
            if (t.partition() < 0 || t.partition() >= partitions.count()) {
                throw new IllegalArgumentException("tablet " + t.tabletId() + " placed on partition "
                        + t.partition() + " of " + partitions.count());
            }
            if (placements.put(t.tabletId(), t) != null) {
                throw new IllegalArgumentException("tablet " + t.tabletId() + " listed twice");
            }
            dirs.put(t.tabletId(), tabletDirectory(t.partition(), tableId, t.tabletId()));
        }
        for (Path dir : dirs.values()) {
            DataPartitions.createDurably(files, dir);
        }
        Map<Long, List<RowsetMeta>> empty = new HashMap<>();
        placements.keySet().forEach(id -> empty.put(id, List.of()));
        synchronized (lock) {
            if (tables.containsKey(tableId)) {
                throw new IllegalStateException("table " + tableId + " is already registered");
            }
            // Sorted by tablet id so status() lists tablets in a stable order.
            TableEntry table = new TableEntry(tableId, java.util.Collections.unmodifiableMap(new TreeMap<>(placements)),
                    Map.copyOf(dirs), vault, new RowsetRefs(tableId, inlineMemory, vault));
            table.current = new SnapshotState(table, 0, schema, empty);
            table.refs.installed(null, table.current);
            table.liveStates = 1;
            tables.put(tableId, table);
        }
    }

    /** A light schema change: later snapshots read older segments by column unique id, filling defaults. */
    public void updateSchema(long tableId, TabletSchema schema) {
        List<RowsetRefs.Doomed> doomed = new ArrayList<>();
        synchronized (lock) {
            TableEntry t = table(tableId);
            SnapshotState c = t.current;
            swap(t, new SnapshotState(t, c.version, schema, c.rowsets), doomed);
        }
        delete(doomed);
    }

    /** Installs the visible state the transaction log recovered; call after registerTable, before finishRecovery. */
    public void restore(long tableId, long visibleVersion, Map<Long, List<RowsetMeta>> rowsetsByTablet) {
        List<RowsetRefs.Doomed> doomed = new ArrayList<>();
        synchronized (lock) {
            TableEntry t = table(tableId);
            Map<Long, List<RowsetMeta>> rowsets = new HashMap<>();
            t.placements.keySet().forEach(id -> rowsets.put(id, List.of()));
            rowsetsByTablet.forEach((tablet, list) -> {
                checkTablet(t, tablet);
                rowsets.put(tablet, sorted(list));
                list.forEach(m -> bumpRowsetIds(m.rowsetId()));
            });
            SnapshotState c = t.current;
            swap(t, new SnapshotState(t, visibleVersion, c.schema, rowsets), doomed);
        }
        delete(doomed);
    }

    /**
     * Ends start-up: deletes every segment file that no visible rowset references and that this process
     * did not write, and logs each; decides the storage-vault uploads the previous run left open: committed (the
     * restored state holds the rowset) or orphans for the recycler. Returns the deleted files.
     */
    public List<Path> finishRecovery() {
        List<Path> removed = new ArrayList<>();
        Set<Long> visible = new HashSet<>();
        synchronized (lock) {
            for (TableEntry t : tables.values()) {
                t.current.rowsets.values().forEach(l -> l.forEach(m -> visible.add(m.rowsetId())));
                // A vault rowset's objects are not checked: a HEAD per rowset would make every start wait on the store.
                t.current.rowsets.forEach((tablet, list) -> list.stream().filter(m -> !m.inline() && !m.inVault())
                        .forEach(m -> m.segmentFiles().forEach(name -> {
                    Path file = t.directories.get(tablet).resolve(name);
                    if (!files.exists(file)) {
                        LOG.warn("visible rowset {} of tablet {} misses its segment file {}", m.rowsetId(), tablet, file);
                    }
                })));
            }
        }
        for (SegmentFile f : segmentFilesOnDisk()) {
            if (f.rowsetId() >= firstIdOfThisRun || visible.contains(f.rowsetId())) {
                continue;
            }
            try {
                files.deleteIfExists(f.path());
            } catch (IOException e) {
                throw IoFailures.of(e, f.path());
            }
            removed.add(f.path());
            LOG.info("recovery removed {}: rowset {} is not visible (an uncommitted load or compaction)",
                    f.path(), f.rowsetId());
        }
        int orphans = 0;
        for (VaultIntents.Intent open : vaultIntents.fromPreviousRun()) {
            if (visible.contains(open.rowsetId())) {
                vaultIntents.released(open.rowsetId());
            } else {
                // Its commit record never became durable: no state will ever name these objects.
                vaultIntents.orphaned(open.tableId(), open.tabletId(), open.rowsetId());
                orphans++;
            }
        }
        LOG.info("storage recovery finished: {} tables, {} orphan segment files removed, {} interrupted vault uploads"
                + " left to the recycler", tableCount(), removed.size(), orphans);
        return removed;
    }

    /** A writer for a new rowset of one tablet; its id is unique on this node and above every id on disk. */
    public RowsetWriter newRowsetWriter(long tableId, long tabletId) {
        return writer(tableId, tabletId, null, false);
    }

    /**
     * A writer of one small load's inline rowsets on the table, for the tablets it touches, all in one segment image
     * (see {@link #admitsInline}); their ids are unique on this node like any rowset's.
     */
    public InlineRowsetsWriter newInlineRowsetsWriter(long tableId) {
        TabletSchema schema;
        Map<Long, Path> directories;
        synchronized (lock) {
            TableEntry t = table(tableId);
            schema = t.current.schema;
            directories = t.directories;
        }
        // Inline segments are small and short-lived (compaction rewrites them compressed): compressing them
        // would only lengthen the commit.
        return new InlineRowsetsWriter(schema, options.batchRows(),
                options.segmentOptions().withCompression(Compression.NONE), directories, nextRowsetId::getAndIncrement);
    }

    /**
     * Full memtables one load may hold while they wait for or run their background flush
     * ({@link RowsetWriter#flushOn}): an eighth of the heap's worth, at least one, so that flushing behind a big
     * load's appends never adds more than that to the memtables the load is filling.
     */
    public int memtablesFlushedBehind() {
        return Math.clamp(Runtime.getRuntime().maxMemory() / 8 / options.memtableBytes(), 1, Integer.MAX_VALUE);
    }

    /**
     * Whether a load of about {@code estimatedBytes} should write inline rowsets: it is small, and the inline
     * rowsets not yet rewritten into files by compaction stay under their memory limit.
     */
    public boolean admitsInline(long estimatedBytes) {
        if (estimatedBytes > options.inlineLoadBytes()) {
            return false;
        }
        synchronized (lock) {
            return inlineMemory.bytes() + estimatedBytes <= options.inlineMemLimit();
        }
    }

    /**
     * A writer that takes batches already in key order with equal keys collapsed (compaction output), in
     * the layout of {@code schema}.
     */
    public RowsetWriter newPresortedRowsetWriter(long tableId, long tabletId, TabletSchema schema) {
        return writer(tableId, tabletId, schema, true);
    }

    private RowsetWriter writer(long tableId, long tabletId, TabletSchema schemaOrNull, boolean presorted) {
        Path dir;
        TabletSchema schema;
        ObjectStore vault;
        synchronized (lock) {
            TableEntry t = table(tableId);
            checkTablet(t, tabletId);
            dir = t.directories.get(tabletId);
            schema = schemaOrNull != null ? schemaOrNull : t.current.schema;
            vault = t.vault;
        }
        return new RowsetWriter(files, dir, tabletId, nextRowsetId.getAndIncrement(), schema,
                options.memtableBytes(), options.segmentTargetBytes(), options.segmentOptions(), options.batchRows(),
                presorted, vault == null ? null : new SegmentObjects(vault, vaultIntents, tableId, tabletId));
    }

    @Override
    public void publish(long tableId, long version, Map<Long, List<RowsetMeta>> added,
                        Map<Long, List<RowsetMeta>> removed) {
        List<RowsetRefs.Doomed> doomed = new ArrayList<>();
        synchronized (lock) {
            TableEntry t = tables.get(tableId);
            if (t == null) {
                LOG.info("publish of version {} for table {} ignored: the table is not registered (dropped)",
                        version, tableId);
                return;
            }
            SnapshotState c = t.current;
            Map<Long, List<RowsetMeta>> next = new HashMap<>(c.rowsets);
            removed.forEach((tablet, list) -> {
                checkTablet(t, tablet);
                Set<Long> ids = new HashSet<>();
                list.forEach(m -> ids.add(m.rowsetId()));
                List<RowsetMeta> kept = new ArrayList<>();
                for (RowsetMeta m : next.get(tablet)) {
                    if (!ids.remove(m.rowsetId())) {
                        kept.add(m);
                    }
                }
                if (!ids.isEmpty()) {
                    throw new IllegalStateException("table " + tableId + " tablet " + tablet
                            + ": cannot remove rowsets that are not visible: " + ids);
                }
                next.put(tablet, kept);
            });
            added.forEach((tablet, list) -> {
                checkTablet(t, tablet);
                next.put(tablet, withAdded(next.get(tablet), list));
            });
            SnapshotState state = new SnapshotState(t, Math.max(c.version, version), c.schema, next);
            t.refs.published(state, added, removed);
            install(t, state, doomed);
        }
        // Committed and now named by the table's state: its objects are the state's, no longer the writer's.
        for (List<RowsetMeta> list : added.values()) {
            for (RowsetMeta m : list) {
                if (m.inVault()) {
                    vaultIntents.released(m.rowsetId());
                }
            }
        }
        delete(doomed);
    }

    @Override
    public void dropTable(long tableId) {
        List<RowsetRefs.Doomed> doomed = new ArrayList<>();
        TableEntry t;
        boolean cleanNow;
        synchronized (lock) {
            t = tables.remove(tableId);
            if (t == null) {
                return;
            }
            t.dropped = true;
            t.refs.dropped(t.current);
            cleanNow = releaseLocked(t, t.current, doomed);
        }
        delete(doomed);
        if (cleanNow) {
            deleteEmptyDirectories(t);
        }
    }

    /** Acquires the table's current version; close it when done. */
    public TableSnapshot snapshot(long tableId) {
        synchronized (lock) {
            SnapshotState s = table(tableId).current;
            s.refs++;
            return new TableSnapshot(this, s);
        }
    }

    public Set<Long> tableIds() {
        synchronized (lock) {
            return new java.util.TreeSet<>(tables.keySet());
        }
    }

    /**
     * The most rowsets any tablet has now. Compaction keeps it near its trigger; a value that keeps growing means
     * compaction is behind the loads, and every commit and scan of that tablet pays for it.
     */
    public int mostRowsetsInATablet() {
        int most = 0;
        synchronized (lock) {
            for (TableEntry t : tables.values()) {
                for (List<RowsetMeta> rowsets : t.current.rowsets.values()) {
                    most = Math.max(most, rowsets.size());
                }
            }
        }
        return most;
    }

    public StorageStatus status() {
        List<StorageStatus.TableStatus> out = new ArrayList<>();
        synchronized (lock) {
            for (TableEntry t : new TreeMap<>(tables).values()) {
                SnapshotState s = t.current;
                List<StorageStatus.TabletStatus> tablets = new ArrayList<>();
                for (TabletPlacement p : t.placements.values()) {
                    List<RowsetMeta> list = s.rowsets.getOrDefault(p.tabletId(), List.of());
                    tablets.add(new StorageStatus.TabletStatus(p.tabletId(), p.bucket(), p.partition(),
                            t.directories.get(p.tabletId()), list.size(),
                            list.stream().mapToLong(RowsetMeta::rowCount).sum(),
                            list.stream().mapToLong(RowsetMeta::dataBytes).sum(), s.version));
                }
                out.add(new StorageStatus.TableStatus(t.tableId, s.version, tablets));
            }
        }
        return new StorageStatus(partitions.partitions(), out);
    }

    /** Called by {@link TableSnapshot#close()}. */
    void release(SnapshotState state) {
        List<RowsetRefs.Doomed> doomed = new ArrayList<>();
        boolean cleanDirectories;
        synchronized (lock) {
            cleanDirectories = releaseLocked(state.table, state, doomed);
        }
        delete(doomed);
        if (cleanDirectories) {
            deleteEmptyDirectories(state.table);
        }
    }

    /**
     * A tablet's rowsets with {@code added} (kept in version order). A load adds one rowset after every
     * visible version: it is appended without sorting or searching, so a commit costs the same however many
     * rowsets wait for compaction. Others (a compaction's output, a repeated publish) take the general path.
     */
    private static List<RowsetMeta> withAdded(List<RowsetMeta> current, List<RowsetMeta> added) {
        if (added.size() == 1 && (current.isEmpty()
                || added.getFirst().startVersion() > current.getLast().endVersion())) {
            List<RowsetMeta> out = new ArrayList<>(current.size() + 1);
            out.addAll(current);
            out.add(added.getFirst());
            return java.util.Collections.unmodifiableList(out);
        }
        List<RowsetMeta> merged = new ArrayList<>(current);
        Set<Long> present = new HashSet<>();
        merged.forEach(m -> present.add(m.rowsetId()));
        added.stream().filter(m -> present.add(m.rowsetId())).forEach(merged::add);
        return sorted(merged);
    }

    /** Installs a state whose rowset changes the table's {@link RowsetRefs} have not been told of. */
    private void swap(TableEntry t, SnapshotState next, List<RowsetRefs.Doomed> doomed) {
        t.refs.installed(t.current, next);
        install(t, next, doomed);
    }

    private void install(TableEntry t, SnapshotState next, List<RowsetRefs.Doomed> doomed) {
        SnapshotState previous = t.current;
        t.liveStates++;
        t.current = next;
        releaseLocked(t, previous, doomed);
    }

    /** Drops one reference; true when a dropped table's last state is gone (time to remove its directories). */
    private boolean releaseLocked(TableEntry t, SnapshotState state, List<RowsetRefs.Doomed> doomed) {
        if (--state.refs > 0) {
            return false;
        }
        t.refs.released(state, doomed);
        t.liveStates--;
        return t.dropped && t.liveStates == 0;
    }

    private TableEntry table(long tableId) {
        TableEntry t = tables.get(tableId);
        if (t == null) {
            throw new IllegalArgumentException("table " + tableId + " is not registered with storage");
        }
        return t;
    }

    private static void checkTablet(TableEntry t, long tabletId) {
        if (!t.placements.containsKey(tabletId)) {
            throw new IllegalArgumentException("tablet " + tabletId + " is not in table " + t.tableId);
        }
    }

    private int tableCount() {
        synchronized (lock) {
            return tables.size();
        }
    }

    private static List<RowsetMeta> sorted(List<RowsetMeta> list) {
        List<RowsetMeta> out = new ArrayList<>(list);
        out.sort(Comparator.comparingLong(RowsetMeta::startVersion).thenComparingLong(RowsetMeta::endVersion));
        return List.copyOf(out);
    }

    private void bumpRowsetIds(long usedId) {
        nextRowsetId.accumulateAndGet(usedId + 1, Math::max);
    }

    private Path tabletDirectory(int partition, long tableId, long tabletId) {
        return partitions.get(partition).directory().resolve(Long.toString(tableId)).resolve(Long.toString(tabletId));
    }

    /**
     * Deletes files of rowsets nobody can read any more. A failure is logged: recovery retries at next start. Objects
     * of a vault are deleted in the background: this runs on the thread that closed the last snapshot (a query's),
     * which must not wait on the store.
     */
    private void delete(List<RowsetRefs.Doomed> doomed) {
        for (RowsetRefs.Doomed d : doomed) {
            if (d.meta().inVault()) {
                vaultIntents.orphaned(d.tableId(), d.meta().tabletId(), d.meta().rowsetId());
                vaultDeletes.delete(d.vault(), d.meta().segmentFiles(), d.meta().rowsetId(), vaultIntents);
                continue;
            }
            for (String name : d.meta().inline() ? List.<String>of() : d.meta().segmentFiles()) {
                Path file = d.directory().resolve(name);
                try {
                    files.deleteIfExists(file);
                } catch (IOException e) {
                    LOG.warn("could not delete {} of removed rowset {}: {}", file, d.meta().rowsetId(), e.toString());
                }
            }
        }
    }

    /**
     * Removes a dropped table's tablet and table directories when empty and the id was not registered again
     * (a stray file, e.g. of a crashed writer, keeps its directory until the next start's recovery).
     */
    private void deleteEmptyDirectories(TableEntry t) {
        synchronized (lock) {
            if (tables.containsKey(t.tableId)) {
                return;
            }
        }
        for (Path dir : t.directories.values()) {
            deleteIfEmpty(dir);
            deleteIfEmpty(dir.getParent());
        }
    }

    private void deleteIfEmpty(Path dir) {
        try {
            if (files.exists(dir) && files.list(dir).isEmpty()) {
                files.deleteIfExists(dir);
            }
        } catch (IOException e) {
            LOG.warn("could not delete directory {}: {}", dir, e.toString());
        }
    }

    /** A segment file found on disk, with the table and tablet its directory names and the rowset its name does. */
    private record SegmentFile(Path path, long tableId, long tabletId, long rowsetId) {
    }

    /** A table or tablet directory's id (-1 for a stray name: such a directory holds no table's files). */
    private static long parseId(Path dir) {
        try {
            return Long.parseLong(dir.getFileName().toString());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** Every segment file under {@code <partition>/<tableId>/<tabletId>/}. */
    private List<SegmentFile> segmentFilesOnDisk() {
        List<SegmentFile> out = new ArrayList<>();
        for (DataPartition p : partitions.partitions()) {
            try {
                for (Path tableDir : files.list(p.directory())) {
                    for (Path tabletDir : files.list(tableDir)) {
                        for (Path file : files.list(tabletDir)) {
                            long id = SegmentFiles.rowsetIdOf(file.getFileName().toString());
                            if (id >= 0) {
                                out.add(new SegmentFile(file, parseId(tableDir), parseId(tabletDir), id));
                            }
                        }
                    }
                }
            } catch (IOException e) {
                throw IoFailures.of(e, p.directory());
            }
        }
        return out;
    }
}
