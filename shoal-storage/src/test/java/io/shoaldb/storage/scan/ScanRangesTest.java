package io.shoaldb.storage.scan;

import static io.shoaldb.storage.TestTables.TABLE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.shoaldb.common.io.LocalFiles;
import io.shoaldb.storage.StorageEngine;
import io.shoaldb.storage.StorageOptions;
import io.shoaldb.storage.TableSnapshot;
import io.shoaldb.storage.TestTables;
import io.shoaldb.storage.partition.DataPartitions;
import io.shoaldb.storage.rowset.RowsetMeta;
import io.shoaldb.storage.rowset.RowsetWriter;
import io.shoaldb.storage.segment.SegmentReader;
import io.shoaldb.storage.segment.SegmentWriterOptions;
import io.shoaldb.storage.segment.ZoneMapPredicate;
import io.shoaldb.storage.tablet.KeysModel;
import io.shoaldb.vector.Batch;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Work units of a scan: the units of a table, read one by one, return every row of the table exactly once - with
 * segments of uneven pages, several segments per rowset, inline rowsets, empty tablets and segments the zone maps
 * rule out - and merge-on-read tablets stay whole.
 */
class ScanRangesTest {
    private static final int TABLETS = 3;
    @TempDir
    Path dir;
    private StorageEngine engine;

    private StorageEngine engine(KeysModel model) {
        DataPartitions partitions = TestTables.partitions(new LocalFiles(), dir);
        // Pages of at most 97 rows (fewer where the strings fill 2 KB first), a new segment every few KB.
        StorageOptions options = new StorageOptions(8 << 10, 256L << 20,
                new SegmentWriterOptions(2 << 10, 97, SegmentWriterOptions.DEFAULT.compression(), 3, null), 4096, 8,
                128, 64L << 20, 64L << 20, 1000, 1, 0, 0, 0);
        engine = new StorageEngine(new LocalFiles(), partitions, options);
        engine.registerTable(TABLE, TestTables.schema(model), TestTables.tablets(TABLETS, partitions.count()));
        return engine;
    }

    /** Row i: key i / 1000 (so each load has its own key range), value i (unique), a string of uneven length. */
    private static void load(StorageEngine e, long tablet, long version, int from, int count, boolean inline) {
        Object[][] rows = new Object[count][];
        for (int i = 0; i < count; i++) {
            long v = from + i;
            rows[i] = TestTables.row(v / 1000, v, "x".repeat((int) (v % 61)));
        }
        RowsetMeta meta;
        if (inline) { // one segment of many pages
            meta = TestTables.write(e, tablet, version, true, rows);
        } else {
            RowsetWriter w = e.newRowsetWriter(TABLE, tablet);
            try (TableSnapshot s = e.snapshot(TABLE)) {
                for (int i = 0; i < count; i += 5_000) { // with the small memtable, each append is a segment of its own
                    w.append(TestTables.batch(s.schema(), Arrays.copyOfRange(rows, i, Math.min(count, i + 5_000))));
                }
            }
            meta = w.finish(version).atVersion(version);
        }
        e.publish(TABLE, version, Map.of(tablet, List.of(meta)), Map.of());
    }

    /** Tablet 100: three loads (the first of several segments), tablet 101: nothing, tablet 102: an inline load. */
    private void loadTable() {
        StorageEngine e = engine(KeysModel.DUPLICATE);
        load(e, 100, 2, 0, 20_000, false);
        load(e, 100, 3, 20_000, 5_000, false);
        load(e, 100, 4, 25_000, 300, false);
        load(e, 102, 5, 30_000, 700, true);
    }

