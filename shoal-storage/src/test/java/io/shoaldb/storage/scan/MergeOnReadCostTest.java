package io.shoaldb.storage.scan;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.common.io.LocalFiles;
import io.shoaldb.storage.StorageEngine;
import io.shoaldb.storage.StorageOptions;
import io.shoaldb.storage.TableSnapshot;
import io.shoaldb.storage.compaction.CompactionScheduler;
import io.shoaldb.storage.partition.DataPartitions;
import io.shoaldb.storage.rowset.RowsetMeta;
import io.shoaldb.storage.rowset.RowsetWriter;
import io.shoaldb.storage.segment.SegmentColumn;
import io.shoaldb.storage.segment.ZoneMapPredicate;
import io.shoaldb.storage.tablet.KeysModel;
import io.shoaldb.storage.tablet.TabletPlacement;
import io.shoaldb.storage.tablet.TabletSchema;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.DoubleVectorBuilder;
import io.shoaldb.vector.LongVectorBuilder;
import io.shoaldb.vector.VectorBuilder;
import io.shoaldb.vector.type.DataType;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The measurement behind docs/storage-engine.md: 1M rows in 50 rowsets of one tablet, every rowset
 * spanning the whole key range (the worst case for a k-way merge), scanned as DUPLICATE (concatenation)
 * and as UNIQUE (merge-on-read), then UNIQUE again after compaction. Prints the timings; asserts only
 * the results.
 */
class MergeOnReadCostTest {
    private static final int ROWSETS = 50;
    private static final int ROWS_PER_ROWSET = 20_000;

    @TempDir
    Path dir;

    @Test
    void measureUniqueMergeAgainstDuplicateScan() {
        LocalFiles files = new LocalFiles();
        DataPartitions partitions = DataPartitions.open(files, List.of(dir), 1, 1L << 30, 1);
        StorageOptions options = StorageOptions.DEFAULT.withCompaction(1, ROWSETS, 0);
        StorageEngine engine = new StorageEngine(files, partitions, options);
        List<SegmentColumn> cols = List.of(new SegmentColumn(1, DataType.BIGINT), new SegmentColumn(2, DataType.BIGINT),
                new SegmentColumn(3, DataType.DOUBLE));
        engine.registerTable(1, new TabletSchema(cols, 1, KeysModel.DUPLICATE, null, -1),
                List.of(new TabletPlacement(11, 0, 0)));
        engine.registerTable(2, new TabletSchema(cols, 1, KeysModel.UNIQUE, null, -1),
                List.of(new TabletPlacement(21, 0, 0)));
        for (int r = 0; r < ROWSETS; r++) {
            Batch b = rowset(r);
            load(engine, 1, 11, r + 2, b);
            load(engine, 2, 21, r + 2, b);
        }
        long dup = bestOf(engine, 1, 11);
        long uniq = bestOf(engine, 2, 21);
        try (CompactionScheduler compaction = new CompactionScheduler(engine,
                (tableId, tabletId, inputs, output) -> engine.publish(tableId, 0, Map.of(tabletId, List.of(output)),
                        Map.of(tabletId, inputs)), options)) {
            compaction.compactNow(2);
        }
        long compacted = bestOf(engine, 2, 21);
        System.out.printf("merge-on-read cost, 1M rows in %d rowsets, 3 BIGINT/DOUBLE columns: DUPLICATE scan %d ms,"
                + " UNIQUE merge scan %d ms (%.1fx), UNIQUE after compaction to 1 rowset %d ms%n",
                ROWSETS, dup, uniq, (double) uniq / dup, compacted);
    }

    private static Batch rowset(int r) {
        VectorBuilder k = VectorBuilder.create(DataType.BIGINT, ROWS_PER_ROWSET);
        VectorBuilder v = VectorBuilder.create(DataType.BIGINT, ROWS_PER_ROWSET);
        VectorBuilder d = VectorBuilder.create(DataType.DOUBLE, ROWS_PER_ROWSET);
        for (int i = 0; i < ROWS_PER_ROWSET; i++) {
            ((LongVectorBuilder) k).appendLong((long) i * ROWSETS + r);
            ((LongVectorBuilder) v).appendLong(r);
            ((DoubleVectorBuilder) d).appendDouble(i * 0.25);
        }
        return new Batch(ROWS_PER_ROWSET, k.build(), v.build(), d.build());
    }

    private static void load(StorageEngine engine, long table, long tablet, long version, Batch b) {
        RowsetWriter w = engine.newRowsetWriter(table, tablet);
        w.append(b);
        RowsetMeta m = w.finish(version).atVersion(version);
        engine.publish(table, version, Map.of(tablet, List.of(m)), Map.of());
    }

    private static long bestOf(StorageEngine engine, long table, long tablet) {
        long best = Long.MAX_VALUE;
        for (int round = 0; round < 3; round++) {
            long start = System.nanoTime();
            long rows = 0;
            try (TableSnapshot s = engine.snapshot(table);
                 TabletScan scan = TabletScan.open(s, tablet, new int[] {0, 1, 2}, ZoneMapPredicate.ALWAYS)) {
                for (Batch b = scan.next(); b != null; b = scan.next()) {
                    rows += b.positionCount();
                }
            }
            best = Math.min(best, (System.nanoTime() - start) / 1_000_000);
            assertThat(rows).isEqualTo((long) ROWSETS * ROWS_PER_ROWSET);
        }
        return best;
    }
}
