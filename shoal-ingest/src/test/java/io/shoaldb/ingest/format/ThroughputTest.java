package io.shoaldb.ingest.format;

import static io.shoaldb.ingest.convert.TestSchemas.col;
import static io.shoaldb.ingest.convert.TestSchemas.schema;
import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.ingest.convert.ConversionPolicy;
import io.shoaldb.ingest.convert.LoadSchema;
import io.shoaldb.ingest.convert.RowBatchAssembler;
import io.shoaldb.ingest.format.csv.CsvReader;
import io.shoaldb.ingest.format.json.JsonReader;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.type.DataType;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Single-thread decode+convert throughput on an httplogs-like data set (timestamp, client ip, request line,
 * status, size; ~130 bytes a row in CSV). A measurement, not a benchmark harness: it prints MB/s after a
 * warm-up and only asserts a loose floor so a slow CI machine does not fail the build.
 */
class ThroughputTest {
    static final LoadSchema HTTPLOGS = schema(
            col("ts", DataType.datetime(0), false, null),
            col("clientip", DataType.varchar(20), false, null),
            col("request", DataType.STRING),
            col("status", DataType.INT),
            col("size", DataType.INT));

    static byte[] csv(int rows) {
        Random r = new Random(1);
        StringBuilder sb = new StringBuilder(rows * 140);
        String[] paths = {"/english/images/team_group_header_d.gif", "/english/history/past_cups/images/past_bu_30_off.gif",
            "/french/splash_inet.html", "/english/competition/matchdetails.html", "/images/s102325.gif",
            "/english/teams/teambio160.htm", "/english/images/nav_sitemap_off.gif", "/english/playing/mascot/mascot.html"};
        for (int i = 0; i < rows; i++) {
            sb.append("1998-05-").append(10 + r.nextInt(20)).append(' ').append(10 + r.nextInt(13)).append(':')
                    .append(10 + r.nextInt(50)).append(':').append(10 + r.nextInt(50)).append('\t')
                    .append(r.nextInt(250)).append('.').append(r.nextInt(250)).append('.').append(r.nextInt(250))
                    .append('.').append(r.nextInt(250)).append('\t')
                    .append("GET ").append(paths[r.nextInt(paths.length)]).append("?q=").append(r.nextInt(100000))
                    .append("&sid=").append(Long.toHexString(r.nextLong())).append(" HTTP/1.0").append('\t')
                    .append(r.nextInt(10) == 0 ? 404 : 200).append('\t').append(r.nextInt(100000)).append('\n');
        }
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    static byte[] json(int rows) {
        String text = new String(csv(rows), StandardCharsets.UTF_8);
        StringBuilder sb = new StringBuilder(rows * 200);
        for (String line : text.split("\n")) {
            String[] f = line.split("\t");
            sb.append("{\"ts\":\"").append(f[0]).append("\",\"clientip\":\"").append(f[1]).append("\",\"request\":\"")
                    .append(f[2]).append("\",\"status\":").append(f[3]).append(",\"size\":").append(f[4]).append("}\n");
        }
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    interface Decode {
        long run(byte[] data) throws IOException;
    }

    static double mbPerSecond(byte[] data, Decode decode) throws IOException {
        for (int i = 0; i < 5; i++) {
            decode.run(data); // warm-up (JIT)
        }
        long best = Long.MAX_VALUE;
        for (int i = 0; i < 5; i++) {
            long t0 = System.nanoTime();
            long rows = decode.run(data);
            best = Math.min(best, System.nanoTime() - t0);
            assertThat(rows).isPositive();
        }
        return data.length / 1e6 / (best / 1e9);
    }

    static long decodeCsv(byte[] data) throws IOException {
        LoadOptions o = LoadOptions.defaults();
        RowBatchAssembler a = new RowBatchAssembler(HTTPLOGS, o.columns(), ConversionPolicy.streamLoad(true));
        long rows = 0;
        try (CsvReader r = new CsvReader(new ByteArrayInputStream(data), o, a)) {
            Batch b;
            while ((b = r.next()) != null) {
                rows += b.rowCount();
            }
        }
        assertThat(a.counters().filtered()).isZero();
        return rows;
    }

    static long decodeJson(byte[] data) throws IOException {
        LoadOptions o = LoadOptions.parse(Map.of("format", "json"));
        RowBatchAssembler a = new RowBatchAssembler(HTTPLOGS, o.columns(), ConversionPolicy.streamLoad(true));
        long rows = 0;
        try (JsonReader r = new JsonReader(new ByteArrayInputStream(data), o, a)) {
            Batch b;
            while ((b = r.next()) != null) {
                rows += b.rowCount();
            }
        }
        assertThat(a.counters().filtered()).isZero();
        return rows;
    }

    @Test
    void csvAndJsonThroughput() throws IOException {
        byte[] csv = csv(200_000);
        byte[] json = json(200_000);
        double csvMb = mbPerSecond(csv, ThroughputTest::decodeCsv);
        double jsonMb = mbPerSecond(json, ThroughputTest::decodeJson);
        System.out.printf("THROUGHPUT httplogs-like: CSV %.1f MB/s (%.0f bytes/row), JSON %.1f MB/s (%.0f bytes/row), one thread%n",
                csvMb, csv.length / 200_000.0, jsonMb, json.length / 200_000.0);
        assertThat(csvMb).isGreaterThan(10);
        assertThat(jsonMb).isGreaterThan(5);
    }
}
