package io.shoaldb.bench.ingest;

import io.shoaldb.ingest.convert.ConversionPolicy;
import io.shoaldb.ingest.convert.RowBatchAssembler;
import io.shoaldb.ingest.format.BatchReader;
import io.shoaldb.ingest.format.LoadOptions;
import io.shoaldb.ingest.format.RecordLimits;
import io.shoaldb.ingest.format.csv.CsvReader;
import io.shoaldb.ingest.format.json.JsonReader;
import io.shoaldb.vector.Batch;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Single-thread stream-load decode + conversion of httplogs-like rows, as CSV ({@link CsvReader}) or as
 * newline-delimited JSON ({@link JsonReader}), feeding a {@link RowBatchAssembler} (stream-load policy,
 * strict mode) until every row is in a {@link Batch}. The score is invocations/s of one {@code rows}-row
 * payload; the {@code megabytes} counter is MB/s.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "--enable-native-access=ALL-UNNAMED",
    "--sun-misc-unsafe-memory-access=allow"})
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 5)
public class DecodeBenchmark {
    @Param("100000")
    public int rows;

    @Param({"csv", "json"})
    public String format;

    private byte[] data;

    @Setup
    public void generate() throws IOException {
        data = format.equals("json") ? HttpLogs.json(rows) : HttpLogs.csv(rows);
        long decoded = decodeAll(data, format);
        if (decoded != rows) {
            throw new IllegalStateException("decoded " + decoded + " of " + rows + " rows");
        }
    }

    @Benchmark
    public long decode(DecodeCounters counters) throws IOException {
        long n = decodeAll(data, format);
        counters.megabytes += data.length / 1e6;
        counters.rows += n;
        return n;
    }

    static long decodeAll(byte[] data, String format) throws IOException {
        LoadOptions o = LoadOptions.parse(Map.of("format", format));
        RowBatchAssembler a = new RowBatchAssembler(HttpLogs.SCHEMA, o.columns(), ConversionPolicy.streamLoad(true));
        long n = 0;
        try (BatchReader r = BatchReader.open(new ByteArrayInputStream(data), data.length, o, a, RecordLimits.DEFAULTS)) {
            for (Batch b = r.next(); b != null; b = r.next()) {
                n += b.rowCount();
            }
        }
        if (a.counters().filtered() != 0) {
            throw new IllegalStateException(a.counters().filtered() + " rows filtered");
        }
        return n;
    }
}
