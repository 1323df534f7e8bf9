package io.shoaldb.storage.spill;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.common.error.ShoalException;
import io.shoaldb.common.io.LocalFiles;
import io.shoaldb.storage.segment.SegmentReader;
import io.shoaldb.storage.segment.encoding.Encoding;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BatchBuilder;
import io.shoaldb.vector.type.DataType;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SpillSpaceTest {
    private static final List<DataType> TYPES = List.of(DataType.BIGINT, DataType.varchar(40), DataType.decimal(20, 2));

    @TempDir
    Path root;

    private SpillSpace open() {
        return SpillSpace.open(new LocalFiles(), List.of(root.resolve("a"), root.resolve("b")));
    }

    private static Batch rows(int from, int count) {
        BatchBuilder builder = new BatchBuilder(TYPES, count);
        for (int i = from; i < from + count; i++) {
            builder.appendRow((long) i, i % 7 == 0 ? null : "value-" + i, new BigDecimal(i).movePointLeft(2));
        }
        return builder.build();
    }

    private static List<List<Object>> readAll(SpillRun run) {
        List<List<Object>> out = new ArrayList<>();
        try (SpillReader reader = run.open()) {
            for (Batch b = reader.next(); b != null; b = reader.next()) {
                for (int p = 0; p < b.positionCount(); p++) {
                    List<Object> row = new ArrayList<>();
                    for (int c = 0; c < b.columnCount(); c++) {
                        row.add(b.getObject(p, c));
                    }
                    out.add(row);
                }
            }
        }
        return out;
    }

    private static long filesUnder(Path dir) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(Files::isRegularFile).count();
        }
    }

    @Test
    void runsReadBackWhatWasWrittenAndSpreadOverThePaths() throws IOException {
        SpillSpace space = open();
        try (QuerySpillFiles query = space.forQuery(7)) {
            List<SpillRun> runs = new ArrayList<>();
            for (int r = 0; r < 4; r++) {
                try (SpillWriter writer = query.newRun(TYPES)) {
                    writer.append(rows(r * 10_000, 10_000));
                    writer.append(rows(r * 10_000 + 10_000, 5).withSelection(new int[] {1, 3}, 2));
                    runs.add(writer.finish());
                }
            }
            assertThat(runs).allSatisfy(run -> assertThat(run.rowCount()).isEqualTo(10_002));
            assertThat(runs.stream().map(run -> run.path().getParent().getParent()).distinct())
                    .containsExactlyInAnyOrder(root.resolve("a").resolve(SpillSpace.DIRECTORY),
                            root.resolve("b").resolve(SpillSpace.DIRECTORY));
            List<List<Object>> back = readAll(runs.get(2));
            assertThat(back).hasSize(10_002);
            assertThat(back.get(0)).containsExactly(20_000L, "value-20000", new BigDecimal("200.00"));
            assertThat(back.get(6)).containsExactly(20_006L, null, new BigDecimal("200.06"));
            assertThat(back.get(10_001)).containsExactly(30_003L, "value-30003", new BigDecimal("300.03"));
            assertThat(space.counters().bytesOnDisk()).isEqualTo(query.bytesOnDisk()).isPositive();

            runs.get(0).delete();
            assertThat(runs.get(0).path()).doesNotExist();
            assertThat(filesUnder(root)).isEqualTo(3);
        }
        assertThat(filesUnder(root)).isZero();
        assertThat(space.counters().bytesOnDisk()).isZero();
        assertThat(space.counters().runsWritten()).isEqualTo(4);
    }

    @Test
    void runsStoreIntegersBitPackedAndRepeatedStringsAsADictionaryAndReadThemBack() {
        SpillSpace space = open();
        try (QuerySpillFiles query = space.forQuery(8)) {
            SpillRun run;
            try (SpillWriter writer = query.newRun(TYPES)) {
                // Sorted keys, which the segment writer would store as deltas, and repeated strings.
                BatchBuilder builder = new BatchBuilder(TYPES, 5_000);
                for (int i = 0; i < 5_000; i++) {
                    builder.appendRow((long) i, i % 7 == 0 ? null : "mode-" + i % 3, new BigDecimal(i % 10));
                }
                Batch batch = builder.build();
                writer.append(batch);
                run = writer.finish();
            }
            try (SegmentReader segment = SegmentReader.open(new LocalFiles(), run.path())) {
                assertThat(segment.pageMeta(0, 0).encoding()).isEqualTo(Encoding.BIT_PACKED);
                assertThat(segment.pageMeta(1, 0).encoding()).isEqualTo(Encoding.DICTIONARY);
                assertThat(segment.pageMeta(2, 0).encoding()).isEqualTo(Encoding.BIT_PACKED);
            }
            List<List<Object>> back = readAll(run);
            assertThat(back).hasSize(5_000);
            for (int i = 0; i < 5_000; i += 499) {
                assertThat(back.get(i)).containsExactly((long) i, i % 7 == 0 ? null : "mode-" + i % 3,
                        new BigDecimal(i % 10).setScale(2));
            }
        }
    }

    @Test
    void anUnfinishedRunLeavesNoFile() throws IOException {
        SpillSpace space = open();
        try (QuerySpillFiles query = space.forQuery(1); SpillWriter writer = query.newRun(TYPES)) {
            writer.append(rows(0, 100_000));
        }
        assertThat(filesUnder(root)).isZero();
    }

    @Test
    void openingTheSpaceDeletesRunsACrashLeftBehind() throws IOException {
        SpillSpace first = open();
        QuerySpillFiles crashed = first.forQuery(3);
        try (SpillWriter writer = crashed.newRun(TYPES)) {
            writer.finish();
        }
        Path stray = root.resolve("b").resolve(SpillSpace.DIRECTORY).resolve("q9").resolve("run-0.seg");
        Files.createDirectories(stray.getParent());
        Files.write(stray, new byte[] {1, 2, 3});
        assertThat(filesUnder(root)).isEqualTo(2);

        open();

        assertThat(filesUnder(root)).isZero();
        assertThat(root.resolve("a").resolve(SpillSpace.DIRECTORY)).isEmptyDirectory();
    }

    @Test
    void aDamagedRunFailsWithACorruptionErrorInsteadOfWrongRows() throws IOException {
        try (QuerySpillFiles query = open().forQuery(5)) {
            SpillRun run;
            try (SpillWriter writer = query.newRun(TYPES)) {
                writer.append(rows(0, 5_000));
                run = writer.finish();
            }
            try (FileChannel channel = FileChannel.open(run.path(), StandardOpenOption.WRITE)) {
                channel.write(ByteBuffer.wrap(new byte[] {(byte) 0xA5, (byte) 0x5A}), 40);
            }
            assertThatThrownBy(() -> readAll(run)).isInstanceOf(ShoalException.class)
                    .hasMessageContaining("checksum");
        }
    }
}
