package io.shoaldb.storage.segment;

import static io.shoaldb.storage.segment.TestRows.ALL_TYPES;
import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.storage.segment.encoding.Compression;
import io.shoaldb.storage.segment.encoding.Encoding;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BatchBuilder;
import io.shoaldb.vector.DictionaryVector;
import io.shoaldb.vector.type.DataType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class SegmentRoundTripTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(Compression.class)
    void everyTypeWithNullsAndExtremesOverManyPages(Compression compression) throws Exception {
        List<Object[]> rows = TestRows.rows(ALL_TYPES, 5000, new Random(42), 0.1, false);
        Path file = TestRows.write(dir.resolve("s.seg"), ALL_TYPES, rows,
                SegmentWriterOptions.DEFAULT.withCompression(compression).withMaxPageRows(700), 1234);
        int[] all = TestRows.allColumns(ALL_TYPES.size());
        assertThat(TestRows.readAll(file, all, ZoneMapPredicate.ALWAYS)).isEqualTo(TestRows.project(rows, all));
        try (SegmentReader r = SegmentReader.open(TestRows.FILES, file)) {
            assertThat(r.rowCount()).isEqualTo(5000);
            assertThat(r.pageCount()).isEqualTo(8);
            assertThat(r.columns().get(3).uniqueId()).isEqualTo(103);
            assertThat(r.columns().get(10).type()).isEqualTo(DataType.decimal(38, 10));
        }
        assertThat(Files.size(file)).isPositive();
    }

    @ParameterizedTest
    @EnumSource(Compression.class)
    void pagesDecodedEarlierKeepTheirValuesWhileTheThreadReadsLaterPages(Compression compression) {
        // a thread reads every page through the same scratch arrays: the vectors must not share them
        List<Object[]> rows = TestRows.rows(ALL_TYPES, 5000, new Random(5), 0.1, false);
        Path file = TestRows.write(dir.resolve("k.seg"), ALL_TYPES, rows,
                SegmentWriterOptions.DEFAULT.withCompression(compression).withMaxPageRows(300), 1234);
        int[] all = TestRows.allColumns(ALL_TYPES.size());
        List<Batch> batches = new ArrayList<>();
        try (SegmentReader r = SegmentReader.open(TestRows.FILES, file)) {
            SegmentScanner scanner = r.scan(all, ZoneMapPredicate.ALWAYS);
            for (Batch b = scanner.next(); b != null; b = scanner.next()) {
                batches.add(b);
            }
        }
        List<List<Object>> read = new ArrayList<>();
        for (Batch b : batches) {
            for (int i = 0; i < b.positionCount(); i++) {
                List<Object> row = new ArrayList<>();
                for (int c = 0; c < b.columnCount(); c++) {
                    row.add(b.getObject(i, c));
                }
                read.add(row);
            }
        }
        assertThat(batches).hasSizeGreaterThan(10);
        assertThat(read).isEqualTo(TestRows.project(rows, all));
    }

    @Test
    void allNullColumnsAndEmptyStrings() {
        List<DataType> types = List.of(DataType.INT, DataType.STRING, DataType.LARGEINT, DataType.DOUBLE);
        List<Object[]> rows = new java.util.ArrayList<>();
        for (int i = 0; i < 300; i++) {
            rows.add(new Object[] {null, "", null, null});
        }
        Path file = TestRows.write(dir.resolve("n.seg"), types, rows, SegmentWriterOptions.DEFAULT, 100);
        int[] all = TestRows.allColumns(4);
        assertThat(TestRows.readAll(file, all, ZoneMapPredicate.ALWAYS)).isEqualTo(TestRows.project(rows, all));
        try (SegmentReader r = SegmentReader.open(TestRows.FILES, file)) {
            assertThat(r.columnZoneMap(0).nullCount()).isEqualTo(300);
            assertThat(r.columnZoneMap(0).hasValues()).isFalse();
        }
    }

    @Test
    void emptySegment() {
        Path file = TestRows.write(dir.resolve("e.seg"), ALL_TYPES, List.of(), SegmentWriterOptions.DEFAULT, 10);
        assertThat(TestRows.readAll(file, new int[] {0, 5}, ZoneMapPredicate.ALWAYS)).isEmpty();
    }

    @Test
    void projectionReadsOnlyRequestedColumnsInRequestedOrder() {
        List<Object[]> rows = TestRows.rows(ALL_TYPES, 2000, new Random(7), 0.2, false);
        Path file = TestRows.write(dir.resolve("p.seg"), ALL_TYPES, rows, SegmentWriterOptions.DEFAULT, 500);
        int[] projection = {14, 0, 10};
        assertThat(TestRows.readAll(file, projection, ZoneMapPredicate.ALWAYS))
                .isEqualTo(TestRows.project(rows, projection));
    }

    @ParameterizedTest
    @EnumSource(value = Encoding.class, names = {"PLAIN", "RUN_LENGTH", "BIT_PACKED", "DELTA"})
    void forcedIntegerEncodingsRoundTrip(Encoding encoding) {
        List<DataType> types = List.of(DataType.TINYINT, DataType.INT, DataType.BIGINT, DataType.decimal(18, 3),
                DataType.decimal(30, 2), DataType.DATE, DataType.datetime(6), DataType.LARGEINT);
        List<Object[]> rows = TestRows.rows(types, 3000, new Random(encoding.ordinal()), 0.05, false);
        rows.addAll(TestRows.rows(types, 3000, new Random(99), 0.05, true));
        Path file = TestRows.write(dir.resolve("f.seg"), types, rows,
                SegmentWriterOptions.DEFAULT.withForcedEncoding(encoding).withMaxPageRows(1000), 777);
        int[] all = TestRows.allColumns(types.size());
        assertThat(TestRows.readAll(file, all, ZoneMapPredicate.ALWAYS)).isEqualTo(TestRows.project(rows, all));
        try (SegmentReader r = SegmentReader.open(TestRows.FILES, file)) {
            for (int c : new int[] {0, 1, 2, 3, 5, 6}) { // 128-bit pages that do not fit 64 bits stay PLAIN
                for (int p = 0; p < r.pageCount(); p++) {
                    assertThat(r.pageMeta(c, p).encoding()).isEqualTo(encoding);
                }
            }
        }
    }

    @Test
    void forcedDictionaryForStringsDecodesToDictionaryVectors() {
        List<DataType> types = List.of(DataType.varchar(50), DataType.JSON);
        List<Object[]> rows = TestRows.rows(types, 2500, new Random(5), 0.1, false);
        Path file = TestRows.write(dir.resolve("d.seg"), types, rows,
                SegmentWriterOptions.DEFAULT.withForcedEncoding(Encoding.DICTIONARY), 1000);
        assertThat(TestRows.readAll(file, new int[] {0, 1}, ZoneMapPredicate.ALWAYS))
                .isEqualTo(TestRows.project(rows, new int[] {0, 1}));
        try (SegmentReader r = SegmentReader.open(TestRows.FILES, file)) {
            assertThat(r.pageMeta(0, 0).encoding()).isEqualTo(Encoding.DICTIONARY);
            assertThat(r.readPage(0, 0)).isInstanceOf(DictionaryVector.class);
        }
    }

    @Test
    void writerPicksEncodingPerPageByShapeOfData() {
        List<DataType> types = List.of(DataType.BIGINT, DataType.INT, DataType.INT, DataType.STRING,
                DataType.STRING, DataType.DOUBLE);
        BatchBuilder b = new BatchBuilder(types);
        Random rnd = new Random(3);
        for (int i = 0; i < 4000; i++) {
            b.appendRow(5_000_000_000L + 3L * i, 7L, (long) rnd.nextInt(1000), "mode-" + rnd.nextInt(5),
                    Long.toHexString(rnd.nextLong()), rnd.nextDouble());
        }
        Path file = dir.resolve("auto.seg");
        try (SegmentWriter w = SegmentWriter.create(TestRows.FILES, file, TestRows.columns(types),
                SegmentWriterOptions.DEFAULT)) {
            w.append(b.build());
            w.finish();
        }
        try (SegmentReader r = SegmentReader.open(TestRows.FILES, file)) {
            assertThat(r.pageMeta(0, 0).encoding()).isEqualTo(Encoding.DELTA);
            assertThat(r.pageMeta(1, 0).encoding()).isEqualTo(Encoding.RUN_LENGTH);
            assertThat(r.pageMeta(2, 0).encoding()).isEqualTo(Encoding.BIT_PACKED);
            assertThat(r.pageMeta(3, 0).encoding()).isEqualTo(Encoding.DICTIONARY);
            assertThat(r.pageMeta(4, 0).encoding()).isEqualTo(Encoding.PLAIN);
            assertThat(r.pageMeta(5, 0).encoding()).isEqualTo(Encoding.PLAIN);
            // Random doubles do not compress by 1/8, so the writer stores them raw.
            assertThat(r.pageMeta(5, 0).compression()).isEqualTo(Compression.NONE);
        }
    }

    @Test
    void randomisedRoundTrips() {
        long seed = System.nanoTime();
        System.out.println("SegmentRoundTripTest.randomisedRoundTrips seed " + seed);
        Random rnd = new Random(seed);
        Set<Encoding> seen = EnumSet.noneOf(Encoding.class);
        for (int iteration = 0; iteration < 12; iteration++) {
            List<DataType> types = new java.util.ArrayList<>();
            int columns = 1 + rnd.nextInt(6);
            for (int c = 0; c < columns; c++) {
                types.add(ALL_TYPES.get(rnd.nextInt(ALL_TYPES.size())));
            }
            List<Object[]> rows = TestRows.rows(types, rnd.nextInt(3000), rnd, rnd.nextDouble() * 0.5, rnd.nextBoolean());
            Compression compression = Compression.values()[rnd.nextInt(3)];
            SegmentWriterOptions options = new SegmentWriterOptions(1 + rnd.nextInt(100_000), 1 + rnd.nextInt(2000),
                    compression, 1 + rnd.nextInt(5), null);
            Path file = TestRows.write(dir.resolve("r" + iteration + ".seg"), types, rows, options, 1 + rnd.nextInt(1500));
            int[] all = TestRows.allColumns(types.size());
            assertThat(TestRows.readAll(file, all, ZoneMapPredicate.ALWAYS))
                    .as("seed %d iteration %d types %s options %s", seed, iteration, types, options)
                    .isEqualTo(TestRows.project(rows, all));
            try (SegmentReader r = SegmentReader.open(TestRows.FILES, file)) {
                for (int c = 0; c < types.size(); c++) {
                    for (int p = 0; p < r.pageCount(); p++) {
                        seen.add(r.pageMeta(c, p).encoding());
                    }
                }
            }
        }
        System.out.println("encodings seen: " + seen);
    }
}
