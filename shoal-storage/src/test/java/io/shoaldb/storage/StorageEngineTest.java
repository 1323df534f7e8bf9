package io.shoaldb.storage;

import static io.shoaldb.storage.TestTables.TABLE;
import static io.shoaldb.storage.TestTables.row;
import static io.shoaldb.storage.TestTables.scan;
import static io.shoaldb.storage.TestTables.sorted;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import io.shoaldb.common.io.LocalFiles;
import io.shoaldb.storage.partition.DataPartitions;
import io.shoaldb.storage.rowset.RowsetMeta;
import io.shoaldb.storage.rowset.RowsetWriter;
import io.shoaldb.storage.segment.SegmentColumn;
import io.shoaldb.storage.segment.ZoneMapPredicate;
import io.shoaldb.storage.tablet.AggregateFunction;
import io.shoaldb.storage.tablet.KeysModel;
import io.shoaldb.storage.tablet.TabletSchema;
import io.shoaldb.vector.type.DataType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StorageEngineTest {
    @TempDir
    Path dir;

    private StorageEngine engine(KeysModel model, StorageOptions options) {
        return engine(new LocalFiles(), TestTables.schema(model), options);
    }

    private StorageEngine engine(io.shoaldb.common.io.FilesFacade files, TabletSchema schema, StorageOptions options) {
        DataPartitions partitions = TestTables.partitions(files, dir);
        StorageEngine e = new StorageEngine(files, partitions, options);
        e.registerTable(TABLE, schema, TestTables.tablets(2, partitions.count()));
        return e;
    }

    @Test
    void duplicateKeepsEveryRow() {
        StorageEngine e = engine(KeysModel.DUPLICATE, StorageOptions.DEFAULT);
        TestTables.load(e, 100, 2, row(1L, 10L, "a"), row(1L, 10L, "a"), row(2L, 20L, null));
        TestTables.load(e, 100, 3, row(1L, 11L, "b"));
        assertThat(sorted(scan(e, 100))).containsExactly(List.of(1L, 10L, "a"), List.of(1L, 10L, "a"),
                List.of(1L, 11L, "b"), Arrays.asList(2L, 20L, null));
        assertThat(scan(e, 101)).isEmpty();
        assertThat(scan(e, 100, 2, 0)).hasSize(4).allSatisfy(r -> assertThat(r).hasSize(2));
    }

    @Test
    void uniqueKeepsTheNewestRowPerKeyWithinAndAcrossRowsets() {
        // a tiny memtable makes every append its own segment, so equal keys also meet across segments
        StorageEngine e = engine(KeysModel.UNIQUE, StorageOptions.DEFAULT.withMemtableBytes(1));
        RowsetWriter w = e.newRowsetWriter(TABLE, 100);
        w.append(TestTables.batch(TestTables.schema(KeysModel.UNIQUE), row(1L, 1L, "first"), row(2L, 2L, "x"),
                row(1L, 3L, "second")));
        w.append(TestTables.batch(TestTables.schema(KeysModel.UNIQUE), row(2L, 4L, "y")));
        RowsetMeta m = w.finish(7).atVersion(2);
        assertThat(m.segmentFiles()).hasSize(2);
        e.publish(TABLE, 2, Map.of(100L, List.of(m)), Map.of());
        assertThat(scan(e, 100)).containsExactly(List.of(1L, 3L, "second"), List.of(2L, 4L, "y"));

        TestTables.load(e, 100, 3, row(1L, 5L, "third"), row(3L, 6L, "new"));
        assertThat(scan(e, 100)).containsExactly(List.of(1L, 5L, "third"), List.of(2L, 4L, "y"),
                List.of(3L, 6L, "new"));
        // projection without the key still merges by key
        assertThat(scan(e, 100, 2)).containsExactly(List.of("third"), List.of("y"), List.of("new"));
    }

    /**
     * The worst case for the k-way merge (kept from the former MergeOnReadCostTest, now a benchmark in
     * shoal-bench): 50 rowsets each spanning the whole key range, every key distinct, scanned in key order.
     */
    @Test
    void uniqueMergeOverManyRowsetsInterleavingTheKeyRangeKeepsEveryKeyOnceInOrder() {
        StorageEngine e = engine(KeysModel.UNIQUE, StorageOptions.DEFAULT);
        int rowsets = 50;
        int perRowset = 40;
        for (int r = 0; r < rowsets; r++) {
            Object[][] rows = new Object[perRowset][];
            for (int i = 0; i < perRowset; i++) {
                rows[i] = row((long) i * rowsets + r, (long) r, "r" + r);
            }
            TestTables.load(e, 100, r + 2, rows);
        }
        List<List<Object>> scanned = scan(e, 100, 0, 1);
        assertThat(scanned).hasSize(rowsets * perRowset);
        for (int k = 0; k < scanned.size(); k++) {
            assertThat(scanned.get(k)).containsExactly((long) k, (long) (k % rowsets));
        }
    }

    @Test
    void uniqueWithASequenceColumnKeepsTheHighestSequenceEvenWhenCommittedOutOfOrder() {
        TabletSchema schema = new TabletSchema(List.of(new SegmentColumn(1, DataType.BIGINT),
                new SegmentColumn(2, DataType.STRING), new SegmentColumn(3, DataType.BIGINT)), 1, KeysModel.UNIQUE,
                null, 2);
        StorageEngine e = engine(new LocalFiles(), schema, StorageOptions.DEFAULT);
        TestTables.load(e, 100, 2, row(1L, "late-but-newest", 30L), row(2L, "v2", 5L));
        TestTables.load(e, 100, 3, row(1L, "old", 10L), row(2L, "tie-newer-version", 5L), row(1L, "older", 9L));
        TestTables.load(e, 100, 4, row(3L, "a", 7L), row(3L, "b", 7L), row(3L, "c", 6L));
        assertThat(scan(e, 100)).containsExactly(List.of(1L, "late-but-newest", 30L),
                List.of(2L, "tie-newer-version", 5L), List.of(3L, "b", 7L));
        assertThat(scan(e, 100, 1)).containsExactly(List.of("late-but-newest"), List.of("tie-newer-version"),
                List.of("b"));
    }

    @Test
    void aggregateCombinesValuesWithTheirFunctions() {
        TabletSchema schema = new TabletSchema(List.of(new SegmentColumn(1, DataType.INT),
                new SegmentColumn(2, DataType.BIGINT), new SegmentColumn(3, DataType.DOUBLE),
                new SegmentColumn(4, DataType.BIGINT), new SegmentColumn(5, DataType.STRING),
                new SegmentColumn(6, DataType.STRING), new SegmentColumn(7, DataType.decimal(30, 2))), 1,
                KeysModel.AGGREGATE, Arrays.asList(null, AggregateFunction.SUM, AggregateFunction.MIN,
                        AggregateFunction.MAX, AggregateFunction.REPLACE, AggregateFunction.REPLACE_IF_NOT_NULL,
                        AggregateFunction.SUM), -1);
        StorageEngine e = engine(new LocalFiles(), schema, StorageOptions.DEFAULT);
        var d = new java.math.BigDecimal("1.25");
        TestTables.load(e, 100, 2, row(1L, 1L, 5.0, 1L, "a", "keep", d), row(1L, 2L, null, 9L, "b", null, d),
                row(2L, null, null, null, null, null, null));
        TestTables.load(e, 100, 3, row(1L, 10L, 2.5, null, "c", null, null), row(2L, 7L, 1.0, 3L, null, "x", d));
        TestTables.load(e, 100, 4, row(2L, null, null, null, "z", null, null));
        assertThat(scan(e, 100)).containsExactly(
                List.of(1L, 13L, 2.5, 9L, "c", "keep", new java.math.BigDecimal("2.50")),
                Arrays.asList(2L, 7L, 1.0, 3L, "z", "x", new java.math.BigDecimal("1.25")));
    }

    @Test
    void rowsetsSpreadOverAllDataPaths() {
        List<Path> paths = List.of(dir.resolve("a"), dir.resolve("b"), dir.resolve("c"));
        LocalFiles files = new LocalFiles();
        DataPartitions partitions = DataPartitions.open(files, paths, 0, 1L << 30, 1);
        StorageEngine e = new StorageEngine(files, partitions, StorageOptions.DEFAULT);
        e.registerTable(TABLE, TestTables.schema(KeysModel.DUPLICATE), TestTables.tablets(6, 3));
        for (long tablet = 100; tablet < 106; tablet++) {
            TestTables.load(e, tablet, 2, row(tablet, 1L, "x"));
        }
        for (Path p : paths) {
            try (Stream<Path> walk = Files.walk(p)) {
                assertThat(walk.filter(f -> f.toString().endsWith(".seg")).count()).isEqualTo(2);
            } catch (java.io.IOException ex) {
                throw new AssertionError(ex);
            }
        }
        StorageStatus status = e.status();
        assertThat(status.partitions()).hasSize(3);
        assertThat(status.tables().getFirst().tablets()).extracting(StorageStatus.TabletStatus::partition)
                .containsExactly(0, 1, 2, 0, 1, 2);
        assertThat(status.tables().getFirst().tablets()).allSatisfy(t -> {
            assertThat(t.rowsetCount()).isEqualTo(1);
            assertThat(t.rows()).isEqualTo(1);
            assertThat(t.bytes()).isPositive();
        });
    }

    @Test
    void emptyRowsetsHaveNoFiles() {
        StorageEngine e = engine(KeysModel.UNIQUE, StorageOptions.DEFAULT);
        RowsetMeta m = TestTables.load(e, 100, 2);
        assertThat(m.segmentFiles()).isEmpty();
        assertThat(m.rowCount()).isZero();
        assertThat(scan(e, 100)).isEmpty();
    }

    @Test
    void aScanOpenedBeforeAPublishSeesTheOldVersionAndKeepsItsFiles() {
        StorageEngine e = engine(KeysModel.UNIQUE, StorageOptions.DEFAULT);
        RowsetMeta r1 = TestTables.load(e, 100, 2, row(1L, 1L, "old"));
        TableSnapshot before = e.snapshot(TABLE);
        // a compaction-like replacement of r1 by r2
        RowsetMeta r2 = TestTables.write(e, 100, 3, row(1L, 2L, "new"));
        e.publish(TABLE, 3, Map.of(100L, List.of(r2)), Map.of(100L, List.of(r1)));
        Path r1File = before.tabletDirectory(100).resolve(r1.segmentFiles().getFirst());
        assertThat(r1File).exists();
        assertThat(before.version()).isEqualTo(2);
        assertThat(scan(before, 100, ZoneMapPredicate.ALWAYS)).containsExactly(List.of(1L, 1L, "old"));
        assertThat(scan(e, 100)).containsExactly(List.of(1L, 2L, "new"));
        before.close();
        assertThat(r1File).doesNotExist();
        before.close(); // idempotent
    }

    @Test
    void dropTableDeletesItsDirectoriesOnceTheLastReaderIsDone() {
        StorageEngine e = engine(KeysModel.DUPLICATE, StorageOptions.DEFAULT);
        RowsetMeta r = TestTables.load(e, 100, 2, row(1L, 1L, "x"));
        TableSnapshot reader = e.snapshot(TABLE);
        Path tabletDir = reader.tabletDirectory(100);
        e.dropTable(TABLE);
        assertThat(tabletDir.resolve(r.segmentFiles().getFirst())).exists();
        assertThat(scan(reader, 100, ZoneMapPredicate.ALWAYS)).hasSize(1);
        reader.close();
        assertThat(tabletDir.getParent()).doesNotExist();
        assertThat(e.tableIds()).isEmpty();
    }

    @Test
    void zoneMapsPruneDuplicateScansByValueButMergedScansOnlyByKey() {
        StorageEngine dup = engine(KeysModel.UNIQUE, StorageOptions.DEFAULT);
        TestTables.load(dup, 100, 2, row(1L, 100L, "a"));
        TestTables.load(dup, 100, 3, row(1L, 5L, "b"));
        try (TableSnapshot s = dup.snapshot(TABLE)) {
            // v > 50 must not resurrect the old version 100 of key 1: the value predicate cannot prune
            assertThat(scan(s, 100, ZoneMapPredicate.compare(1, ZoneMapPredicate.Op.GT, 50L)))
                    .containsExactly(List.of(1L, 5L, "b"));
            assertThat(scan(s, 100, ZoneMapPredicate.eq(0, 2L))).isEmpty();
        }
    }

    @Test
    void anAddedColumnReadsAsItsDefaultInOlderSegments() {
        StorageEngine e = engine(KeysModel.UNIQUE, StorageOptions.DEFAULT);
        TestTables.load(e, 100, 2, row(1L, 1L, "a"));
        TabletSchema old = TestTables.schema(KeysModel.UNIQUE);
        List<SegmentColumn> cols = new ArrayList<>(old.columns());
        cols.add(new SegmentColumn(9, DataType.INT));
        e.updateSchema(TABLE, new TabletSchema(cols, 1, KeysModel.UNIQUE, null, -1,
                Arrays.asList(null, null, null, 42L)));
        TestTables.load(e, 100, 3, row(2L, 2L, "b", 7L));
        assertThat(scan(e, 100)).containsExactly(List.of(1L, 1L, "a", 42L), List.of(2L, 2L, "b", 7L));
        assertThat(scan(e, 100, 3)).containsExactly(List.of(42L), List.of(7L));
    }

    /** Tablet 100 of a DUPLICATE table holding one committed row, its files set to fail after 100 more bytes. */
    private record FailingTablet(FaultyFiles files, StorageEngine engine, Path dir, List<Path> before) {
    }

    private FailingTablet failingTablet() throws Exception {
        FaultyFiles files = new FaultyFiles();
        StorageEngine e = engine(files, TestTables.schema(KeysModel.DUPLICATE), StorageOptions.DEFAULT.withMemtableBytes(1));
        TestTables.load(e, 100, 2, row(1L, 1L, "kept"));
        Path tabletDir;
        try (TableSnapshot s = e.snapshot(TABLE)) {
            tabletDir = s.tabletDirectory(100);
        }
        List<Path> before = files.list(tabletDir);
        files.failWritesAfter(100);
        return new FailingTablet(files, e, tabletDir, before);
    }

    @Test
    void aFullDiskFailsTheWriterWithDiskFullAndLeavesNoTrace() throws Exception {
        FailingTablet t = failingTablet();
        FaultyFiles files = t.files();
        StorageEngine e = t.engine();
        Path tabletDir = t.dir();
        List<Path> before = t.before();
        RowsetWriter w = e.newRowsetWriter(TABLE, 100);
        Object[][] many = new Object[2000][];
        for (int i = 0; i < many.length; i++) {
            many[i] = row((long) i, (long) i, "value-" + i);
        }
        assertThatThrownBy(() -> w.append(TestTables.batch(TestTables.schema(KeysModel.DUPLICATE), many)))
                .isInstanceOfSatisfying(ShoalException.class, ex -> {
                    assertThat(ex.code()).isEqualTo(ErrorCode.DISK_FULL);
                    assertThat(ex.getMessage()).contains(tabletDir.toString()).contains(".seg");
                });
        assertThatThrownBy(() -> w.finish(9)).isInstanceOf(IllegalStateException.class);
        w.abort();
        assertThat(files.list(tabletDir)).isEqualTo(before);
        assertThat(scan(e, 100)).containsExactly(List.of(1L, 1L, "kept"));
        files.heal();
        TestTables.load(e, 100, 3, row(2L, 2L, "after"));
        assertThat(scan(e, 100)).hasSize(2);
    }

    @Test
    void duplicateRowsInKeyOrderAcrossAppendsAndOutOfItBothScanInKeyOrder() {
        StorageEngine e = engine(KeysModel.DUPLICATE, StorageOptions.DEFAULT);
        TabletSchema schema = TestTables.schema(KeysModel.DUPLICATE);
        long version = 2;
        for (long[][] appends : new long[][][] {
            {{1, 2, 2}, {2, 5}, {7, 9}},    // in order, an equal key across the first two appends
            {{1, 2, 8}, {3, 4}, {9}},       // the second append goes back before the first's last row
            {{3, 1, 2}, {4}},               // the first append is not in order itself
        }) {
            RowsetWriter w = e.newRowsetWriter(TABLE, 100);
            List<Long> keys = new ArrayList<>();
            int n = 0;
            for (long[] append : appends) {
                Object[][] rows = new Object[append.length][];
                for (int i = 0; i < append.length; i++) {
                    rows[i] = row(append[i], (long) n++, "v");
                    keys.add(append[i]);
                }
                w.append(TestTables.batch(schema, rows));
            }
            keys.sort(null);
            RowsetMeta meta = w.finish(version).atVersion(version);
            assertThat(meta.segmentFiles()).hasSize(1);
            e.publish(TABLE, version, Map.of(100L, List.of(meta)), Map.of());
            List<Long> scanned = new ArrayList<>();
            for (List<Object> r : scan(e, 100, 0)) {
                scanned.add((Long) r.get(0));
            }
            assertThat(scanned).as("appends %s", Arrays.deepToString(appends)).isEqualTo(keys);
            e.publish(TABLE, ++version, Map.of(), Map.of(100L, List.of(meta)));
            version++;
        }
    }

    @Test
    void fullMemtablesFlushedBehindTheAppendsKeepEveryRowAndTheirSegments() {
        // a tiny memtable fills on every append: each append hands one to the flusher and waits for the last
        StorageEngine e = engine(KeysModel.DUPLICATE, StorageOptions.DEFAULT.withMemtableBytes(1));
        RowsetMeta meta;
        try (ExecutorService flusher = Executors.newSingleThreadExecutor()) {
            RowsetWriter w = e.newRowsetWriter(TABLE, 100);
            w.flushOn(flusher);
            for (long i = 0; i < 20; i++) {
                w.append(TestTables.batch(TestTables.schema(KeysModel.DUPLICATE), row(i, i, "v" + i)));
            }
            meta = w.finish(2).atVersion(2);
        }
        e.publish(TABLE, 2, Map.of(100L, List.of(meta)), Map.of());
        assertThat(meta.segmentFiles()).hasSize(20);
        assertThat(sorted(scan(e, 100))).hasSize(20).contains(List.of(0L, 0L, "v0"), List.of(19L, 19L, "v19"));
    }

    @Test
    void aFlushFailingBehindTheAppendsFailsTheWriterAndAbortLeavesNoTrace() throws Exception {
        FailingTablet t = failingTablet();
        FaultyFiles files = t.files();
        StorageEngine e = t.engine();
        Path tabletDir = t.dir();
        List<Path> before = t.before();
        try (ExecutorService flusher = Executors.newSingleThreadExecutor()) {
            RowsetWriter w = e.newRowsetWriter(TABLE, 100);
            w.flushOn(flusher);
            Object[][] many = new Object[2000][];
            for (int i = 0; i < many.length; i++) {
                many[i] = row((long) i, (long) i, "value-" + i);
            }
            w.append(TestTables.batch(TestTables.schema(KeysModel.DUPLICATE), many)); // its flush fails behind
            assertThatThrownBy(() -> w.finish(9))
                    .isInstanceOfSatisfying(ShoalException.class, ex -> assertThat(ex.code()).isEqualTo(ErrorCode.DISK_FULL));
            assertThatThrownBy(() -> w.append(TestTables.batch(TestTables.schema(KeysModel.DUPLICATE), row(3L, 3L, "x"))))
                    .isInstanceOf(IllegalStateException.class);
            w.abort();
        }
        assertThat(files.list(tabletDir)).isEqualTo(before);
        assertThat(scan(e, 100)).containsExactly(List.of(1L, 1L, "kept"));
    }

    @Test
    void aCorruptSegmentIsReportedAsCorruptFileNamingIt() throws Exception {
        StorageEngine e = engine(KeysModel.DUPLICATE, StorageOptions.DEFAULT);
        RowsetMeta r = TestTables.load(e, 100, 2, row(1L, 1L, "x"));
        Path file;
        try (TableSnapshot s = e.snapshot(TABLE)) {
            file = s.tabletDirectory(100).resolve(r.segmentFiles().getFirst());
        }
        byte[] bytes = Files.readAllBytes(file);
        bytes[14] ^= 0x40;
        Files.write(file, bytes);
        assertThatThrownBy(() -> scan(e, 100))
                .isInstanceOfSatisfying(ShoalException.class, ex -> assertThat(ex.code()).isEqualTo(ErrorCode.CORRUPT_FILE))
                .hasMessageContaining(file.toString());
    }

    @Test
    void aRestartRestoresVisibleDataAndRemovesOrphans() throws Exception {
        StorageEngine e = engine(KeysModel.UNIQUE, StorageOptions.DEFAULT);
        RowsetMeta a = TestTables.load(e, 100, 2, row(1L, 1L, "a"));
        RowsetMeta b = TestTables.load(e, 101, 3, row(2L, 2L, "b"));
        RowsetMeta uncommitted = TestTables.write(e, 100, 4, row(1L, 99L, "crashed"));
        RowsetWriter crashedMidWrite = e.newRowsetWriter(TABLE, 100);
        crashedMidWrite.append(TestTables.batch(TestTables.schema(KeysModel.UNIQUE), row(5L, 5L, "partial")));
        Path tabletDir;
        try (TableSnapshot s = e.snapshot(TABLE)) {
            tabletDir = s.tabletDirectory(100);
        }
        Path orphan = tabletDir.resolve(uncommitted.segmentFiles().getFirst());
        assertThat(orphan).exists();

        // "restart": a new engine over the same directories, fed by the transaction log's state
        LocalFiles files = new LocalFiles();
        StorageEngine restarted = new StorageEngine(files, TestTables.partitions(files, dir), StorageOptions.DEFAULT);
        restarted.registerTable(TABLE, TestTables.schema(KeysModel.UNIQUE), TestTables.tablets(2, 2));
        restarted.restore(TABLE, 3, Map.of(100L, List.of(a), 101L, List.of(b)));
        List<Path> removed = restarted.finishRecovery();
        assertThat(removed).containsExactly(orphan);
        assertThat(orphan).doesNotExist();
        assertThat(scan(restarted, 100)).containsExactly(List.of(1L, 1L, "a"));
        assertThat(scan(restarted, 101)).containsExactly(List.of(2L, 2L, "b"));
        try (TableSnapshot s = restarted.snapshot(TABLE)) {
            assertThat(s.version()).isEqualTo(3);
        }
        RowsetWriter next = restarted.newRowsetWriter(TABLE, 100);
        assertThat(next.rowsetId()).isGreaterThan(uncommitted.rowsetId());
        next.abort();
    }

    @Test
    void filesWrittenByThisProcessSurviveRecovery() {
        StorageEngine e = engine(KeysModel.DUPLICATE, StorageOptions.DEFAULT);
        RowsetMeta pending = TestTables.write(e, 100, 2, row(1L, 1L, "replayed from a WAL"));
        e.restore(TABLE, 1, Map.of());
        assertThat(e.finishRecovery()).isEmpty();
        e.publish(TABLE, 2, Map.of(100L, List.of(pending)), Map.of());
        assertThat(scan(e, 100)).hasSize(1);
    }
}
