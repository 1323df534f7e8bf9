package io.shoaldb.ingest.format.json;

import static io.shoaldb.ingest.convert.TestSchemas.col;
import static io.shoaldb.ingest.convert.TestSchemas.rows;
import static io.shoaldb.ingest.convert.TestSchemas.schema;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.ingest.convert.ConversionPolicy;
import io.shoaldb.ingest.convert.LoadCounters;
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
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonReaderTest {
    static final LoadSchema SCHEMA = schema(
            col("id", DataType.INT, false, null),
            col("name", DataType.STRING),
            col("doc", DataType.JSON),
            col("price", DataType.decimal(30, 20)));

    record Result(List<List<Object>> rows, RowBatchAssembler assembler) {
        LoadCounters counters() {
            return assembler.counters();
        }
    }

    static Result load(LoadSchema schema, String data, String... headers) throws IOException {
        Map<String, String> h = new HashMap<>();
        h.put("format", "json");
        for (int i = 0; i < headers.length; i += 2) {
            h.put(headers[i], headers[i + 1]);
        }
        LoadOptions options = LoadOptions.parse(h);
        RowBatchAssembler a = new RowBatchAssembler(schema, options.columns(), ConversionPolicy.streamLoad(options.strictMode()),
                2, 1 << 20, 100);
        List<List<Object>> out = new ArrayList<>();
        try (JsonReader r = new JsonReader(new ByteArrayInputStream(data.getBytes(StandardCharsets.UTF_8)), options, a,
                RecordLimits.DEFAULTS)) {
            Batch b;
            while ((b = r.next()) != null) {
                out.addAll(rows(b));
            }
        }
        return new Result(out, a);
    }

    static List<Object> row(Object... v) {
        return Arrays.asList(v);
    }

    @Test
    void objectPerLineMatchedByNameIgnoringCase() throws IOException {
        Result r = load(SCHEMA, "{\"ID\": 1, \"Name\": \"a\\u00e9\\\"\", \"doc\": {\"x\": [1, {\"y\": null}]}, \"price\": 1.5}\n"
                + "\n   \n{\"id\": 2, \"other\": {\"deep\": [1,2]}, \"doc\": [1,2], \"name\": null}\r\n"
                + "{\"id\": 3, \"name\": {\"n\": 1}, \"doc\": \"{\\\"s\\\": 1}\"}");
        assertThat(r.rows()).containsExactly(
                row(1L, "aé\"", "{\"x\": [1, {\"y\": null}]}", new BigDecimal("1.50000000000000000000")),
                row(2L, null, "[1,2]", null),
                row(3L, "{\"n\": 1}", "{\"s\": 1}", null));
    }

    /** An httplogs-like row (the data set of shoal-bench's DecodeBenchmark) loads in strict mode, nothing filtered. */
    @Test
    void httplogsRowLoadsInStrictMode() throws IOException {
        LoadSchema httplogs = schema(col("ts", DataType.datetime(0), false, null),
                col("clientip", DataType.varchar(20), false, null), col("request", DataType.STRING),
                col("status", DataType.INT), col("size", DataType.INT));
        Result r = load(httplogs, "{\"ts\":\"1998-05-12 21:33:45\",\"clientip\":\"17.203.4.249\",\"request\":"
                + "\"GET /french/splash_inet.html?q=7&sid=3f2a HTTP/1.0\",\"status\":404,\"size\":23910}\n",
                "strict_mode", "true");
        assertThat(r.rows()).containsExactly(row(LocalDateTime.of(1998, 5, 12, 21, 33, 45), "17.203.4.249",
                "GET /french/splash_inet.html?q=7&sid=3f2a HTTP/1.0", 404L, 23910L));
        assertThat(r.counters()).isEqualTo(new LoadCounters(1, 1, 0, 0));
    }

    @Test
    void stripOuterArray() throws IOException {
        Result r = load(SCHEMA, "[{\"id\": 1}, {\"id\": 2, \"name\": \"b\"}, {\"id\": 3}]", "strip_outer_array", "true");
        assertThat(r.rows()).containsExactly(row(1L, null, null, null), row(2L, "b", null, null), row(3L, null, null, null));
        Result noStrip = load(SCHEMA, "[{\"id\": 1}]\n{\"id\": 2}", "read_json_by_line", "true");
        assertThat(noStrip.rows()).containsExactly(row(2L, null, null, null));
        assertThat(noStrip.assembler().firstErrorMessage())
                .isEqualTo("JSON data is array-object, `strip_outer_array` must be TRUE.");
        Result wrongStrip = load(SCHEMA, "{\"id\": 2}", "strip_outer_array", "true");
        assertThat(wrongStrip.assembler().firstErrorMessage())
                .isEqualTo("JSON data is not an array-object, `strip_outer_array` must be FALSE.");
        Result byLineArrays = load(SCHEMA, "[{\"id\": 1}, {\"id\": 2}]\n[{\"id\": 3}]",
                "strip_outer_array", "true", "read_json_by_line", "true");
        assertThat(byLineArrays.rows()).hasSize(3);
    }

    @Test
    void jsonRootAndJsonPaths() throws IOException {
        Result r = load(SCHEMA, "{\"meta\": 1, \"data\": {\"rows\": [{\"a\": {\"b\": 7}, \"arr\": [\"x\", \"y\"], \"p\": 2.25}]}}",
                "json_root", "$.data.rows", "strip_outer_array", "true",
                "jsonpaths", "[\"$.a.b\", \"$.arr[1]\", \"$.a\", \"$.p\"]");
        assertThat(r.rows()).containsExactly(row(7L, "y", "{\"b\": 7}", new BigDecimal("2.25000000000000000000")));
        Result missing = load(SCHEMA, "{\"x\": 1}", "json_root", "$.data");
        assertThat(missing.assembler().firstErrorMessage()).isEqualTo("JSON Root not found.");
        Result whole = load(schema(col("id", DataType.INT, false, null), col("all", DataType.JSON)),
                "{\"id\": 5, \"k\": [1]}", "jsonpaths", "[\"$.id\", \"$\"]");
        assertThat(whole.rows()).containsExactly(row(5L, "{\"id\": 5, \"k\": [1]}"));
    }

    @Test
    void columnsHeaderMapsJsonKeys() throws IOException {
        Result r = load(SCHEMA, "{\"k\": 4, \"n\": \"x\"}", "columns", "k, n, id = k, name = n");
        assertThat(r.rows()).containsExactly(row(4L, "x", null, null));
    }

    @Test
    void numAsStringKeepsPrecision() throws IOException {
        String doc = "{\"id\": 1, \"price\": 0.12345678901234567891}";
        assertThat(load(SCHEMA, doc, "num_as_string", "true").rows().getFirst().get(3))
                .isEqualTo(new BigDecimal("0.12345678901234567891"));
        assertThat(load(SCHEMA, doc).rows().getFirst().get(3))
                .isEqualTo(new BigDecimal(Double.toString(0.12345678901234567891)).setScale(20));
    }

    @Test
    void missingNotNullKeyAndTypeErrors() throws IOException {
        Result r = load(SCHEMA, "{\"name\": \"a\"}\n{\"id\": \"zz\"}\n{\"id\": 9}", "strict_mode", "true");
        assertThat(r.rows()).containsExactly(row(9L, null, null, null));
        assertThat(r.assembler().rejectedRows()).extracting(x -> x.reason()).containsExactly(
                "The column `id` is not nullable, but it's not found in jsondata.",
                "column(id) value is incorrect while strict mode is true, src value is zz");
        assertThat(r.assembler().rejectedRows().getFirst().sourceLine()).isEqualTo("{\"name\": \"a\"}");
    }

    @Test
    void malformedLineIsFilteredAndLoadGoesOn() throws IOException {
        Result r = load(SCHEMA, "{\"id\": 1}\n{\"id\": 2,,}\n{\"id\": 3}\n42\n");
        assertThat(r.rows()).containsExactly(row(1L, null, null, null), row(3L, null, null, null));
        assertThat(r.counters()).isEqualTo(new LoadCounters(4, 2, 2, 0));
        assertThat(r.assembler().firstErrorMessage()).startsWith("Parse json data for JsonDoc failed. error info: ");
        assertThat(r.assembler().rejectedRows().get(1).reason()).isEqualTo("JSON data is not an object");
    }

    @Test
    void malformedWholeBodyLoadsNothing() throws IOException {
        Result r = load(SCHEMA, "[{\"id\": 1}, {\"id\": 2}, {\"id\": ", "strip_outer_array", "true");
        assertThat(r.rows()).isEmpty();
        assertThat(r.counters()).isEqualTo(new LoadCounters(1, 0, 1, 0));
    }

    @Test
    void invalidJsonPathsRejected() {
        assertThatThrownBy(() -> load(SCHEMA, "{}", "jsonpaths", "[\"$.a[*]\", \"$.b\", \"$.c\", \"$.d\"]"))
                .hasMessageContaining("Invalid json path");
        assertThatThrownBy(() -> load(SCHEMA, "{}", "jsonpaths", "[\"$.a\"]")).hasMessageContaining("jsonpaths has 1");
    }
}
