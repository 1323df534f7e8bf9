package io.shoaldb.ingest.format.csv;

import static io.shoaldb.ingest.convert.TestSchemas.col;
import static io.shoaldb.ingest.convert.TestSchemas.rows;
import static io.shoaldb.ingest.convert.TestSchemas.schema;
import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.ingest.convert.ConversionPolicy;
import io.shoaldb.ingest.convert.LoadSchema;
import io.shoaldb.ingest.convert.RowBatchAssembler;
import io.shoaldb.ingest.format.BatchReader;
import io.shoaldb.ingest.format.LoadOptions;
import io.shoaldb.ingest.format.RecordBufferBudget;
import io.shoaldb.ingest.format.RecordLimits;
import io.shoaldb.ingest.format.RecordTooLargeException;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.type.DataType;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** A large input cut into chunks and decoded on several threads loads exactly as one {@link CsvReader} loads it. */
class ParallelCsvReaderTest {
    private static final LoadSchema SCHEMA = schema(col("k", DataType.INT, false, null), col("d", DataType.DATE),
            col("v", DataType.varchar(12)));

    /** What a load saw: its rows in order, and its assembler (counts, rejected rows with their row numbers). */
    private record Loaded(List<List<Object>> rows, RowBatchAssembler assembler, IOException failure) {
    }

    @Test
    void manyChunksLoadTheRowsCountsAndRejectedRowsOfOneReader() throws IOException {
        byte[] data = mixedInput(20_000, new Random(42));
        Map<String, String> headers = Map.of("column_separator", ",", "format", "csv_with_names");
        Loaded one = load(headers, data, RecordLimits.DEFAULTS, 0, 0);
        assertThat(one.rows()).hasSizeGreaterThan(15_000);
        assertThat(one.assembler().counters().filtered()).isGreaterThan(100);
        for (int parallelism : new int[] {1, 2, 4}) {
            for (int chunkBytes : new int[] {64, 1000, 64 << 10}) {
                Loaded many = load(headers, data, RecordLimits.DEFAULTS, parallelism, chunkBytes);
                String as = "parallelism " + parallelism + ", chunks of " + chunkBytes;
                assertThat(many.rows()).as(as).isEqualTo(one.rows());
                assertThat(many.assembler().counters()).as(as).isEqualTo(one.assembler().counters());
                assertThat(many.assembler().rejectedRows()).as(as).isEqualTo(one.assembler().rejectedRows());
            }
        }
    }

    @Test
    void skippedLinesLongerThanAChunkAndABomAreDropped() throws IOException {
        String header = "a long header line, longer than the chunk itself, with commas,,,\n";
        byte[] data = ("\uFEFF" + header + header + "\n" + "1,2024-01-01,x\n2,2024-01-02,y\n3,2024-01-03,z")
                .getBytes(StandardCharsets.UTF_8);
        Map<String, String> headers = Map.of("column_separator", ",", "skip_lines", "3");
        Loaded one = load(headers, data, RecordLimits.DEFAULTS, 0, 0);
        assertThat(one.rows()).hasSize(3);
        Loaded many = load(headers, data, RecordLimits.DEFAULTS, 2, 16);
        assertThat(many.rows()).isEqualTo(one.rows());
        assertThat(many.assembler().counters()).isEqualTo(one.assembler().counters());
        // the input ends inside the skipped lines: no rows
        assertThat(load(headers, (header + header).getBytes(StandardCharsets.UTF_8), RecordLimits.DEFAULTS, 2, 16)
                .rows()).isEmpty();
    }

