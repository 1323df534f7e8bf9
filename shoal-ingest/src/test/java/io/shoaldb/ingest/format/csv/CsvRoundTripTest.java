package io.shoaldb.ingest.format.csv;

import static io.shoaldb.ingest.convert.TestSchemas.col;
import static io.shoaldb.ingest.convert.TestSchemas.rows;
import static io.shoaldb.ingest.convert.TestSchemas.schema;
import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.ingest.convert.ConversionPolicy;
import io.shoaldb.ingest.convert.LoadSchema;
import io.shoaldb.ingest.convert.RowBatchAssembler;
import io.shoaldb.ingest.format.LoadOptions;
import io.shoaldb.ingest.format.RecordLimits;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.type.DataType;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Random rows written as CSV (plain and enclosed) must read back identical. */
class CsvRoundTripTest {
    private static final LoadSchema SCHEMA = schema(
            col("id", DataType.BIGINT, false, null),
            col("d", DataType.DATE),
            col("t", DataType.datetime(3)),
            col("m", DataType.decimal(20, 4)),
            col("s", DataType.STRING),
            col("f", DataType.DOUBLE),
            col("b", DataType.BOOLEAN));

    @Test
    void randomRoundTrip() throws IOException {
        long seed = System.nanoTime();
        System.out.println("CsvRoundTripTest seed=" + seed);
        Random r = new Random(seed);
        for (boolean enclosed : new boolean[] {false, true}) {
            List<List<Object>> expected = new ArrayList<>();
            StringBuilder csv = new StringBuilder();
            for (int i = 0; i < 2000; i++) {
                List<Object> row = randomRow(r, i, enclosed);
                expected.add(row);
                csv.append(write(row, enclosed)).append(r.nextBoolean() ? "\n" : "\r\n");
            }
            Map<String, String> headers = enclosed
                    ? Map.of("column_separator", ",", "enclose", "\"", "escape", "\\")
                    : Map.of("column_separator", "\\x01");
            LoadOptions options = LoadOptions.parse(headers);
            RowBatchAssembler a = new RowBatchAssembler(SCHEMA, options.columns(), ConversionPolicy.streamLoad(true));
            List<List<Object>> got = new ArrayList<>();
            try (CsvReader reader = new CsvReader(new CsvReaderTest.ChunkedStream(
                    csv.toString().getBytes(StandardCharsets.UTF_8), 1 + r.nextInt(5000)), options, a, RecordLimits.DEFAULTS, 1 << 12)) {
                Batch b;
                while ((b = reader.next()) != null) {
                    got.addAll(rows(b));
                }
            }
            assertThat(a.firstErrorMessage()).as("seed " + seed).isNull();
            assertThat(got).as("seed " + seed).isEqualTo(expected);
        }
    }

    private static List<Object> randomRow(Random r, long id, boolean enclosed) {
        LocalDate d = LocalDate.ofEpochDay(r.nextInt(3_000_000) - 719_000);
        LocalDateTime t = LocalDateTime.of(LocalDate.ofEpochDay(r.nextInt(40_000)),
                java.time.LocalTime.ofNanoOfDay((r.nextLong() & Long.MAX_VALUE) % 86_400_000_000_000L / 1_000_000 * 1_000_000));
        BigDecimal m = BigDecimal.valueOf(r.nextLong() % 100_000_000_000_000L, 4);
        String alphabet = enclosed ? "ab ,\"\\\n中😀x" : "ab ,\"\\中😀x\t";
        StringBuilder s = new StringBuilder();
        int n = r.nextInt(12);
        for (int i = 0; i < n; i++) {
            int cp = alphabet.codePointAt(alphabet.offsetByCodePoints(0, r.nextInt(alphabet.codePointCount(0, alphabet.length()))));
            s.appendCodePoint(cp);
        }
        Object str = r.nextInt(10) == 0 ? null : s.toString();
        if ("\\N".equals(str)) {
            str = "x";
        }
        double f = r.nextInt(5) == 0 ? r.nextInt(1000) : r.nextGaussian() * Math.pow(10, r.nextInt(30) - 15);
        return Arrays.asList(id, r.nextInt(8) == 0 ? null : d, t, m, str, f, r.nextBoolean());
    }

    private static String write(List<Object> row, boolean enclosed) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < row.size(); i++) {
            if (i > 0) {
                sb.append(enclosed ? "," : "\u0001");
            }
            Object v = row.get(i);
            String text = switch (v) {
                case null -> "\\N";
                case LocalDateTime t -> t.toString().replace('T', ' ');
                case BigDecimal m -> m.toPlainString();
                default -> v.toString();
            };
            if (enclosed && v instanceof String) {
                sb.append('"').append(text.replace("\\", "\\\\").replace("\"", "\\\"")).append('"');
            } else {
                sb.append(text);
            }
        }
        return sb.toString();
    }
}
