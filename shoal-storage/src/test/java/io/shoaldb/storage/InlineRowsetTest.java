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
import io.shoaldb.storage.compaction.CompactionCommitter;
import io.shoaldb.storage.compaction.CompactionScheduler;
import io.shoaldb.storage.partition.DataPartitions;
import io.shoaldb.storage.rowset.InlineSegment;
import io.shoaldb.storage.rowset.RowsetMeta;
import io.shoaldb.storage.segment.SegmentImage;
import io.shoaldb.storage.segment.SegmentReader;
import io.shoaldb.storage.segment.SegmentWriter;
import io.shoaldb.storage.segment.ZoneMap;
import io.shoaldb.storage.tablet.KeysModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Inline rowsets: segments carried in memory (and the commit record) instead of files. */
class InlineRowsetTest {
    @TempDir
    Path dir;

    private StorageEngine engine(StorageOptions options) {
        return engine(options, 1);
    }

    private StorageEngine engine(StorageOptions options, int tablets) {
        LocalFiles files = new LocalFiles();
        DataPartitions partitions = TestTables.partitions(files, dir);
        StorageEngine e = new StorageEngine(files, partitions, options);
        e.registerTable(TABLE, TestTables.schema(KeysModel.UNIQUE), TestTables.tablets(tablets, partitions.count()));
        return e;
    }

    /** Tablet 100 + t gets keys t*1000 + 0..n-1, key t*1000 twice (the later one, value -1, wins). */
    private static Map<Long, Object[][]> rowsOnTablets(int tablets, int rowsEach) {
        Map<Long, Object[][]> rows = new java.util.LinkedHashMap<>();
        for (int t = 0; t < tablets; t++) {
            Object[][] r = new Object[rowsEach + 1][];
            for (int i = 0; i < rowsEach; i++) {
                r[i] = row(t * 1000L + i, (long) i, "t" + t + "-" + i);
            }
            r[rowsEach] = row(t * 1000L, -1L, "t" + t + "-again");
            rows.put(100L + t, r);
        }
        return rows;
    }

    private static List<List<Object>> expected(int tablet, int rowsEach) {
        List<List<Object>> rows = new java.util.ArrayList<>();
        rows.add(List.of(tablet * 1000L, -1L, "t" + tablet + "-again"));
        for (int i = 1; i < rowsEach; i++) {
            rows.add(List.of(tablet * 1000L + i, (long) i, "t" + tablet + "-" + i));
        }
        return sorted(rows);
    }

    @Test
    void oneLoadOnManyTabletsWritesOneImageAndEachTabletReadsItsOwnRuns() throws IOException {
        // pages of at most 7 rows, so a tablet's run is several pages and runs start mid-image
        StorageEngine e = engine(StorageOptions.DEFAULT.withSegmentOptions(
                StorageOptions.DEFAULT.segmentOptions().withMaxPageRows(7)), 4);
        Map<Long, RowsetMeta> rowsets = TestTables.writeInline(e, 2, rowsOnTablets(4, 20));
        e.publish(TABLE, 2, Map.of(100L, List.of(rowsets.get(100L)), 101L, List.of(rowsets.get(101L)),
                102L, List.of(rowsets.get(102L)), 103L, List.of(rowsets.get(103L))), Map.of());

        SegmentImage image = rowsets.get(100L).inlineSegments().getFirst().image();
        List<int[]> runs = new java.util.ArrayList<>();
        for (RowsetMeta m : rowsets.values()) {
            assertThat(m.inlineSegments()).hasSize(1);
            InlineSegment s = m.inlineSegments().getFirst();
            assertThat(s.image()).as("one image for the whole load").isSameAs(image);
            assertThat(s.toPage() - s.fromPage()).as("20 rows on pages of 7").isEqualTo(3);
            assertThat(m.rowCount()).isEqualTo(20);
            runs.add(new int[] {s.fromPage(), s.toPage()});
        }
        runs.sort(java.util.Comparator.comparingInt(r -> r[0]));
        for (int i = 0; i < runs.size(); i++) {
            assertThat(runs.get(i)[0]).as("runs tile the image").isEqualTo(i == 0 ? 0 : runs.get(i - 1)[1]);
        }
        assertThat(segmentFiles()).isEmpty();
        for (int t = 0; t < 4; t++) {
            assertThat(sorted(scan(e, 100 + t))).as("tablet " + t).isEqualTo(expected(t, 20));
        }
        // a run's zone maps are its own pages': key bounds of tablet 2 only
        InlineSegment run = rowsets.get(102L).inlineSegments().getFirst();
        try (SegmentReader r = SegmentReader.openImage(dir.resolve("102.seg"), run.image(), run.fromPage(),
                run.toPage())) {
            assertThat(r.rowCount()).isEqualTo(20);
            assertThat(r.columnZoneMap(0)).isEqualTo(ZoneMap.allNull(0).merge(r.pageMeta(0, 0).zoneMap())
                    .merge(r.pageMeta(0, 1).zoneMap()).merge(r.pageMeta(0, 2).zoneMap()));
            assertThat(r.columnZoneMap(0).rowCount()).isEqualTo(20);
        }
    }

