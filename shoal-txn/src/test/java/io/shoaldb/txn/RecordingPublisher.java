package io.shoaldb.txn;

import io.shoaldb.storage.rowset.RowsetMeta;
import io.shoaldb.storage.rowset.RowsetPublisher;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Test double for the storage boundary: records every publish and drop in call order. */
final class RecordingPublisher implements RowsetPublisher {
    record Publish(long tableId, long version, Map<Long, List<RowsetMeta>> added, Map<Long, List<RowsetMeta>> removed) {
    }

    final List<Publish> publishes = new ArrayList<>();
    final List<Long> drops = new ArrayList<>();

    @Override
    public synchronized void publish(long tableId, long version, Map<Long, List<RowsetMeta>> added,
            Map<Long, List<RowsetMeta>> removed) {
        publishes.add(new Publish(tableId, version, added, removed));
    }

    @Override
    public synchronized void dropTable(long tableId) {
        drops.add(tableId);
    }

    synchronized List<Long> versionsOf(long tableId) {
        return publishes.stream().filter(p -> p.tableId() == tableId).map(Publish::version).toList();
    }
}
