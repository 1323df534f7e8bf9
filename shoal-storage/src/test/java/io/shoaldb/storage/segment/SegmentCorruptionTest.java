package io.shoaldb.storage.segment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import io.shoaldb.storage.segment.encoding.Compression;
import io.shoaldb.vector.type.DataType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class SegmentCorruptionTest {
    private static final List<DataType> TYPES = List.of(DataType.INT, DataType.varchar(20), DataType.DOUBLE,
            DataType.decimal(38, 2));
    @TempDir
    Path dir;

    private Path smallSegment(Compression compression) {
        List<Object[]> rows = TestRows.rows(TYPES, 60, new Random(11), 0.2, false);
        return TestRows.write(dir.resolve("small.seg"), TYPES, rows,
                SegmentWriterOptions.DEFAULT.withCompression(compression).withMaxPageRows(25), 60);
    }

    @ParameterizedTest
    @EnumSource(Compression.class)
    void flippingAnyByteIsDetected(Compression compression) throws Exception {
        Path good = smallSegment(compression);
        int[] all = TestRows.allColumns(TYPES.size());
        List<List<Object>> expected = TestRows.readAll(good, all, ZoneMapPredicate.ALWAYS);
        byte[] original = Files.readAllBytes(good);
        Path bad = dir.resolve("bad.seg");
        int detected = 0;
        for (int i = 0; i < original.length; i++) {
            for (int mask : new int[] {i % 2 == 0 ? 0x01 : 0x80}) { // one flip per byte keeps the test fast
                byte[] copy = original.clone();
                copy[i] ^= (byte) mask;
                Files.write(bad, copy);
                try {
                    List<List<Object>> got = TestRows.readAll(bad, all, ZoneMapPredicate.ALWAYS);
                    assertThat(got).as("byte %d ^ %x gave different rows", i, mask).isEqualTo(expected);
                } catch (ShoalException e) {
                    assertThat(e.code()).as("byte %d: %s", i, e.getMessage()).isEqualTo(ErrorCode.CORRUPT_FILE);
                    assertThat(e.getMessage()).contains("bad.seg");
                    detected++;
                }
            }
        }
        // The format has no padding: every byte is covered by a magic, a checksum or a checked offset.
        assertThat(detected).isEqualTo(original.length);
    }

    @Test
    void pageCorruptionNamesColumnAndPage() throws Exception {
        Path good = smallSegment(Compression.NONE);
        long offset;
        try (SegmentReader r = SegmentReader.open(TestRows.FILES, good)) {
            offset = r.pageMeta(1, 2).offset();
        }
        byte[] bytes = Files.readAllBytes(good);
        bytes[(int) offset] ^= 0x10;
        Files.write(good, bytes);
        try (SegmentReader r = SegmentReader.open(TestRows.FILES, good)) {
            assertThatThrownBy(() -> TestRows.drain(r.scan(new int[] {1}, ZoneMapPredicate.ALWAYS)))
                    .isInstanceOfSatisfying(ShoalException.class, e -> {
                        assertThat(e.code()).isEqualTo(ErrorCode.CORRUPT_FILE);
                        assertThat(e.getMessage()).contains("small.seg", "column 1", "unique id 101", "page 2");
                    });
            // Other columns of the same page are intact and still readable.
            assertThat(TestRows.drain(r.scan(new int[] {0}, ZoneMapPredicate.ALWAYS))).hasSize(60);
        }
    }

    @Test
    void truncatedFilesAreCorrupt() throws Exception {
        byte[] original = Files.readAllBytes(smallSegment(Compression.LZ4));
        Path bad = dir.resolve("short.seg");
        for (int len = 0; len < original.length; len++) {
            Files.write(bad, Arrays.copyOf(original, len));
            assertThatThrownBy(() -> TestRows.readAll(bad, new int[] {0}, ZoneMapPredicate.ALWAYS))
                    .as("truncated to %d", len)
                    .isInstanceOfSatisfying(ShoalException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.CORRUPT_FILE));
        }
    }

    @Test
    void unfinishedWriterLeavesNoFile() {
        Path file = dir.resolve("abandoned.seg");
        try (SegmentWriter w = SegmentWriter.create(TestRows.FILES, file, TestRows.columns(TYPES),
                SegmentWriterOptions.DEFAULT)) {
            assertThat(Files.exists(file)).isTrue();
        }
        assertThat(Files.exists(file)).isFalse();
        if (Files.exists(file)) {
            fail("partial segment left behind");
        }
    }
}