    @Test
    void theUnitsOfATableReadEveryRowExactlyOnce() {
        loadTable();
        try (TableSnapshot s = engine.snapshot(TABLE)) {
            assertThat(s.rowsets(100).getFirst().segmentFiles()).as("a rowset of several segments").hasSizeGreaterThan(1);
            for (long minUnitRows : new long[] {ScanRanges.MIN_UNIT_ROWS, 1}) {
                for (int drivers : new int[] {1, 2, 3, 8, 64}) {
                    List<ScanRange> units = ScanRanges.split(s, drivers, minUnitRows);
                    assertThat(units).as("the empty tablet has no unit").noneMatch(u -> u.tabletId() == 101);
                    List<Long> values = values(s, units, ZoneMapPredicate.ALWAYS);
                    assertThat(values).as("%d drivers", drivers).hasSize(25_300 + 700).doesNotHaveDuplicates();
                }
            }
            assertThat(ScanRanges.split(s, 64, 1)).as("a small table is cut finer for many drivers")
                    .hasSizeGreaterThan(ScanRanges.split(s, 1, 1).size())
                    .anyMatch(u -> u.slices() > 20).anyMatch(u -> u.slices() > 1 && u.rowset().inline());
            assertThat(ScanRanges.split(s, 2)).as("no slice under a page of 8192 rows").allMatch(u -> u.slices() == 1);
        }
    }

    @Test
    void slicesOfAnInlineRunThatStartsMidImageReadItsRowsOnce() {
        StorageEngine e = engine(KeysModel.DUPLICATE);
        Map<Long, Object[][]> rows = new java.util.LinkedHashMap<>(); // tablet 100's rows first in the image
        for (long tablet : new long[] {100, 102}) {
            Object[][] r = new Object[tablet == 100 ? 1_000 : 2_000][];
            for (int i = 0; i < r.length; i++) {
                long v = tablet * 10_000 + i;
                r[i] = TestTables.row(v / 1000, v, "x".repeat(i % 61));
            }
            rows.put(tablet, r);
        }
        Map<Long, RowsetMeta> loaded = TestTables.writeInline(e, 2, rows);
        e.publish(TABLE, 2, Map.of(100L, List.of(loaded.get(100L)), 102L, List.of(loaded.get(102L))), Map.of());
        RowsetMeta run = loaded.get(102L);
        assertThat(run.inlineSegments().getFirst().fromPage()).as("starts past tablet 100's pages").isPositive();
        try (TableSnapshot s = e.snapshot(TABLE)) {
            for (int slices : new int[] {1, 2, 3, 7, 40}) {
                List<ScanRange> units = new ArrayList<>();
                for (int slice = 0; slice < slices; slice++) {
                    units.add(new ScanRange(102, run, 0, slice, slices));
                }
                List<Long> values = values(s, units, ZoneMapPredicate.ALWAYS);
                assertThat(values).as("%d slices", slices).hasSize(2_000).doesNotHaveDuplicates()
                        .allMatch(v -> v >= 1_020_000 && v < 1_022_000);
            }
        }
    }

    @Test
    void theLastUnitsOfTheQueueAreCutFiner() {
        loadTable();
        try (TableSnapshot s = engine.snapshot(TABLE)) {
            // 26,000 rows on 2 drivers in units of 3,250 rows: each 5,000-row segment is cut in 2 slices. Tablet 100's
            // last units - the second load's segment, then the third load's 300 rows - are the queue's last 4.
            List<ScanRange> units = ScanRanges.split(s, 2, 1_000);
            List<ScanRange> secondLoad = units.stream()
                    .filter(u -> u.rowset() != null && u.rowset().rowCount() == 5_000).toList();
            assertThat(secondLoad).as("its 2 slices, each cut into 2 pieces of at least 1,000 rows")
                    .extracting(ScanRange::slice, ScanRange::slices)
                    .containsExactly(tuple(0, 4), tuple(1, 4), tuple(2, 4), tuple(3, 4));
            assertThat(units.getLast().rowset().rowCount()).as("300 rows: not cut").isEqualTo(300);
            assertThat(units.getFirst().slices()).as("units before the tail keep their size").isEqualTo(2);
            assertThat(values(s, units, ZoneMapPredicate.ALWAYS)).hasSize(26_000).doesNotHaveDuplicates();
        }
    }

    @Test
    void unitsStartRoundRobinOverTheTablets() {
        loadTable();
        try (TableSnapshot s = engine.snapshot(TABLE)) {
            List<ScanRange> units = ScanRanges.split(s, 2);
            assertThat(units.get(0).tabletId()).isEqualTo(100);
            assertThat(units.get(1).tabletId()).isEqualTo(102);
            assertThat(units.get(2).tabletId()).isEqualTo(100);
        }
    }