    @Test
    void aLineOverTheLimitFailsAfterTheRowsBeforeItAndReleasesItsMemory() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < 500; i++) {
            out.writeBytes((i + ",2024-01-01,v" + i + "\n").getBytes(StandardCharsets.UTF_8));
        }
        List<List<Object>> good = load(Map.of("column_separator", ","), out.toByteArray(), RecordLimits.DEFAULTS, 0, 0)
                .rows();
        out.writeBytes(("7,2024-01-01," + "x".repeat(5000) + "\n").getBytes(StandardCharsets.UTF_8));
        out.writeBytes("8,2024-01-01,after\n".getBytes(StandardCharsets.UTF_8));
        byte[] data = out.toByteArray();
        Map<String, String> headers = Map.of("column_separator", ",");
        RecordBufferBudget budget = new RecordBufferBudget(1 << 20);
        RecordLimits limits = new RecordLimits(3000, 3000, budget);
        Loaded one = load(headers, data, limits, 0, 0);
        assertThat(one.failure()).isInstanceOf(RecordTooLargeException.class);
        // a chunk smaller than the line: the cutting meets it; a larger one: a chunk's reader does
        for (int chunkBytes : new int[] {256, 8192}) {
            Loaded many = load(headers, data, limits, 2, chunkBytes);
            assertThat(many.failure()).as("chunks of %d", chunkBytes).isInstanceOf(RecordTooLargeException.class)
                    .hasMessage(one.failure().getMessage());
            // the rows before it, in order, up to where a batch or a chunk ended (the load fails either way)
            assertThat(many.rows()).as("chunks of %d", chunkBytes).isEqualTo(good.subList(0, many.rows().size()));
            assertThat(budget.used()).isZero();
        }
    }

    @Test
    void closedBeforeTheEndItStopsAndHoldsNothing() throws IOException {
        byte[] data = mixedInput(5_000, new Random(7));
        RecordBufferBudget budget = new RecordBufferBudget(1 << 20);
        RowBatchAssembler a = assembler(LoadOptions.parse(Map.of("column_separator", ",")));
        try (ParallelCsvReader r = new ParallelCsvReader(new CsvReaderTest.ChunkedStream(data, 100),
                LoadOptions.parse(Map.of("column_separator", ",")), a, new RecordLimits(1 << 20, 1 << 20, budget), 2, 512)) {
            assertThat(r.next()).isNotNull();
        }
        assertThat(budget.used()).isZero();
    }

    @Test
    void appliesOnlyWhereEveryDelimiterByteEndsARecord() {
        assertThat(ParallelCsvReader.applies(LoadOptions.parse(Map.of()))).isTrue();
        assertThat(ParallelCsvReader.applies(LoadOptions.parse(Map.of("enclose", "\"")))).isFalse();
        assertThat(ParallelCsvReader.applies(LoadOptions.parse(Map.of("line_delimiter", "\r\n")))).isFalse();
        assertThat(ParallelCsvReader.applies(LoadOptions.parse(Map.of("format", "json")))).isFalse();
    }

    /**
     * A header line, then rows of which some are filtered by the reader (a field too many, invalid UTF-8) or by
     * conversion (a bad key, a value too long), with empty lines and CRLF endings among them, no final delimiter.
     */
    private static byte[] mixedInput(int rows, Random random) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes("k,d,v\n".getBytes(StandardCharsets.UTF_8));
        for (int i = 0; i < rows; i++) {
            String line = switch (random.nextInt(100)) {
                case 0 -> i + ",2024-02-03,x,extra";
                case 1 -> "key" + i + ",2024-02-03,x";
                case 2 -> i + ",2024-02-03,far too long a value";
                case 3 -> "";
                case 4 -> i + ",2024-02-03,crlf\r";
                default -> i + ",2024-02-" + (10 + i % 18) + ",v" + "é".repeat(i % 3) + i % 1000;
            };
            out.writeBytes(line.getBytes(StandardCharsets.UTF_8));
            if (random.nextInt(100) == 0) {
                out.writeBytes(new byte[] {',', (byte) 0xC3}); // a broken UTF-8 sequence: the line is filtered
            }
            if (i < rows - 1) {
                out.write('\n');
            }
        }
        return out.toByteArray();
    }

    private static RowBatchAssembler assembler(LoadOptions options) {
        return new RowBatchAssembler(SCHEMA, options.columns(), ConversionPolicy.streamLoad(false), 4096, 8L << 20,
                1000);
    }

    /** Loads {@code data} with one {@link CsvReader} (parallelism 0) or a {@link ParallelCsvReader}. */
    private static Loaded load(Map<String, String> headers, byte[] data, RecordLimits limits, int parallelism,
            int chunkBytes) throws IOException {
        LoadOptions options = LoadOptions.parse(headers);
        RowBatchAssembler a = assembler(options);
        List<List<Object>> out = new ArrayList<>();
        CsvReaderTest.ChunkedStream in = new CsvReaderTest.ChunkedStream(data, 777);
        try (BatchReader r = parallelism == 0 ? new CsvReader(in, options, a, limits, 4096)
                : new ParallelCsvReader(in, options, a, limits, parallelism, chunkBytes)) {
            for (Batch b = r.next(); b != null; b = r.next()) {
                out.addAll(rows(b));
            }
        } catch (IOException e) {
            return new Loaded(out, a, e);
        }
        return new Loaded(out, a, null);
    }
}
