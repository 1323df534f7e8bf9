package io.shoaldb.storage;

import io.shoaldb.objectstore.ObjectStore;
import io.shoaldb.storage.rowset.InlineSegment;
import io.shoaldb.storage.rowset.RowsetMeta;
import io.shoaldb.storage.segment.SegmentImage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * When one table's removed rowsets (compacted away, truncated, dropped) may lose their files: once no live
 * state of the table contains them. States are numbered in the order they are installed, and a rowset is in
 * exactly the states from the one that added it up to (not including) the one that removed it, so a removed
 * rowset is free when no live state's number falls in that range.
 *
 * <p>Work per install is proportional to what the new state changed, not to all rowsets of the table:
 * counting references per rowset and state made every commit walk every rowset, which under thousands of
 * small commits a second (and a compaction backlog) became most of the commit's time. Guarded by the engine's
 * lock; deleting is left to the caller, outside the lock.
 */
final class RowsetRefs {
    /** A rowset of table {@code tableId} no state holds any more: files in {@code directory}, or objects in {@code vault}. */
    record Doomed(long tableId, RowsetMeta meta, Path directory, ObjectStore vault) {
    }

    private record Removal(RowsetMeta meta, Path directory, long addedIn, long removedIn) {
    }

    /** A rowset of the current state as it was added: what it holds is released with that instance. */
    private record Added(RowsetMeta meta, long seq) {
    }

    /**
     * Inline rowsets' images held by live states, over all tables: what {@link StorageEngine#admitsInline} limits.
     * The rowsets of one load share one image, which stays in memory until the last of them goes, so an image counts
     * whole, once, from its first rowset's arrival to its last one's release.
     */
    static final class InlineMemory {
        private final Map<SegmentImage, Integer> holders = new IdentityHashMap<>();
        private long bytes;

        long bytes() {
            return bytes;
        }

        void hold(RowsetMeta m) {
            for (InlineSegment s : m.inlineSegments()) {
                if (holders.merge(s.image(), 1, Integer::sum) == 1) {
                    bytes += s.image().size();
                }
            }
        }

        void release(RowsetMeta m) {
            for (InlineSegment s : m.inlineSegments()) {
                if (holders.merge(s.image(), -1, Integer::sum) == 0) {
                    holders.remove(s.image());
                    bytes -= s.image().size();
                }
            }
        }
    }

    private final InlineMemory inline;
    private final long tableId;
    private final ObjectStore vault;
    /** Each rowset of the current state, by id, with the state that added it. */
    private final Map<Long, Added> addedIn = new HashMap<>();
    private final TreeSet<Long> liveStates = new TreeSet<>();
    private final List<Removal> removals = new ArrayList<>();

    RowsetRefs(long tableId, InlineMemory inline, ObjectStore vault) {
        this.tableId = tableId;
        this.inline = inline;
        this.vault = vault;
    }

    /** {@code next} becomes the table's current state after {@code previous} (null for the first one). */
    void installed(SnapshotState previous, SnapshotState next) {
        liveStates.add(next.seq);
        next.rowsets.forEach((tablet, list) -> {
            List<RowsetMeta> before = previous == null ? List.of() : previous.rowsets.getOrDefault(tablet, List.of());
            if (before != list) { // untouched tablets share their list with the previous state
                diff(before, list, next, next.directories.get(tablet));
            }
        });
    }

    /** {@code next} is current, made from the previous state by a publish of exactly these changes. */
    void published(SnapshotState next, Map<Long, List<RowsetMeta>> added, Map<Long, List<RowsetMeta>> removed) {
        liveStates.add(next.seq);
        removed.forEach((tablet, list) -> list.forEach(m -> removed(m, next.directories.get(tablet), next.seq)));
        added.forEach((tablet, list) -> list.forEach(m -> added(m, next.seq)));
    }

    private void diff(List<RowsetMeta> before, List<RowsetMeta> after, SnapshotState next, Path directory) {
        Map<Long, RowsetMeta> gone = new HashMap<>();
        before.forEach(m -> gone.put(m.rowsetId(), m));
        for (RowsetMeta m : after) {
            if (gone.remove(m.rowsetId()) == null) {
                added(m, next.seq);
            }
        }
        gone.values().forEach(m -> removed(m, directory, next.seq));
    }

    /** The table is dropped: every rowset of its current state goes once the states holding it are released. */
    void dropped(SnapshotState current) {
        current.rowsets.forEach((tablet, list) -> list.forEach(m -> removed(m, current.directories.get(tablet),
                current.seq + 1)));
    }

    /** A rowset that is new in state {@code seq} (a repeated publish of one already there changes nothing). */
    private void added(RowsetMeta m, long seq) {
        if (addedIn.putIfAbsent(m.rowsetId(), new Added(m, seq)) == null) {
            inline.hold(m);
        }
    }

    private void removed(RowsetMeta m, Path directory, long removedIn) {
        Added added = addedIn.remove(m.rowsetId());
        if (added != null) {
            removals.add(new Removal(added.meta(), directory, added.seq(), removedIn));
        }
    }

    /** A state is no longer alive; returns (into {@code doomed}) the removed rowsets no live state holds. */
    void released(SnapshotState state, List<Doomed> doomed) {
        liveStates.remove(state.seq);
        for (Iterator<Removal> it = removals.iterator(); it.hasNext(); ) {
            Removal r = it.next();
            Long holder = liveStates.ceiling(r.addedIn());
            if (holder == null || holder >= r.removedIn()) {
                it.remove();
                inline.release(r.meta());
                doomed.add(new Doomed(tableId, r.meta(), r.directory(), vault));
            }
        }
    }
}
