package io.shoaldb.txn.log;

import io.shoaldb.storage.rowset.RowsetMeta;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One table's durable state: its committed version and the rowsets visible at it, per tablet, ordered by
 * start version. Immutable; every change builds a new one, so readers never see half a change.
 */
public record TableState(long tableId, long version, Map<Long, List<RowsetMeta>> rowsets) {
    private static final Comparator<RowsetMeta> BY_VERSION = Comparator.comparingLong(RowsetMeta::startVersion)
            .thenComparingLong(RowsetMeta::rowsetId);

    public TableState {
        Map<Long, List<RowsetMeta>> copy = new LinkedHashMap<>();
        rowsets.forEach((tablet, list) -> copy.put(tablet, List.copyOf(list)));
        rowsets = Map.copyOf(copy);
    }

    static TableState empty(long tableId) {
        return new TableState(tableId, 0, Map.of());
    }

    TableState plusCommit(long newVersion, Map<Long, RowsetMeta> added) {
        if (newVersion != version + 1) {
            throw new IllegalStateException("table " + tableId + " is at version " + version
                    + ", a commit cannot give it version " + newVersion);
        }
        Map<Long, List<RowsetMeta>> next = new LinkedHashMap<>(rowsets);
        added.forEach((tablet, rowset) -> {
            List<RowsetMeta> list = new ArrayList<>(next.getOrDefault(tablet, List.of()));
            list.add(rowset);
            next.put(tablet, list);
        });
        return new TableState(tableId, newVersion, next);
    }

    TableState truncatedAt(long newVersion) {
        if (newVersion <= version) {
            throw new IllegalStateException("table " + tableId + " is at version " + version
                    + ", a truncate cannot move it to " + newVersion);
        }
        return new TableState(tableId, newVersion, Map.of());
    }

    /** The input rowsets of a compaction that are still visible, in the order asked. */
    public List<RowsetMeta> visibleInputs(long tabletId, List<Long> rowsetIds) {
        Map<Long, RowsetMeta> byId = new LinkedHashMap<>();
        for (RowsetMeta r : rowsets.getOrDefault(tabletId, List.of())) {
            byId.put(r.rowsetId(), r);
        }
        List<RowsetMeta> found = new ArrayList<>();
        for (long id : rowsetIds) {
            RowsetMeta r = byId.get(id);
            if (r != null) {
                found.add(r);
            }
        }
        return found;
    }

    TableState compacted(long tabletId, List<Long> inputRowsetIds, RowsetMeta output) {
        Set<Long> inputs = new HashSet<>(inputRowsetIds);
        List<RowsetMeta> current = rowsets.getOrDefault(tabletId, List.of());
        List<RowsetMeta> kept = new ArrayList<>();
        for (RowsetMeta r : current) {
            if (!inputs.contains(r.rowsetId())) {
                kept.add(r);
            }
        }
        if (current.size() - kept.size() != inputs.size()) {
            throw new IllegalStateException("compaction of tablet " + tabletId + " names rowsets " + inputRowsetIds
                    + " that are not all visible in table " + tableId);
        }
        kept.add(output);
        kept.sort(BY_VERSION);
        Map<Long, List<RowsetMeta>> next = new LinkedHashMap<>(rowsets);
        next.put(tabletId, kept);
        return new TableState(tableId, version, next);
    }
}