    @Test
    void anImageCountsOnceAndIsFreedWithTheLastRowsetInIt() {
        StorageEngine e = engine(StorageOptions.DEFAULT, 3);
        Map<Long, RowsetMeta> rowsets = TestTables.writeInline(e, 2, rowsOnTablets(3, 5));
        Map<Long, List<RowsetMeta>> all = new java.util.HashMap<>();
        rowsets.forEach((tablet, m) -> all.put(tablet, List.of(m)));
        e.publish(TABLE, 2, all, Map.of());
        long image = rowsets.get(100L).inlineSegments().getFirst().image().size();
        assertThat(inlineBytes(e)).isEqualTo(image);

        // tablets 100 and 101 compacted into files: the image stays, for tablet 102
        for (long tablet : List.of(100L, 101L)) {
            RowsetMeta file = TestTables.write(e, tablet, 2, false, row(tablet, 1L, "f"));
            e.publish(TABLE, 2, Map.of(tablet, List.of(file)), Map.of(tablet, List.of(rowsets.get(tablet))));
        }
        assertThat(inlineBytes(e)).isEqualTo(image);
        RowsetMeta file = TestTables.write(e, 102L, 2, false, row(102L, 1L, "f"));
        e.publish(TABLE, 2, Map.of(102L, List.of(file)), Map.of(102L, List.of(rowsets.get(102L))));
        assertThat(inlineBytes(e)).isZero();
    }

    @Test
    void underInlineMemoryPressureTabletsBelowTheTriggerGiveUpTheirInlineRowsets() {
        for (boolean pressed : new boolean[] {false, true}) {
            // one load over 3 tablets, 1 rowset each: far below the trigger of 8
            StorageOptions options = StorageOptions.DEFAULT.withInline(1 << 20, pressed ? 2048 : 64 << 20);
            StorageEngine e = engine(options, 3);
            Map<Long, RowsetMeta> rowsets = TestTables.writeInline(e, 2, rowsOnTablets(3, 30));
            Map<Long, List<RowsetMeta>> all = new java.util.HashMap<>();
            rowsets.forEach((tablet, m) -> all.put(tablet, List.of(m)));
            e.publish(TABLE, 2, all, Map.of());
            assertThat(inlineBytes(e)).as("over half of 2 KB").isGreaterThan(1024);
            try (CompactionScheduler scheduler = new CompactionScheduler(e, committer(e), options)) {
                scheduler.compactNow(TABLE);
            }
            for (int t = 0; t < 3; t++) {
                try (TableSnapshot s = e.snapshot(TABLE)) {
                    assertThat(s.rowsets(100 + t)).as("pressed " + pressed).singleElement()
                            .satisfies(m -> assertThat(m.inline()).isEqualTo(!pressed));
                }
                assertThat(sorted(scan(e, 100 + t))).isEqualTo(expected(t, 30));
            }
            assertThat(inlineBytes(e) == 0).isEqualTo(pressed);
        }
    }

    @Test
    void aRunCopiedIntoAnImageOfItsOwnReadsTheSameRows() {
        StorageEngine e = engine(StorageOptions.DEFAULT.withSegmentOptions(
                StorageOptions.DEFAULT.segmentOptions().withMaxPageRows(4)), 3);
        Map<Long, RowsetMeta> rowsets = TestTables.writeInline(e, 2, rowsOnTablets(3, 10));
        for (RowsetMeta m : rowsets.values()) {
            InlineSegment run = m.inlineSegments().getFirst();
            byte[] own = SegmentWriter.copyOfPages(dir.resolve("x.seg"), run.image(), run.fromPage(), run.toPage());
            assertThat(own.length).isLessThan(run.image().size());
            RowsetMeta copied = new RowsetMeta(m.rowsetId(), m.tabletId(), 2, 2, m.txnId(), m.segmentFiles(),
                    m.rowCount(), m.dataBytes(), List.of(InlineSegment.whole(own)));
            e.publish(TABLE, 2, Map.of(m.tabletId(), List.of(copied)), Map.of());
            assertThat(sorted(scan(e, m.tabletId()))).isEqualTo(expected((int) (m.tabletId() - 100), 10));
        }
    }

    /** Publishes like the transaction layer: loads at their version, compactions replacing their inputs. */
    private static CompactionCommitter committer(StorageEngine e) {
        return (tableId, tabletId, inputs, output) -> {
            try (TableSnapshot s = e.snapshot(tableId)) {
                e.publish(tableId, s.version(), Map.of(tabletId, List.of(output)), Map.of(tabletId, inputs));
            }
        };
    }

