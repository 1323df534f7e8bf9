package io.shoaldb.storage.segment;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.storage.segment.encoding.Compression;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BatchBuilder;
import io.shoaldb.vector.BytesVectorBuilder;
import io.shoaldb.vector.IntVectorBuilder;
import io.shoaldb.vector.LongVectorBuilder;
import io.shoaldb.vector.type.DataType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A quick, printed measurement on TPC-H lineitem-shaped rows; asserts only correctness of counts. */
class LineitemThroughputTest {
    private static final List<DataType> TYPES = List.of(DataType.BIGINT, DataType.INT, DataType.INT, DataType.INT,
            DataType.decimal(15, 2), DataType.decimal(15, 2), DataType.decimal(15, 2), DataType.decimal(15, 2),
            DataType.charType(1), DataType.charType(1), DataType.DATE, DataType.DATE, DataType.DATE,
            DataType.charType(25), DataType.charType(10), DataType.varchar(44));
    private static final String[] INSTRUCT = {"DELIVER IN PERSON", "COLLECT COD", "NONE", "TAKE BACK RETURN"};
    private static final String[] MODES = {"REG AIR", "AIR", "RAIL", "SHIP", "TRUCK", "MAIL", "FOB"};
    private static final String[] WORDS = {"furiously", "quickly", "carefully", "blithely", "deposits", "requests",
        "packages", "accounts", "ironic", "final", "regular", "express", "pending", "bold", "slyly", "even"};
    @TempDir
    Path dir;

    @Test
    void measureWriteAndScan() throws Exception {
        int rows = 400_000;
        List<Batch> batches = generate(rows, new Random(1));
        long rawBytes = batches.stream().mapToLong(Batch::retainedBytes).sum();
        for (Compression compression : Compression.values()) {
            Path file = dir.resolve("lineitem-" + compression + ".seg");
            long t0 = System.nanoTime();
            try (SegmentWriter w = SegmentWriter.create(TestRows.FILES, file, TestRows.columns(TYPES),
                    SegmentWriterOptions.DEFAULT.withCompression(compression))) {
                for (Batch b : batches) {
                    w.append(b);
                }
                w.finish();
            }
            long t1 = System.nanoTime();
            long scanned = 0;
            try (SegmentReader r = SegmentReader.open(TestRows.FILES, file)) {
                SegmentScanner s = r.scan(TestRows.allColumns(TYPES.size()), ZoneMapPredicate.ALWAYS);
                for (Batch b = s.next(); b != null; b = s.next()) {
                    scanned += b.rowCount();
                }
            }
            long t2 = System.nanoTime();
            assertThat(scanned).isEqualTo(rows);
            long size = Files.size(file);
            System.out.printf("lineitem %s: %d rows, in-memory %.1f MB, file %.1f MB (ratio %.2f); write %.0f rows/s"
                    + " (%.0f MB/s in-memory); scan all columns %.0f rows/s (%.0f MB/s decoded)%n", compression, rows,
                    rawBytes / 1e6, size / 1e6, (double) rawBytes / size, rows / ((t1 - t0) / 1e9),
                    rawBytes / 1e6 / ((t1 - t0) / 1e9), rows / ((t2 - t1) / 1e9), rawBytes / 1e6 / ((t2 - t1) / 1e9));
        }
    }

    private static List<Batch> generate(int rows, Random rnd) {
        List<Batch> out = new ArrayList<>();
        BatchBuilder b = new BatchBuilder(TYPES, 4096);
        long order = 1;
        int line = 0;
        for (int i = 0; i < rows; i++) {
            if (line == 0 || rnd.nextInt(4) == 0) {
                order += 1 + rnd.nextInt(3);
                line = 0;
            }
            line++;
            ((LongVectorBuilder) b.column(0)).appendLong(order);
            ((IntVectorBuilder) b.column(1)).appendInt(1 + rnd.nextInt(200_000));
            ((IntVectorBuilder) b.column(2)).appendInt(1 + rnd.nextInt(10_000));
            ((IntVectorBuilder) b.column(3)).appendInt(line);
            long qty = 1 + rnd.nextInt(50);
            ((LongVectorBuilder) b.column(4)).appendLong(qty * 100);
            ((LongVectorBuilder) b.column(5)).appendLong(qty * (90_000 + rnd.nextInt(100_000)));
            ((LongVectorBuilder) b.column(6)).appendLong(rnd.nextInt(11));
            ((LongVectorBuilder) b.column(7)).appendLong(rnd.nextInt(9));
            str(b, 8, rnd.nextBoolean() ? "N" : rnd.nextBoolean() ? "R" : "A");
            str(b, 9, rnd.nextBoolean() ? "O" : "F");
            int ship = 8036 + rnd.nextInt(2500);
            ((IntVectorBuilder) b.column(10)).appendInt(ship);
            ((IntVectorBuilder) b.column(11)).appendInt(ship + rnd.nextInt(60) - 30);
            ((IntVectorBuilder) b.column(12)).appendInt(ship + 1 + rnd.nextInt(30));
            str(b, 13, INSTRUCT[rnd.nextInt(INSTRUCT.length)]);
            str(b, 14, MODES[rnd.nextInt(MODES.length)]);
            StringBuilder comment = new StringBuilder();
            int words = 2 + rnd.nextInt(5);
            for (int w = 0; w < words; w++) {
                comment.append(w == 0 ? "" : " ").append(WORDS[rnd.nextInt(WORDS.length)]);
            }
            str(b, 15, comment.toString());
            if (b.rowCount() == 4096) {
                out.add(b.build());
            }
        }
        if (b.rowCount() > 0) {
            out.add(b.build());
        }
        return out;
    }

    private static void str(BatchBuilder b, int column, String s) {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        ((BytesVectorBuilder) b.column(column)).appendBytes(bytes, 0, bytes.length);
    }
}
