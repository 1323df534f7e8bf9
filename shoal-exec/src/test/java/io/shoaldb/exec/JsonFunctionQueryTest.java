package io.shoaldb.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.catalog.model.KeysType;
import io.shoaldb.common.error.ShoalException;
import io.shoaldb.vector.BatchBuilder;
import io.shoaldb.vector.type.DataType;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** The JSON accessors planned from SQL and run by the executor over a JSON and a VARCHAR column. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class JsonFunctionQueryTest {
    private TestDatabase db;

    @BeforeAll
    void load(@TempDir Path dir) {
        db = new TestDatabase(dir, 2, 2);
        db.create("docs", KeysType.DUPLICATE, List.of("id"), List.of(TestDatabase.col("id", DataType.INT, false),
                TestDatabase.col("doc", DataType.JSON, true), TestDatabase.col("txt", DataType.varchar(200), true)), 2);
        BatchBuilder b = new BatchBuilder(List.of(DataType.INT, DataType.JSON, DataType.varchar(200)), 8);
        add(b, 1, "{\"a\":{\"b\":7},\"s\":\"x\\\"y\",\"arr\":[10,20,{\"c\":\"deep\"}],\"d\":2.5,\"k.dot\":\"dotted\"}");
        add(b, 2, "{\"a\":{\"b\":\"7\"},\"big\":9007199254740993,\"n\":null,\"t\":true,\"u\":\"\\u00e9\\ud83d\\ude00\"}");
        add(b, 3, null);
        add(b, 4, "[1, 2, {\"a\" : [ 1 , 2 ]}]");
        db.load("docs", b.build());
    }

    private static void add(BatchBuilder b, int id, String doc) {
        b.column(0).appendObject((long) id);
        b.column(1).appendObject(doc);
        b.column(2).appendObject(doc);
    }

    @AfterAll
    void close() {
        db.close();
    }

    private List<Object> column(String expression) {
        return db.query("SELECT " + expression + " FROM docs ORDER BY id").stream().map(r -> r.get(0)).toList();
    }

    @Test
    void getJsonIntTakesOnlyIntegersThatFit() {
        assertThat(column("get_json_int(doc, '$.a.b')")).containsExactly(7L, null, null, null);
        assertThat(column("get_json_int(doc, '$.d')")).containsExactly(null, null, null, null);
        assertThat(column("get_json_int(doc, '$.big')")).containsExactly(null, null, null, null);
        assertThat(column("get_json_bigint(doc, '$.big')")).containsExactly(null, 9007199254740993L, null, null);
        assertThat(column("get_json_int(doc, '$[2].a[1]')")).containsExactly(null, null, null, 2L);
    }

    @Test
    void getJsonStringUnquotesStringsAndPrintsTheRestAsCompactJson() {
        assertThat(column("get_json_string(doc, '$.s')")).containsExactly("x\"y", null, null, null);
        assertThat(column("get_json_string(doc, '$.a')")).containsExactly("{\"b\":7}", "{\"b\":\"7\"}", null, null);
        assertThat(column("get_json_string(doc, '$.arr[2].c')")).containsExactly("deep", null, null, null);
        assertThat(column("get_json_string(doc, '$.\"k.dot\"')")).containsExactly("dotted", null, null, null);
        assertThat(column("get_json_string(doc, '$.n')")).containsExactly(null, null, null, null);
        assertThat(column("get_json_string(doc, '$.t')")).containsExactly(null, "true", null, null);
        assertThat(column("get_json_string(doc, '$.u')")).containsExactly(null, "\u00e9\ud83d\ude00", null, null);
        assertThat(column("get_json_string(doc, '$[2]')")).containsExactly(null, null, null, "{\"a\":[1,2]}");
        assertThat(column("get_json_string(txt, '$.d')")).containsExactly("2.5", null, null, null);
    }

    @Test
    void doubleAndJsonResults() {
        assertThat(column("get_json_double(doc, '$.d')")).containsExactly(2.5, null, null, null);
        assertThat(column("get_json_double(doc, '$.a.b')")).containsExactly(7.0, null, null, null);
        assertThat(column("json_extract(doc, '$.s')")).containsExactly("\"x\\\"y\"", null, null, null);
        assertThat(column("json_extract(txt, '$.n')")).containsExactly(null, "null", null, null);
        assertThat(column("json_extract_string(doc, '$.arr')")).containsExactly("[10,20,{\"c\":\"deep\"}]", null, null, null);
        assertThat(db.plan("SELECT json_extract(doc, '$.a') FROM docs").columns().getFirst().type()).isEqualTo(DataType.JSON);
        assertThat(db.plan("SELECT json_extract(txt, '$.a') FROM docs").columns().getFirst().type()).isEqualTo(DataType.STRING);
    }

    @Test
    void badPathsAreNullAndFunctionsFilterAndGroup() {
        assertThat(column("get_json_int(doc, 'a.b')")).containsExactly(null, null, null, null);
        assertThat(column("get_json_int(doc, NULL)")).containsExactly(null, null, null, null);
        assertThat(db.query("SELECT id FROM docs WHERE get_json_string(doc, '$.arr[2].c') = 'deep'"))
                .containsExactly(List.of(1L));
        assertThat(db.query("SELECT get_json_int(doc, '$.a.b') AS b, count(*) FROM docs GROUP BY b ORDER BY b"))
                .containsExactly(Arrays.asList(null, 3L), List.of(7L, 1L));
        assertThatThrownBy(() -> column("get_json_int(doc, '$.arr[*]')")).isInstanceOf(ShoalException.class)
                .hasMessageContaining("wildcards");
        assertThatThrownBy(() -> column("get_json_int(doc, txt)")).isInstanceOf(ShoalException.class)
                .hasMessageContaining("not a constant");
    }

    @Test
    void malformedTextIsNullEvenWhenThePathWasReadable() {
        assertThat(io.shoaldb.exec.expr.function.json.JsonFunctions.evaluate("get_json_int", "{\"a\":1} x", "$.a"))
                .isNull();
        assertThat(io.shoaldb.exec.expr.function.json.JsonFunctions.evaluate("get_json_int", "{\"a\":1,", "$.a"))
                .isNull();
        assertThat(io.shoaldb.exec.expr.function.json.JsonFunctions.evaluate("get_json_int", "{\"a\":1}", "$.a"))
                .isEqualTo(1L);
    }
}