    @Test
    void anInlineRowsetWritesNoFileAndReadsLikeAFileRowset() throws IOException {
        StorageEngine e = engine(StorageOptions.DEFAULT);
        RowsetMeta inline = TestTables.write(e, 100, 2, true, row(1L, 10L, "a"), row(2L, 20L, "b"));
        RowsetMeta file = TestTables.write(e, 100, 3, false, row(2L, 21L, "b2"), row(3L, 30L, "c"));
        assertThat(inline.inline()).isTrue();
        assertThat(inline.inlineSegments()).hasSize(1);
        assertThat(inline.inlineSegments().getFirst().isWhole()).as("one tablet's load: the whole image").isTrue();
        assertThat(inline.dataBytes()).isPositive().isLessThan(inline.inlineSegments().getFirst().image().size());
        assertThat(file.inline()).isFalse();
        e.publish(TABLE, 2, Map.of(100L, List.of(inline)), Map.of());
        e.publish(TABLE, 3, Map.of(100L, List.of(file)), Map.of());

        assertThat(segmentFiles()).containsExactly(file.segmentFiles().getFirst());
        // merge-on-read across an inline and a file rowset: the newer version of key 2 wins
        assertThat(sorted(scan(e, 100))).containsExactly(List.of(1L, 10L, "a"), List.of(2L, 21L, "b2"),
                List.of(3L, 30L, "c"));
    }

    @Test
    void compactionRewritesInlineRowsetsIntoFilesAndFreesTheirMemory() throws IOException {
        // Admits no inline load while any inline rowset is held, so admitsInline shows the engine's accounting.
        StorageOptions options = StorageOptions.DEFAULT.withCompaction(2, 32, 0).withInline(1 << 20, 1);
        StorageEngine e = engine(options);
        for (long v = 2; v < 12; v++) {
            RowsetMeta m = TestTables.write(e, 100, v, true, row(v % 4, v, "s" + v));
            e.publish(TABLE, v, Map.of(100L, List.of(m)), Map.of());
        }
        List<List<Object>> before = sorted(scan(e, 100));
        long held = inlineBytes(e);
        assertThat(held).isPositive();
        assertThat(e.admitsInline(1)).isFalse();
        assertThat(segmentFiles()).isEmpty();

        try (CompactionScheduler scheduler = new CompactionScheduler(e, committer(e), options)) {
            assertThat(scheduler.compactNow(TABLE)).isPositive();
        }
        try (TableSnapshot s = e.snapshot(TABLE)) {
            assertThat(s.rowsets(100)).allSatisfy(m -> assertThat(m.inline()).isFalse());
        }
        assertThat(sorted(scan(e, 100))).isEqualTo(before);
        assertThat(inlineBytes(e)).isZero();
        assertThat(e.admitsInline(1)).as("compacted inline rowsets no longer count").isTrue();
        assertThat(segmentFiles()).isNotEmpty();
    }

    @Test
    void loadsStopGoingInlineAtTheMemoryLimit() {
        StorageEngine e = engine(StorageOptions.DEFAULT.withInline(1 << 20, 4096));
        assertThat(e.admitsInline(1000)).isTrue();
        assertThat(e.admitsInline((1 << 20) + 1)).as("too large for one inline load").isFalse();
        long v = 2;
        while (e.admitsInline(100)) {
            Object[][] rows = new Object[50][];
            for (int i = 0; i < rows.length; i++) {
                rows[i] = row(v * 100 + i, v, "padding-" + v + "-" + i);
            }
            RowsetMeta m = TestTables.write(e, 100, v, true, rows);
            e.publish(TABLE, v, Map.of(100L, List.of(m)), Map.of());
            v++;
            assertThat(v).as("the limit is reached").isLessThan(100);
        }
        assertThat(inlineBytes(e)).isGreaterThan(4096 - 100);
        assertThat(StorageOptions.DEFAULT.withInline(0, 64 << 20)).satisfies(o -> assertThat(
                engine(o).admitsInline(1)).isFalse());
    }

    @Test
    void aDamagedImageIsACorruptSegmentNamedByItsPath() {
        StorageEngine e = engine(StorageOptions.DEFAULT);
        RowsetMeta m = TestTables.write(e, 100, 2, true, row(1L, 10L, "a"));
        InlineSegment segment = m.inlineSegments().getFirst();
        byte[] image = segment.image().bytes().clone();
        image[image.length / 2] ^= 0x40;
        RowsetMeta damaged = new RowsetMeta(m.rowsetId(), m.tabletId(), 2, 2, m.txnId(), m.segmentFiles(),
                m.rowCount(), m.dataBytes(), List.of(new InlineSegment(new SegmentImage(image), segment.fromPage(),
                segment.toPage())));
        e.publish(TABLE, 2, Map.of(100L, List.of(damaged)), Map.of());
        assertThatThrownBy(() -> scan(e, 100)).isInstanceOfSatisfying(ShoalException.class, ex -> {
            assertThat(ex.code()).isEqualTo(ErrorCode.CORRUPT_FILE);
            assertThat(ex.getMessage()).contains(m.segmentFiles().getFirst());
        });
    }

    private static long inlineBytes(StorageEngine e) {
        return e.inlineRowsetBytes();
    }

    private List<String> segmentFiles() throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            return all.filter(Files::isRegularFile).map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".seg")).toList();
        }
    }
}
