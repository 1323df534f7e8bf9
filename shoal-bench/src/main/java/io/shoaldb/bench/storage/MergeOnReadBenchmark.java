package io.shoaldb.bench.storage;

import io.shoaldb.bench.TempDirs;
import io.shoaldb.common.io.LocalFiles;
import io.shoaldb.storage.StorageEngine;
import io.shoaldb.storage.StorageOptions;
import io.shoaldb.storage.TableSnapshot;
import io.shoaldb.storage.compaction.CompactionScheduler;
import io.shoaldb.storage.partition.DataPartitions;
import io.shoaldb.storage.rowset.RowsetMeta;
import io.shoaldb.storage.rowset.RowsetWriter;
import io.shoaldb.storage.scan.TabletScan;
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
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The cost of merge-on-read (docs/storage-engine.md): 1M rows (k BIGINT, v BIGINT, d DOUBLE) in 50 rowsets of
 * one tablet, every rowset spanning the whole key range (the worst case for the k-way merge). A full scan of
 * all three columns as DUPLICATE (concatenation), as UNIQUE (merge-on-read over the 50 rowsets) and as UNIQUE
 * after compaction to one rowset. Score: milliseconds per full scan. Moved from shoal-storage's former
 * MergeOnReadCostTest.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "--enable-native-access=ALL-UNNAMED",
    "--sun-misc-unsafe-memory-access=allow"})
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 5)
public class MergeOnReadBenchmark {
    static final int ROWSETS = 50;
    static final int ROWS_PER_ROWSET = 20_000;
    private static final long DUPLICATE = 1;
    private static final long UNIQUE = 2;
    private static final long COMPACTED = 3;
    private static final int[] PROJECTION = {0, 1, 2};

    private Path dir;
    private StorageEngine engine;

    @Setup
    public void setUp() {
        dir = TempDirs.create("merge-on-read");
        LocalFiles files = new LocalFiles();
        DataPartitions partitions = DataPartitions.open(files, List.of(dir), 1, 1L << 30, 1);
        StorageOptions options = StorageOptions.DEFAULT.withCompaction(1, ROWSETS, 0);
        engine = new StorageEngine(files, partitions, options);
        List<SegmentColumn> cols = List.of(new SegmentColumn(1, DataType.BIGINT), new SegmentColumn(2, DataType.BIGINT),
                new SegmentColumn(3, DataType.DOUBLE));
        engine.registerTable(DUPLICATE, new TabletSchema(cols, 1, KeysModel.DUPLICATE, null, -1),
                List.of(new TabletPlacement(tablet(DUPLICATE), 0, 0)));
        engine.registerTable(UNIQUE, new TabletSchema(cols, 1, KeysModel.UNIQUE, null, -1),
                List.of(new TabletPlacement(tablet(UNIQUE), 0, 0)));
        engine.registerTable(COMPACTED, new TabletSchema(cols, 1, KeysModel.UNIQUE, null, -1),
                List.of(new TabletPlacement(tablet(COMPACTED), 0, 0)));
        for (int r = 0; r < ROWSETS; r++) {
            Batch b = rowset(r);
            for (long table : new long[] {DUPLICATE, UNIQUE, COMPACTED}) {
                load(engine, table, tablet(table), r + 2, b);
            }
        }
        try (CompactionScheduler compaction = new CompactionScheduler(engine,
                (tableId, tabletId, inputs, output) -> engine.publish(tableId, 0, Map.of(tabletId, List.of(output)),
                        Map.of(tabletId, inputs)), options)) {
            compaction.compactNow(COMPACTED);
        }
        try (TableSnapshot s = engine.snapshot(COMPACTED)) {
            int rowsets = s.rowsets(tablet(COMPACTED)).size();
            if (rowsets != 1) {
                throw new IllegalStateException("compaction left " + rowsets + " rowsets");
            }
        }
        for (long table : new long[] {DUPLICATE, UNIQUE, COMPACTED}) {
            long rows = scan(table);
            if (rows != (long) ROWSETS * ROWS_PER_ROWSET) {
                throw new IllegalStateException("table " + table + " scanned " + rows + " rows");
            }
        }
    }

    @TearDown
    public void tearDown() {
        TempDirs.delete(dir);
    }

    @Benchmark
    public long duplicateScan() {
        return scan(DUPLICATE);
    }

    @Benchmark
    public long uniqueMergeOnReadScan() {
        return scan(UNIQUE);
    }

    @Benchmark
    public long uniqueAfterCompactionScan() {
        return scan(COMPACTED);
    }

    private long scan(long table) {
        long rows = 0;
        try (TableSnapshot s = engine.snapshot(table);
             TabletScan scan = TabletScan.open(s, tablet(table), PROJECTION, ZoneMapPredicate.ALWAYS)) {
            for (Batch b = scan.next(); b != null; b = scan.next()) {
                rows += b.positionCount();
            }
        }
        return rows;
    }

    private static long tablet(long table) {
        return table * 10 + 1;
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
}
