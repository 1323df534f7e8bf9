package io.shoaldb.storage;

import io.shoaldb.storage.rowset.RowsetMeta;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Counts, per rowset, the table states that contain it, and remembers which rowsets were removed
 * (compacted away or dropped). A removed rowset's files may go once no state holds it. Guarded by the
 * engine's lock; deleting is left to the caller, outside the lock.
 */
final class RowsetRefs {
    record Doomed(RowsetMeta meta, Path directory) {
    }

    private static final class Entry {
        final RowsetMeta meta;
        final Path directory;
        int refs;
        boolean removed;

        Entry(RowsetMeta meta, Path directory) {
            this.meta = meta;
            this.directory = directory;
        }
    }

    private final Map<Long, Entry> entries = new HashMap<>();
    private long inlineBytes;

    void retain(SnapshotState state) {
        state.rowsets.forEach((tablet, list) -> {
            for (RowsetMeta m : list) {
                entries.computeIfAbsent(m.rowsetId(), id -> {
                    if (m.inline()) {
                        inlineBytes += m.dataBytes();
                    }
                    return new Entry(m, state.directories.get(tablet));
                }).refs++;
            }
        });
    }

    /** Bytes of the inline rowsets some state still holds (they live in memory until then). */
    long inlineBytes() {
        return inlineBytes;
    }

    /** Drops one state's references; returns the removed rowsets nobody holds any more. */
    void release(SnapshotState state, List<Doomed> doomed) {
        for (List<RowsetMeta> list : state.rowsets.values()) {
            for (RowsetMeta m : list) {
                Entry e = entries.get(m.rowsetId());
                if (e != null && --e.refs == 0) {
                    entries.remove(m.rowsetId());
                    if (e.meta.inline()) {
                        inlineBytes -= e.meta.dataBytes();
                    }
                    if (e.removed) {
                        doomed.add(new Doomed(e.meta, e.directory));
                    }
                }
            }
        }
    }

    void markRemoved(long rowsetId) {
        Entry e = entries.get(rowsetId);
        if (e != null) {
            e.removed = true;
        }
    }

    boolean isReferenced(long rowsetId) {
        return entries.containsKey(rowsetId);
    }
}
