package io.shoaldb.ingest.format;

import static io.shoaldb.ingest.convert.TestSchemas.col;
import static io.shoaldb.ingest.convert.TestSchemas.rows;
import static io.shoaldb.ingest.convert.TestSchemas.schema;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.shoaldb.ingest.convert.ConversionPolicy;
import io.shoaldb.ingest.convert.LoadSchema;
import io.shoaldb.ingest.convert.RowBatchAssembler;
import io.shoaldb.ingest.format.csv.CsvReader;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.type.DataType;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A record over its limit fails the load after reading about one limit's worth, whatever the body's size. */
class RecordLimitsTest {
    private static final LoadSchema SCHEMA = schema(col("k", DataType.INT, false, null), col("v", DataType.STRING));
    private static final int LIMIT = 4096;
    private static final RecordLimits LIMITS = new RecordLimits(LIMIT, LIMIT);

    @Test
    void csvLineAtTheLimitLoadsAndOneByteMoreFails() throws IOException {
        String atLimit = "1," + "x".repeat(LIMIT - 2);
        assertThat(load(Map.of("column_separator", ","), atLimit + "\n2,b\n")).hasSize(2);

        assertThatThrownBy(() -> load(Map.of("column_separator", ","), "1,a\n" + atLimit + "y\n2,b\n"))
                .isInstanceOf(RecordTooLargeException.class)
                .hasMessageContaining("A CSV line is larger than BE's conf `streaming_load_csv_line_max_mb` allows"
                        + " (4096 bytes)");
    }

    @Test
    void endlessCsvLineFailsAfterReadingAboutTheLimit() {
        EndlessStream body = new EndlessStream("1,".getBytes(StandardCharsets.US_ASCII), (byte) 'x');
        assertThatThrownBy(() -> drain(body, Map.of("column_separator", ",")))
                .isInstanceOf(RecordTooLargeException.class);
        assertThat(body.served).isLessThan(4L * LIMIT + (1 << 20));
    }

    @Test
    void endlessEnclosedCsvFieldFails() {
        EndlessStream body = new EndlessStream("1,\"".getBytes(StandardCharsets.US_ASCII), (byte) '\n');
        assertThatThrownBy(() -> drain(body, Map.of("column_separator", ",", "enclose", "\"")))
                .isInstanceOf(RecordTooLargeException.class)
                .hasMessageContaining("streaming_load_csv_line_max_mb");
    }

    @Test
    void jsonLineAtTheLimitLoadsAndOneByteMoreFails() throws IOException {
        String prefix = "{\"k\": 1, \"v\": \"";
        String atLimit = prefix + "x".repeat(LIMIT - prefix.length() - 2) + "\"}";
        assertThat(atLimit).hasSize(LIMIT);
        Map<String, String> byLine = Map.of("format", "json", "read_json_by_line", "true");
        assertThat(load(byLine, atLimit + "\n{\"k\": 2}\n")).hasSize(2);

        String over = prefix + "x".repeat(LIMIT - prefix.length() - 1) + "\"}";
        assertThatThrownBy(() -> load(byLine, "{\"k\": 0}\n" + over + "\n"))
                .isInstanceOf(RecordTooLargeException.class)
                .hasMessageContaining("A JSON document (one line) is larger than BE's conf `streaming_load_json_max_mb`"
                        + " allows (4096 bytes)");
    }

    @Test
    void endlessJsonLineFails() {
        EndlessStream body = new EndlessStream("{\"k\": 1, \"v\": \"".getBytes(StandardCharsets.US_ASCII), (byte) 'x');
        assertThatThrownBy(() -> drain(body, Map.of("format", "json")))
                .isInstanceOf(RecordTooLargeException.class);
        assertThat(body.served).isLessThan(4L * LIMIT + (1 << 20));
    }

    @Test
    void wholeJsonBodyOverTheLimitFailsBeforeAnyRow() throws IOException {
        Map<String, String> whole = Map.of("format", "json", "strip_outer_array", "true");
        StringBuilder array = new StringBuilder("[");
        while (array.length() < LIMIT - 20) {
            array.append("{\"k\": 1},");
        }
        String fits = array.append("{\"k\": 2}]").toString();
        assertThat(load(whole, fits)).hasSizeGreaterThan(100);

        EndlessStream body = new EndlessStream("[".getBytes(StandardCharsets.US_ASCII), (byte) ' ');
        assertThatThrownBy(() -> drain(body, whole))
                .isInstanceOf(RecordTooLargeException.class)
                .hasMessageContaining("The JSON body is larger than BE's conf `streaming_load_json_max_mb`");
        assertThat(body.served).isLessThan(4L * LIMIT + (1 << 20));
    }