    @Test
    void slicesOfASegmentTakeEachPageOnceWhateverThePageSizes() {
        loadTable();
        try (TableSnapshot s = engine.snapshot(TABLE)) {
            RowsetMeta rowset = s.rowsets(100).getFirst();
            try (SegmentReader reader = SegmentReader.open(s.files(),
                    s.tabletDirectory(100).resolve(rowset.segmentFiles().getFirst()))) {
                Set<Integer> rowCounts = new HashSet<>();
                for (int p = 0; p < reader.pageCount(); p++) {
                    rowCounts.add(reader.pageRowCount(p));
                }
                assertThat(rowCounts).as("pages of uneven sizes").hasSizeGreaterThan(1);
                for (int slices = 1; slices <= reader.pageCount() + 3; slices++) {
                    int expectedFrom = 0;
                    for (int k = 0; k < slices; k++) {
                        int[] pages = new ScanRange(100, rowset, 0, k, slices).pages(reader);
                        assertThat(pages[0]).as("slice %d of %d", k, slices).isEqualTo(expectedFrom);
                        assertThat(pages[1]).isGreaterThanOrEqualTo(pages[0]);
                        expectedFrom = pages[1];
                    }
                    assertThat(expectedFrom).as("%d slices cover all pages", slices).isEqualTo(reader.pageCount());
                }
            }
        }
    }

    @Test
    void prunedSegmentsAreSkippedAndCountedOnce() {
        loadTable();
        // Keys 0..4 are the first load's (several segments), 20..25 the later ones': k < 3 rules out some segments.
        ZoneMapPredicate keyBelow3 = ZoneMapPredicate.compare(0, ZoneMapPredicate.Op.LT, 3L);
        long skippedWhole;
        List<Long> whole = new ArrayList<>();
        try (TableSnapshot s = engine.snapshot(TABLE)) {
            long before = engine.scanCounters().segmentsSkipped();
            for (long tablet : s.tabletIds()) {
                whole.addAll(values(s, List.of(ScanRange.wholeTablet(tablet)), keyBelow3));
            }
            skippedWhole = engine.scanCounters().segmentsSkipped() - before;
        }
        assertThat(skippedWhole).as("segments ruled out").isPositive();
        for (int drivers : new int[] {1, 2, 8, 64}) {
            try (TableSnapshot s = engine.snapshot(TABLE)) {
                long before = engine.scanCounters().segmentsSkipped();
                List<Long> units = values(s, ScanRanges.split(s, drivers, 1), keyBelow3);
                assertThat(units).containsExactlyInAnyOrderElementsOf(whole).doesNotHaveDuplicates();
                assertThat(engine.scanCounters().segmentsSkipped() - before).isEqualTo(skippedWhole);
            }
        }
    }

    @Test
    void mergeOnReadTabletsAreOneUnitEach() {
        StorageEngine e = engine(KeysModel.UNIQUE);
        load(e, 100, 2, 0, 5_000, false);
        load(e, 100, 3, 0, 5_000, false); // the same keys again: the merge keeps one row per key
        load(e, 101, 4, 0, 10, false);
        try (TableSnapshot s = engine.snapshot(TABLE)) {
            List<ScanRange> units = ScanRanges.split(s, 8);
            assertThat(units).containsExactly(ScanRange.wholeTablet(100), ScanRange.wholeTablet(101));
            RowsetMeta rowset = s.rowsets(100).getFirst();
            assertThatThrownBy(() -> TabletScan.open(s, new ScanRange(100, rowset, 0, 0, 2), new int[] {0},
                    ZoneMapPredicate.ALWAYS)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("merged on read");
        }
    }

    /** Column v of every row the units return (pages are pruned only; the rows of surviving pages all come). */
    private static List<Long> values(TableSnapshot s, List<ScanRange> units, ZoneMapPredicate predicate) {
        List<Long> out = new ArrayList<>();
        for (ScanRange unit : units) {
            try (TabletScan scan = TabletScan.open(s, unit, new int[] {1}, predicate)) {
                for (Batch b = scan.next(); b != null; b = scan.next()) {
                    for (int i = 0; i < b.positionCount(); i++) {
                        out.add((Long) b.getObject(i, 0));
                    }
                }
            }
        }
        return out;
    }
}
