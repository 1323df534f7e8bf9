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
import io.shoaldb.storage.rowset.RowsetMeta;
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
        LocalFiles files = new LocalFiles();
        DataPartitions partitions = TestTables.partitions(files, dir);
        StorageEngine e = new StorageEngine(files, partitions, options);
        e.registerTable(TABLE, TestTables.schema(KeysModel.UNIQUE), TestTables.tablets(1, partitions.count()));
        return e;
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
        assertThat(inline.dataBytes()).isEqualTo(inline.inlineSegments().getFirst().length);
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
        byte[] image = m.inlineSegments().getFirst().clone();
        image[image.length / 2] ^= 0x40;
        RowsetMeta damaged = new RowsetMeta(m.rowsetId(), m.tabletId(), 2, 2, m.txnId(), m.segmentFiles(),
                m.rowCount(), m.dataBytes(), List.of(image));
        e.publish(TABLE, 2, Map.of(100L, List.of(damaged)), Map.of());
        assertThatThrownBy(() -> scan(e, 100)).isInstanceOfSatisfying(ShoalException.class, ex -> {
            assertThat(ex.code()).isEqualTo(ErrorCode.CORRUPT_FILE);
            assertThat(ex.getMessage()).contains(m.segmentFiles().getFirst());
        });
    }

    private static long inlineBytes(StorageEngine e) {
        try (TableSnapshot s = e.snapshot(TABLE)) {
            return s.rowsets(100).stream().filter(RowsetMeta::inline).mapToLong(RowsetMeta::dataBytes).sum();
        }
    }

    private List<String> segmentFiles() throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            return all.filter(Files::isRegularFile).map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".seg")).toList();
        }
    }
}
