package io.shoaldb.ingest.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LoadOptionsTest {
    @Test
    void defaults() {
        LoadOptions o = LoadOptions.defaults();
        assertThat(o.format()).isEqualTo(LoadFormat.CSV);
        assertThat(o.columnSeparator()).containsExactly('\t');
        assertThat(o.lineDelimiter()).containsExactly('\n');
        assertThat(o.maxFilterRatio()).isZero();
        assertThat(o.strictMode()).isFalse();
        assertThat(o.readJsonByLine()).isTrue();
        assertThat(o.stripOuterArray()).isFalse();
        assertThat(o.enclose()).isZero();
        assertThat(o.columns().inputFields()).isNull();
    }

    @Test
    void separators() {
        assertThat(LoadOptions.parse(Map.of("column_separator", "\\x01")).columnSeparator()).containsExactly(1);
        assertThat(LoadOptions.parse(Map.of("column_separator", "\\x0102")).columnSeparator()).containsExactly(1, 2);
        assertThat(LoadOptions.parse(Map.of("column_separator", "||")).columnSeparator()).containsExactly('|', '|');
        assertThat(LoadOptions.parse(Map.of("line_delimiter", "\\r\\n")).lineDelimiter()).containsExactly('\r', '\n');
        assertThat(LoadOptions.parse(Map.of("column_separator", "\\t")).columnSeparator()).containsExactly('\t');
        assertThat(LoadOptions.parse(Map.of("column_separator", "\\X7C")).columnSeparator()).containsExactly('|');
        assertThatThrownBy(() -> LoadOptions.parse(Map.of("column_separator", "\\x1"))).hasMessageContaining("hex");
    }

    @Test
    void formats() {
        assertThat(LoadOptions.parse(Map.of("format", "CSV_WITH_NAMES")).csvLinesToSkip()).isEqualTo(1);
        assertThat(LoadOptions.parse(Map.of("format", "csv_with_names_and_types", "skip_lines", "5")).csvLinesToSkip())
                .isEqualTo(2);
        assertThat(LoadOptions.parse(Map.of("skip_lines", "3")).csvLinesToSkip()).isEqualTo(3);
        assertThat(LoadOptions.parse(Map.of("format", "json")).format()).isEqualTo(LoadFormat.JSON);
        assertThatThrownBy(() -> LoadOptions.parse(Map.of("format", "xml")))
                .hasMessage("unknown data format, format=xml");
        assertThatThrownBy(() -> LoadOptions.parse(Map.of("format", "parquet")))
                .satisfies(e -> assertThat(((ShoalException) e).code()).isEqualTo(ErrorCode.NOT_SUPPORTED));
    }

    @Test
    void invalidValues() {
        assertThatThrownBy(() -> LoadOptions.parse(Map.of("strict_mode", "yes")))
                .hasMessage("Invalid strict mode format. Must be bool type")
                .satisfies(e -> assertThat(((ShoalException) e).code()).isEqualTo(ErrorCode.LOAD_INVALID_ARGUMENT));
        assertThat(LoadOptions.parse(Map.of("strict_mode", "TRUE")).strictMode()).isTrue();
        assertThatThrownBy(() -> LoadOptions.parse(Map.of("enclose", "ab")))
                .hasMessage("enclose must be single-char, actually is ab");
        assertThatThrownBy(() -> LoadOptions.parse(Map.of("escape", "\\\\")))
                .hasMessage("escape must be single-char, actually is \\\\");
        assertThatThrownBy(() -> LoadOptions.parse(Map.of("max_filter_ratio", "2"))).hasMessageContaining("max_filter_ratio");
        assertThatThrownBy(() -> LoadOptions.parse(Map.of("max_filter_ratio", "x"))).hasMessageContaining("max_filter_ratio");
        assertThatThrownBy(() -> LoadOptions.parse(Map.of("skip_lines", "-1"))).hasMessageContaining("skip_lines");
        assertThatThrownBy(() -> LoadOptions.parse(Map.of("jsonpaths", "$.a"))).hasMessageContaining("jsonpaths");
        assertThatThrownBy(() -> LoadOptions.parse(Map.of("jsonpaths", "[\"a\"]"))).hasMessageContaining("jsonpaths");
        assertThatThrownBy(() -> LoadOptions.parse(Map.of("json_root", "data"))).hasMessageContaining("json_root");
    }

    @Test
    void jsonSwitches() {
        LoadOptions o = LoadOptions.parse(Map.of("format", "json", "strip_outer_array", "true",
                "jsonpaths", "[\"$.a\", \"$.b[0]\"]", "json_root", "$.data", "num_as_string", "true"));
        assertThat(o.stripOuterArray()).isTrue();
        assertThat(o.readJsonByLine()).isFalse(); // only strip_outer_array given: not by line
        assertThat(o.jsonPaths()).containsExactly("$.a", "$.b[0]");
        assertThat(o.jsonRoot()).isEqualTo("$.data");
        assertThat(o.numAsString()).isTrue();
        assertThat(LoadOptions.parse(Map.of("max_filter_ratio", "0.25", "enclose", "'", "escape", "\\",
                "trim_double_quotes", "true", "empty_field_as_null", "true", "columns", "a, b",
                "where", "a > 1")).columns().inputFields()).isEqualTo(List.of("a", "b"));
    }
}
