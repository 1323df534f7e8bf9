package io.shoaldb.ingest.format.csv;

import static io.shoaldb.ingest.convert.TestSchemas.col;
import static io.shoaldb.ingest.convert.TestSchemas.rows;
import static io.shoaldb.ingest.convert.TestSchemas.schema;
import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.ingest.convert.ConversionPolicy;
import io.shoaldb.ingest.convert.LoadCounters;
import io.shoaldb.ingest.convert.LoadSchema;
import io.shoaldb.ingest.convert.Reasons;
import io.shoaldb.ingest.convert.RejectedRow;
import io.shoaldb.ingest.convert.RowBatchAssembler;
import io.shoaldb.ingest.format.LoadOptions;
import io.shoaldb.ingest.format.RecordLimits;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.type.DataType;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CsvReaderTest {
    static final LoadSchema TWO = schema(col("k", DataType.INT, false, null), col("v", DataType.STRING));
    static final LoadSchema HTTPLOGS = schema(col("ts", DataType.datetime(0), false, null),
            col("clientip", DataType.varchar(20), false, null), col("request", DataType.STRING),
            col("status", DataType.INT), col("size", DataType.INT));

    record Result(List<List<Object>> rows, RowBatchAssembler assembler) {
        LoadCounters counters() {
            return assembler.counters();
        }

        String firstError() {
            return assembler.firstErrorMessage();
        }
    }

    static Result load(LoadSchema schema, byte[] data, Map<String, String> headers, int bufferSize, int chunk) throws IOException {
        LoadOptions options = LoadOptions.parse(headers);
        RowBatchAssembler a = new RowBatchAssembler(schema, options.columns(), ConversionPolicy.streamLoad(options.strictMode()),
                3, 1 << 20, 100);
        InputStream in = new ChunkedStream(data, chunk);
        List<List<Object>> out = new ArrayList<>();
        try (CsvReader r = new CsvReader(in, options, a, RecordLimits.DEFAULTS, bufferSize)) {
            Batch b;
            while ((b = r.next()) != null) {
                assertThat(b.rowCount()).isLessThanOrEqualTo(3);
                out.addAll(rows(b));
            }
            assertThat(r.bytesRead()).isEqualTo(data.length);
        }
        return new Result(out, a);
    }

    static Result load(LoadSchema schema, String data, String... headers) throws IOException {
        Map<String, String> h = new HashMap<>();
        for (int i = 0; i < headers.length; i += 2) {
            h.put(headers[i], headers[i + 1]);
        }
        byte[] bytes = data.getBytes(StandardCharsets.UTF_8);
        Result big = load(schema, bytes, h, 1 << 16, Integer.MAX_VALUE);
        // the same data through a tiny buffer fed a few bytes at a time must give the same result
        Result small = load(schema, bytes, h, 64, 3);
        assertThat(small.rows()).isEqualTo(big.rows());
        assertThat(small.counters()).isEqualTo(big.counters());
        LoadOptions options = LoadOptions.parse(h);
        if (ParallelCsvReader.applies(options)) {
            // and cut into chunks of a few bytes decoded on several threads, or into one chunk
            for (int chunkBytes : new int[] {4, 13, 1 << 16}) {
                Result parallel = loadParallel(schema, bytes, h, chunkBytes);
                assertThat(parallel.rows()).isEqualTo(big.rows());
                assertThat(parallel.counters()).isEqualTo(big.counters());
                assertThat(parallel.assembler().rejectedRows()).isEqualTo(big.assembler().rejectedRows());
            }
        }
        return big;
    }

    static Result loadParallel(LoadSchema schema, byte[] data, Map<String, String> headers, int chunkBytes)
            throws IOException {
        LoadOptions options = LoadOptions.parse(headers);
        RowBatchAssembler a = new RowBatchAssembler(schema, options.columns(),
                ConversionPolicy.streamLoad(options.strictMode()), 3, 1 << 20, 100);
        List<List<Object>> out = new ArrayList<>();
        try (ParallelCsvReader r = new ParallelCsvReader(new ChunkedStream(data, 5), options, a, RecordLimits.DEFAULTS,
                3, chunkBytes)) {
            for (Batch b = r.next(); b != null; b = r.next()) {
                assertThat(b.rowCount()).isBetween(1, 3);
                out.addAll(rows(b));
            }
        }
        return new Result(out, a);
    }

    /** Returns at most {@code chunk} bytes per read, like a slow network body. */
    static final class ChunkedStream extends ByteArrayInputStream {
        private final int chunk;

        ChunkedStream(byte[] data, int chunk) {
            super(data);
            this.chunk = chunk;
        }

        @Override
        public synchronized int read(byte[] b, int off, int len) {
            return super.read(b, off, Math.min(len, chunk));
        }
    }

    static List<Object> row(Object... v) {
        return Arrays.asList(v);
    }

    @Test
    void basicTabSeparatedWithNullAndTrailingNewline() throws IOException {
        Result r = load(TWO, "1\ta\n2\t\\N\n3\t\n");
        assertThat(r.rows()).containsExactly(row(1L, "a"), row(2L, null), row(3L, ""));
        assertThat(r.counters()).isEqualTo(new LoadCounters(3, 3, 0, 0));
    }

    @Test
    void lastLineWithoutDelimiterAndEmptyLinesSkipped() throws IOException {
        Result r = load(TWO, "\n1,a\n\n\n2,b", "column_separator", ",");
        assertThat(r.rows()).containsExactly(row(1L, "a"), row(2L, "b"));
    }

    @Test
    void crlfLines() throws IOException {
        Result r = load(TWO, "1,a\r\n2,b\r\n", "column_separator", ",");
        assertThat(r.rows()).containsExactly(row(1L, "a"), row(2L, "b"));
        Result explicit = load(TWO, "1,a\r\n2,b\r\n", "column_separator", ",", "line_delimiter", "\\r\\n");
        assertThat(explicit.rows()).containsExactly(row(1L, "a"), row(2L, "b"));
    }

    @Test
    void multiCharAndHexSeparators() throws IOException {
        assertThat(load(TWO, "1||a|b\n2||c", "column_separator", "||").rows())
                .containsExactly(row(1L, "a|b"), row(2L, "c"));
        assertThat(load(TWO, "1\u0001a\n2\u0001b", "column_separator", "\\x01").rows())
                .containsExactly(row(1L, "a"), row(2L, "b"));
        assertThat(load(TWO, "1,a<EOL>2,b<EOL>", "column_separator", ",", "line_delimiter", "<EOL>").rows())
                .containsExactly(row(1L, "a"), row(2L, "b"));
        // a separator that repeats its own first byte
        assertThat(load(TWO, "1abxa\n2abaa", "column_separator", "ab").rows()).containsExactly(row(1L, "xa"), row(2L, "aa"));
    }

    @Test
    void wrongColumnCountFilteredWithDorisReason() throws IOException {
        Result r = load(TWO, "1\ta\tx\n2\n3\tc\n");
        assertThat(r.rows()).containsExactly(row(3L, "c"));
        assertThat(r.counters()).isEqualTo(new LoadCounters(3, 1, 2, 0));
        assertThat(r.firstError()).isEqualTo("Column count mismatch: expected 2, but found 3 (sep:\\t delim:\\n)");
        assertThat(r.assembler().rejectedRows().get(1).sourceLine()).isEqualTo("2");
    }

    @Test
    void trailingSeparatorIsAnExtraEmptyField() throws IOException {
        Result r = load(TWO, "1,a,\n", "column_separator", ",");
        assertThat(r.counters().filtered()).isEqualTo(1);
        assertThat(r.firstError()).startsWith("Column count mismatch: expected 2, but found 3 (sep:, delim:\\n)");
    }

    @Test
    void encloseAndEscape() throws IOException {
        Result r = load(TWO, "1,\"a,b\"\n2,\"line\nbreak\"\n3,\"say \\\"hi\\\"\"\n4,\"x\"\"y\"\n5,plain\"quote\n6,\"\"\r\n7,\"\\\\N\"\n",
                "column_separator", ",", "enclose", "\"", "escape", "\\");
        assertThat(r.rows()).containsExactly(row(1L, "a,b"), row(2L, "line\nbreak"), row(3L, "say \"hi\""),
                row(4L, "x\"y"), row(5L, "plain\"quote"), row(6L, ""), row(7L, "\\N"));
        assertThat(load(TWO, "1,\"a\"\r\n", "column_separator", ",", "enclose", "\"").rows()).containsExactly(row(1L, "a"));
    }

    @Test
    void unterminatedEncloseAtEofIsOneFilteredRow() throws IOException {
        Result r = load(TWO, "1,a\n2,\"open\n3,c\n", "column_separator", ",", "enclose", "\"");
        assertThat(r.rows()).containsExactly(row(1L, "a"));
        assertThat(r.counters()).isEqualTo(new LoadCounters(2, 1, 1, 0));
        assertThat(r.firstError()).contains("enclose").contains("not closed");
    }

    @Test
    void trimDoubleQuotesAndEmptyFieldAsNull() throws IOException {
        assertThat(load(TWO, "1,\"a\"\n2,\"\\N\"\n3,\"\"\n", "column_separator", ",", "trim_double_quotes", "true").rows())
                .containsExactly(row(1L, "a"), row(2L, "\\N"), row(3L, ""));
        assertThat(load(TWO, "1,\n2,x\n", "column_separator", ",", "empty_field_as_null", "true").rows())
                .containsExactly(row(1L, null), row(2L, "x"));
    }

    @Test
    void skipLinesAndHeaders() throws IOException {
        assertThat(load(TWO, "junk\nmore junk\n1,a\n", "column_separator", ",", "skip_lines", "2").rows())
                .containsExactly(row(1L, "a"));
        assertThat(load(TWO, "k,v\n1,a\n", "column_separator", ",", "format", "csv_with_names").rows())
                .containsExactly(row(1L, "a"));
        assertThat(load(TWO, "k,v\nint,string\n1,a\n", "column_separator", ",", "format", "csv_with_names_and_types")
                .rows()).containsExactly(row(1L, "a"));
        assertThat(load(TWO, "\uFEFF1,a\n", "column_separator", ",").rows()).containsExactly(row(1L, "a"));
    }

    @Test
    void invalidUtf8LineIsFiltered() throws IOException {
        byte[] data = {'1', ',', 'a', '\n', '2', ',', (byte) 0xFF, 'b', '\n', '3', ',', (byte) 0xC3, (byte) 0xA9, '\n'};
        Result r = load(TWO, data, Map.of("column_separator", ","), 64, 2);
        assertThat(r.rows()).containsExactly(row(1L, "a"), row(3L, "é"));
        assertThat(r.firstError()).isEqualTo("Invalid file encoding: all CSV files must be UTF-8 encoded");
    }

    @Test
    void aBadByteFiltersOnlyItsOwnLineWhereverItFallsInTheScannedWords() throws IOException {
        for (int shift = 0; shift < 8; shift++) { // moves every line across the eight-byte words the scan reads
            ByteArrayOutputStream data = new ByteArrayOutputStream();
            data.writeBytes(("1," + "p".repeat(shift) + "\n").getBytes(StandardCharsets.UTF_8));
            data.writeBytes(new byte[] {'2', ',', (byte) 0xFF, '\n'}); // right behind the last line's delimiter
            data.writeBytes("3,a long ascii value\n4,".getBytes(StandardCharsets.UTF_8));
            data.writeBytes(new byte[] {'x', 'x', 'x', 'x', 'x', 'x', 'x', 'x', 'x', (byte) 0xC3, '\n'});
            data.writeBytes("5,été long enough\n".getBytes(StandardCharsets.UTF_8));
            Result r = load(TWO, data.toByteArray(), Map.of("column_separator", ","), 1 << 16, Integer.MAX_VALUE);
            assertThat(r.rows()).as("shift %d", shift)
                    .containsExactly(row(1L, "p".repeat(shift)), row(3L, "a long ascii value"), row(5L, "été long enough"));
            assertThat(r.assembler().rejectedRows()).extracting(RejectedRow::reason).as("shift %d", shift)
                    .containsExactly(Reasons.INVALID_UTF8_LINE, Reasons.INVALID_UTF8_LINE);
        }
    }

    @Test
    void strictModeAndColumnsHeader() throws IOException {
        LoadSchema s = schema(col("k", DataType.INT, false, null), col("d", DataType.DATE), col("c", DataType.varchar(3)));
        Result lax = load(s, "1,2024-02-30,x\n", "column_separator", ",", "columns", "k,d,c");
        assertThat(lax.rows()).containsExactly(row(1L, null, "x"));
        Result strict = load(s, "1,2024-02-30,x\n", "column_separator", ",", "strict_mode", "true");
        assertThat(strict.rows()).isEmpty();
        assertThat(strict.firstError())
                .isEqualTo("column(d) value is incorrect while strict mode is true, src value is 2024-02-30");
        Result reordered = load(s, "abc,7\n", "column_separator", ",", "columns", "c,k");
        assertThat(reordered.rows()).containsExactly(row(7L, null, "abc"));
    }

    /** An httplogs-like row (the data set of shoal-bench's DecodeBenchmark) loads in strict mode, nothing filtered. */
    @Test
    void httplogsRowLoadsInStrictMode() throws IOException {
        Result r = load(HTTPLOGS, "1998-05-12 21:33:45\t17.203.4.249\tGET /french/splash_inet.html?q=7&sid=3f2a HTTP/1.0"
                + "\t404\t23910\n", "strict_mode", "true");
        assertThat(r.rows()).containsExactly(row(LocalDateTime.of(1998, 5, 12, 21, 33, 45), "17.203.4.249",
                "GET /french/splash_inet.html?q=7&sid=3f2a HTTP/1.0", 404L, 23910L));
        assertThat(r.counters()).isEqualTo(new LoadCounters(1, 1, 0, 0));
    }

    /**
     * Thousands of rows in full-size batches, so records reach the assembler a thousand at a time and convert column
     * by column; a bad value among them sends its group row by row, with the same outcome per row as alone: filtered
     * (NOT NULL column, or strict mode) or NULL (a nullable column), row numbers and reasons in input order, and a
     * line the reader filters keeps its place between them.
     */
    @Test
    void manyRowsConvertColumnByColumnWithTheOutcomeOfEachRowAlone() throws IOException {
        LoadSchema s = schema(col("k", DataType.INT, false, null), col("d", DataType.DATE), col("m", DataType.decimal(15, 2)),
                col("v", DataType.varchar(8)));
        StringBuilder data = new StringBuilder();
        List<List<Object>> expected = new ArrayList<>();
        List<Long> filteredRows = new ArrayList<>();
        for (int i = 1; i <= 5000; i++) {
            if (i == 1500) {
                data.append("x,1996-03-13,1.00,a\n");     // NOT NULL k does not convert: filtered
                filteredRows.add((long) i);
            } else if (i == 2100) {
                data.append(i).append(",1996-02-30,2.50,b\n"); // no such date in a nullable column: NULL
                expected.add(row((long) i, null, new java.math.BigDecimal("2.50"), "b"));
            } else if (i == 2101) {
                data.append(i).append(",\\N,\\N,\\N\n");
                expected.add(row((long) i, null, null, null));
            } else if (i == 3000) {
                data.append(i).append(",1996-03-13\n");        // the reader filters it: one field short
                filteredRows.add((long) i);
            } else if (i == 4000) {
                data.append(i).append(",1996-03-13,1.00,too long a value\n"); // over varchar(8): filtered
                filteredRows.add((long) i);
            } else {
                data.append(i).append(",1996-03-").append(10 + i % 20).append(',').append(i % 1000).append('.')
                        .append(i % 10).append("5,v").append(i % 100).append('\n');
                expected.add(row((long) i, java.time.LocalDate.of(1996, 3, 10 + i % 20),
                        new java.math.BigDecimal(i % 1000 + "." + i % 10 + "5"), "v" + i % 100));
            }
        }
        LoadOptions options = LoadOptions.parse(Map.of("column_separator", ","));
        RowBatchAssembler a = new RowBatchAssembler(s, options.columns(), ConversionPolicy.streamLoad(false), 4096,
                8L << 20, 100);
        List<List<Object>> out = new ArrayList<>();
        try (CsvReader r = new CsvReader(new ByteArrayInputStream(data.toString().getBytes(StandardCharsets.UTF_8)),
                options, a, RecordLimits.DEFAULTS)) {
            for (Batch b = r.next(); b != null; b = r.next()) {
                out.addAll(rows(b));
            }
        }
        assertThat(out).isEqualTo(expected);
        assertThat(a.counters()).isEqualTo(new LoadCounters(5000, 4997, 3, 0));
        assertThat(a.rejectedRows()).extracting(RejectedRow::rowNumber).containsExactlyElementsOf(filteredRows);
        assertThat(a.rejectedRows()).extracting(RejectedRow::reason).containsExactly(Reasons.nullForNotNull("k"),
                "Column count mismatch: expected 4, but found 2 (sep:, delim:\\n)", a.rejectedRows().get(2).reason());
        assertThat(a.rejectedRows().get(2).reason()).contains("v");
        assertThat(a.rejectedRows().get(1).sourceLine()).isEqualTo("3000,1996-03-13");
    }

    @Test
    void recordLongerThanBufferGrowsIt() throws IOException {
        String big = "x".repeat(10_000);
        assertThat(load(TWO, "1," + big + "\n2,y\n", "column_separator", ",").rows())
                .containsExactly(row(1L, big), row(2L, "y"));
    }
}
