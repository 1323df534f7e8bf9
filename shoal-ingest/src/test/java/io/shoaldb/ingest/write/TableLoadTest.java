package io.shoaldb.ingest.write;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.common.io.LocalFiles;
import io.shoaldb.storage.StorageEngine;
import io.shoaldb.storage.StorageOptions;
import io.shoaldb.storage.TableSnapshot;
import io.shoaldb.storage.partition.DataPartitions;
import io.shoaldb.storage.rowset.RowsetMeta;
import io.shoaldb.storage.scan.TabletScan;
import io.shoaldb.storage.segment.SegmentColumn;
import io.shoaldb.storage.segment.ZoneMapPredicate;
import io.shoaldb.storage.tablet.BucketRouter;
import io.shoaldb.storage.tablet.KeysModel;
import io.shoaldb.storage.tablet.TabletPlacement;
import io.shoaldb.storage.tablet.TabletSchema;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BatchBuilder;
import io.shoaldb.vector.type.DataType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A load whose memtables fill on every append: each full memtable is flushed behind the appends (FlushQueue), the
 * flushes still queued when the load finishes run on every core, and the committed rowsets hold every row once,
 * in a segment per flushed memtable; on a UNIQUE table the later of two rows of a key wins, so each tablet's
 * segments kept the order of its appends.
 */
class TableLoadTest {
    private static final long TABLE = 42;
    private static final List<TabletPlacement> TABLETS = List.of(new TabletPlacement(501, 0, 0),
            new TabletPlacement(502, 1, 0), new TabletPlacement(503, 2, 0), new TabletPlacement(504, 3, 0));

    @TempDir
    Path dir;

    @Test
    void memtablesFlushedBehindTheAppendsKeepEveryRowAndTheLatestOfAKey() {
        LocalFiles files = new LocalFiles();
        TabletSchema schema = new TabletSchema(List.of(new SegmentColumn(1, DataType.BIGINT),
                new SegmentColumn(2, DataType.STRING)), 1, KeysModel.UNIQUE, null, -1);
        StorageEngine storage = new StorageEngine(files, DataPartitions.open(files, List.of(dir), 1, 8L << 30, 8),
                StorageOptions.DEFAULT.withMemtableBytes(1));
        storage.registerTable(TABLE, schema, TABLETS);
        WriteTarget target = new WriteTarget(1, TABLE, "t", schema, TABLETS, new BucketRouter(new int[] {0}, 4));
        TableLoad load = new TableLoad(storage, target);
        int appends = 0;
        for (String round : new String[] {"first", "second"}) {
            for (long from = 0; from < 2000; from += 100) {
                BatchBuilder b = new BatchBuilder(List.of(DataType.BIGINT, DataType.STRING));
                for (long k = from; k < from + 100; k++) {
                    b.appendRow(k, round);
                }
                load.append(b.build());
                appends++;
            }
        }
        Map<Long, RowsetMeta> rowsets = load.finish(7);
        assertThat(rowsets).hasSize(4);
        assertThat(rowsets.values().stream().mapToInt(r -> r.segmentFiles().size()).sum()).isGreaterThan(appends);
        Map<Long, List<RowsetMeta>> added = new java.util.HashMap<>();
        rowsets.forEach((tablet, r) -> added.put(tablet, List.of(r.atVersion(2))));
        storage.publish(TABLE, 2, added, Map.of());
        List<String> values = new ArrayList<>();
        List<Long> keys = new ArrayList<>();
        try (TableSnapshot s = storage.snapshot(TABLE)) {
            for (long tablet : s.tabletIds()) {
                try (TabletScan scan = TabletScan.open(s, tablet, new int[] {0, 1}, ZoneMapPredicate.ALWAYS)) {
                    for (Batch batch = scan.next(); batch != null; batch = scan.next()) {
                        for (int i = 0; i < batch.positionCount(); i++) {
                            keys.add((Long) batch.getObject(i, 0));
                            values.add((String) batch.getObject(i, 1));
                        }
                    }
                }
            }
        }
        assertThat(keys).hasSize(2000).doesNotHaveDuplicates();
        assertThat(values).containsOnly("second");
    }
}