    @Test
    void aLongLineArrivingInSmallPiecesIsScannedInLinearTime() {
        // 32 MB in 4 KiB reads: rescanning the unfinished line at every read would scan ~130 GB. The value is
        // longer than a STRING may be, so the row is filtered: what counts here is that the line was read.
        int size = 32 << 20;
        RecordLimits roomy = new RecordLimits(64L << 20, 64L << 20);
        byte[] csv = new byte[size];
        Arrays.fill(csv, (byte) 'x');
        csv[0] = '1';
        csv[1] = ',';
        byte[] json = new byte[size];
        Arrays.fill(json, (byte) 'x');
        byte[] prefix = "{\"k\": 1, \"v\": \"".getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(prefix, 0, json, 0, prefix.length);
        json[size - 2] = '"';
        json[size - 1] = '}';
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            assertThat(recordsSeen(new Trickle(csv, 4096), Map.of("column_separator", ","), roomy)).isEqualTo(1);
            assertThat(recordsSeen(new Trickle(json, 4096), Map.of("format", "json"), roomy)).isEqualTo(1);
        });
    }

    private static List<List<Object>> load(Map<String, String> headers, String body) throws IOException {
        return drain(new ByteArrayInputStream(body.getBytes(StandardCharsets.UTF_8)), headers);
    }

    @Test
    void largeRecordsOfLoadsAtOnceShareOneBudget() throws IOException {
        // a first buffer of 64 KiB is free; growth to 256 KiB and 1 MiB is held against the budget
        RecordBufferBudget budget = new RecordBufferBudget(1 << 20);
        RecordLimits limits = new RecordLimits(4L << 20, 4L << 20, budget);
        LoadOptions options = LoadOptions.parse(Map.of("column_separator", ","));
        byte[] line = ("1," + "x".repeat((600 << 10) - 2)).getBytes(StandardCharsets.US_ASCII); // no end yet
        RowBatchAssembler a = new RowBatchAssembler(SCHEMA, options.columns(), ConversionPolicy.streamLoad(false));
        try (CsvReader first = new CsvReader(new EndlessStream(line, (byte) 'x'), options, a, limits, 64 << 10)) {
            assertThatThrownBy(first::next).isInstanceOf(RecordTooLargeException.class)
                    .hasMessageContaining("`streaming_load_record_buffer_mem_limit`")
                    .hasMessageContaining("nothing of this load is committed");
            assertThat(budget.used()).isPositive();
            // while the first load holds its buffer, another one's large record cannot grow past its first buffer
            RowBatchAssembler b = new RowBatchAssembler(SCHEMA, options.columns(), ConversionPolicy.streamLoad(false));
            try (CsvReader second = new CsvReader(new ByteArrayInputStream(line), options, b, limits, 64 << 10)) {
                assertThatThrownBy(second::next).isInstanceOf(RecordTooLargeException.class);
            }
        }
        assertThat(budget.used()).as("closing gives everything back").isZero();
        RowBatchAssembler c = new RowBatchAssembler(SCHEMA, options.columns(), ConversionPolicy.streamLoad(false));
        byte[] complete = ("1," + "x".repeat(500 << 10) + "\n").getBytes(StandardCharsets.US_ASCII);
        try (CsvReader third = new CsvReader(new ByteArrayInputStream(complete), options, c, limits, 64 << 10)) {
            while (third.next() != null) {
                assertThat(budget.used()).isLessThanOrEqualTo(1 << 20);
            }
        }
        assertThat(c.counters().total()).isEqualTo(1);
        assertThat(budget.used()).isZero();
    }

    private static List<List<Object>> drain(InputStream body, Map<String, String> headers) throws IOException {
        List<List<Object>> out = new ArrayList<>();
        RowBatchAssembler assembler = read(body, headers, LIMITS, out);
        assertThat(assembler.counters().filtered()).isZero();
        return out;
    }

    /** Rows loaded or filtered. */
    private static long recordsSeen(InputStream body, Map<String, String> headers, RecordLimits limits)
            throws IOException {
        return read(body, headers, limits, new ArrayList<>()).counters().total();
    }

    private static RowBatchAssembler read(InputStream body, Map<String, String> headers, RecordLimits limits,
            List<List<Object>> out) throws IOException {
        LoadOptions options = LoadOptions.parse(headers);
        RowBatchAssembler assembler = new RowBatchAssembler(SCHEMA, options.columns(),
                ConversionPolicy.streamLoad(false), 1000, 1 << 20, 10);
        try (BatchReader reader = BatchReader.open(body, -1, options, assembler, limits)) {
            for (Batch b = reader.next(); b != null; b = reader.next()) {
                out.addAll(rows(b));
            }
        }
        return assembler;
    }

    /** At most {@code piece} bytes per read, like a network body. */
    private static final class Trickle extends ByteArrayInputStream {
        private final int piece;

        Trickle(byte[] data, int piece) {
            super(data);
            this.piece = piece;
        }

        @Override
        public synchronized int read(byte[] b, int off, int len) {
            return super.read(b, off, Math.min(len, piece));
        }
    }

    /** A prefix, then one byte forever: a record that never ends. Counts what it served. */
    private static final class EndlessStream extends InputStream {
        private final InputStream prefix;
        private final byte filler;
        long served;

        EndlessStream(byte[] prefix, byte filler) {
            this.prefix = new SequenceInputStream(new ByteArrayInputStream(prefix), InputStream.nullInputStream());
            this.filler = filler;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = prefix.read(b, off, len);
            if (n <= 0) {
                n = Math.min(len, 8192);
                Arrays.fill(b, off, off + n, filler);
            }
            served += n;
            return n;
        }
    }
}
