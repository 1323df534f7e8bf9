package io.shoaldb.ingest.convert;

import static io.shoaldb.ingest.convert.TestSchemas.col;
import static io.shoaldb.ingest.convert.TestSchemas.rows;
import static io.shoaldb.ingest.convert.TestSchemas.schema;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.type.DataType;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class RowBatchAssemblerTest {
    private final LoadSchema schema = schema(
            col("k1", DataType.INT, false, null),
            col("name", DataType.varchar(5), true, null),
            col("amount", DataType.decimal(5, 2), true, null),
            col("flag", DataType.INT, false, 7L));

    static TextRow textRow(String... fields) {
        TextRow r = new TextRow(fields.length);
        for (String f : fields) {
            if (f == null) {
                r.addNull();
            } else {
                byte[] b = f.getBytes(StandardCharsets.UTF_8);
                r.add(b, 0, b.length);
            }
        }
        byte[] line = String.join(",", Arrays.stream(fields).map(f -> f == null ? "\\N" : f).toList())
                .getBytes(StandardCharsets.UTF_8);
        r.setLine(line, 0, line.length);
        return r;
    }

    private RowBatchAssembler assembler(ColumnMapping mapping, boolean strict) {
        return new RowBatchAssembler(schema, mapping, ConversionPolicy.streamLoad(strict));
    }

    @Test
    void identityMappingConvertsAllColumns() {
        RowBatchAssembler a = assembler(ColumnMapping.identity(), true);
        assertThat(a.appendText(textRow("1", "ab", "1.005", "3"))).isTrue();
        assertThat(a.appendText(textRow("2", null, null, "4"))).isTrue();
        Batch b = a.flush();
        assertThat(rows(b)).containsExactly(
                List.of(1L, "ab", new BigDecimal("1.01"), 3L),
                Arrays.asList(2L, null, null, 4L));
        assertThat(a.counters()).isEqualTo(new LoadCounters(2, 2, 0, 0));
    }

    @Test
    void strictModeFiltersFailedConversionsWithDorisReason() {
        RowBatchAssembler a = assembler(ColumnMapping.identity(), true);
        assertThat(a.appendText(textRow("1", "ab", "abc", "3"))).isFalse();
        assertThat(a.appendText(textRow("2", "cd", "1", "3"))).isTrue();
        assertThat(rows(a.flush())).hasSize(1); // the filtered row left nothing behind in any column
        assertThat(a.firstErrorMessage())
                .isEqualTo("column(amount) value is incorrect while strict mode is true, src value is abc");
        assertThat(a.rejectedRows().getFirst().toErrorLogLine())
                .isEqualTo("Reason: column(amount) value is incorrect while strict mode is true, src value is abc."
                        + " src line [1,ab,abc,3]; ");
        assertThat(a.counters()).isEqualTo(new LoadCounters(2, 1, 1, 0));
    }

    @Test
    void nonStrictModeTurnsFailuresIntoNullUnlessNotNull() {
        RowBatchAssembler a = assembler(ColumnMapping.identity(), false);
        assertThat(a.appendText(textRow("1", "ab", "abc", "3"))).isTrue();
        assertThat(a.appendText(textRow("x", "ab", "1", "3"))).isFalse();
        assertThat(rows(a.flush())).containsExactly(Arrays.asList(1L, "ab", null, 3L));
        assertThat(a.firstErrorMessage()).isEqualTo("column(k1) values is null while columns is not nullable");
    }

    @Test
    void nullInputForNotNullColumnIsFilteredInBothModes() {
        for (boolean strict : new boolean[] {true, false}) {
            RowBatchAssembler a = assembler(ColumnMapping.identity(), strict);
            assertThat(a.appendText(textRow(null, "ab", "1", "3"))).isFalse();
            assertThat(a.firstErrorMessage()).isEqualTo("column(k1) values is null while columns is not nullable");
        }
    }

    @Test
    void overLongStringsAreFilteredEvenWhenNotStrict() {
        RowBatchAssembler a = assembler(ColumnMapping.identity(), false);
        assertThat(a.appendText(textRow("1", "abcdefg", "1", "3"))).isFalse();
        assertThat(a.firstErrorMessage()).isEqualTo("column_name[name], the length of input is too long than schema."
                + " first 32 bytes of input str: [abcdefg] schema length: 5; actual length: 7; ");
    }

    @Test
    void nonStrictInsertTruncatesOverLongStrings() {
        RowBatchAssembler a = new RowBatchAssembler(schema, ColumnMapping.identity(), ConversionPolicy.insert(false));
        assertThat(a.appendObjects(1L, "abcdefg", new BigDecimal("2.5"), 1L)).isTrue();
        assertThat(rows(a.flush())).containsExactly(List.of(1L, "abcde", new BigDecimal("2.50"), 1L));
        RowBatchAssembler strict = new RowBatchAssembler(schema, ColumnMapping.identity(), ConversionPolicy.insert(true));
        assertThat(strict.appendObjects(1L, "abcdefg", null, 1L)).isFalse();
        assertThat(strict.rejectedRows().getFirst().sourceLine()).isEqualTo("1, abcdefg, NULL, 1");
    }

    @Test
    void columnListFillsDefaultsAndNulls() {
        RowBatchAssembler a = assembler(ColumnMapping.of(List.of("NAME", "k1")), true);
        assertThat(a.appendText(textRow("zz", "9"))).isTrue();
        assertThat(rows(a.flush())).containsExactly(Arrays.asList(9L, "zz", null, 7L));
        assertThat(a.inputFieldCount()).isEqualTo(2);
    }

    @Test
    void notNullWithoutDefaultAndNotMentionedFiltersEveryRow() {
        RowBatchAssembler a = assembler(ColumnMapping.of(List.of("name")), true);
        assertThat(a.appendText(textRow("zz"))).isFalse();
        assertThat(a.appendObjects("yy")).isFalse();
        assertThat(a.counters()).isEqualTo(new LoadCounters(2, 0, 2, 0));
        assertThat(a.firstErrorMessage()).isEqualTo("Column has no default value. column: k1");
    }

    @Test
    void columnsHeaderWithPlaceholdersAndDerivedColumns() {
        ColumnMapping m = ColumnMapping.parse("tmp_skip, k1, `name`, amount = '12.5', flag = k1");
        RowBatchAssembler a = assembler(m, true);
        assertThat(a.appendText(textRow("ignored", "4", "n"))).isTrue();
        assertThat(rows(a.flush())).containsExactly(List.of(4L, "n", new BigDecimal("12.50"), 4L));
    }

    @Test
    void derivedNullConstantOnNotNullColumnFilters() {
        RowBatchAssembler a = assembler(ColumnMapping.parse("k1, flag = NULL"), true);
        assertThat(a.appendText(textRow("1"))).isFalse();
        assertThat(a.firstErrorMessage()).isEqualTo("column(flag) values is null while columns is not nullable");
    }

    @Test
    void mappingErrors() {
        assertThatThrownBy(() -> ColumnMapping.parse("k1, k2 = k1 + 1"))
                .isInstanceOf(ShoalException.class)
                .satisfies(e -> assertThat(((ShoalException) e).code()).isEqualTo(ErrorCode.NOT_SUPPORTED))
                .hasMessageContaining("k2 = k1 + 1");
        assertThatThrownBy(() -> ColumnMapping.parse("k1, k2 = concat(k1, 'a')")).hasMessageContaining("concat(k1, 'a')");
        assertThatThrownBy(() -> assembler(ColumnMapping.parse("k1, nope = k1"), true))
                .satisfies(e -> assertThat(((ShoalException) e).code()).isEqualTo(ErrorCode.UNKNOWN_COLUMN));
        assertThatThrownBy(() -> assembler(ColumnMapping.parse("k1, name = zz"), true))
                .satisfies(e -> assertThat(((ShoalException) e).code()).isEqualTo(ErrorCode.UNKNOWN_COLUMN));
        assertThatThrownBy(() -> assembler(ColumnMapping.of(List.of("k1", "K1")), true))
                .satisfies(e -> assertThat(((ShoalException) e).code()).isEqualTo(ErrorCode.DUPLICATE_COLUMN));
    }

    @Test
    void batchesAreBoundedAndRejectedRowsCapped() {
        RowBatchAssembler a = new RowBatchAssembler(schema, ColumnMapping.identity(), ConversionPolicy.streamLoad(true),
                3, 1 << 20, 2);
        for (int i = 0; i < 3; i++) {
            a.appendText(textRow(String.valueOf(i), "x", "1", "1"));
        }
        assertThat(a.isFull()).isTrue();
        assertThat(a.flush().rowCount()).isEqualTo(3);
        assertThat(a.isFull()).isFalse();
        for (int i = 0; i < 5; i++) {
            a.appendText(textRow("bad", "x", "1", "1"));
        }
        assertThat(a.rejectedRows()).hasSize(2);
        assertThat(a.rejectedRows().get(1).rowNumber()).isEqualTo(5);
        assertThat(a.counters().filtered()).isEqualTo(5);
    }

    @Test
    void absentJsonKeyUsesDefaultOrNullOrFilters() {
        RowBatchAssembler a = assembler(ColumnMapping.identity(), true);
        TextRow r = new TextRow(4);
        r.resetAbsent(4);
        byte[] one = "1".getBytes(StandardCharsets.UTF_8);
        r.set(0, one, 0, 1);
        assertThat(a.appendText(r)).isTrue();
        assertThat(rows(a.flush())).containsExactly(Arrays.asList(1L, null, null, 7L));
        r.resetAbsent(4);
        assertThat(a.appendText(r)).isFalse();
        assertThat(a.firstErrorMessage()).isEqualTo("The column `k1` is not nullable, but it's not found in jsondata.");
    }

    @Test
    void filterPolicyStreamLoad() {
        FilterPolicy p = new FilterPolicy(0.1, false);
        assertThat(p.checkStreamLoad(new LoadCounters(100, 90, 10, 0))).isEmpty();
        assertThat(p.checkStreamLoad(new LoadCounters(100, 89, 11, 0)).orElseThrow().getMessage())
                .isEqualTo("too many filtered rows");
        assertThat(p.checkStreamLoad(new LoadCounters(110, 89, 11, 10)).orElseThrow().code())
                .isEqualTo(ErrorCode.LOAD_TOO_MANY_FILTERED_ROWS);
        assertThat(new FilterPolicy(0, true).streamLoadFails(new LoadCounters(5, 5, 0, 0))).isFalse();
        assertThat(new FilterPolicy(0, false).streamLoadFails(new LoadCounters(5, 4, 1, 0))).isTrue();
        assertThat(new FilterPolicy(1, false).streamLoadFails(new LoadCounters(5, 0, 5, 0))).isFalse();
        assertThatThrownBy(() -> new FilterPolicy(1.5, false)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void filterPolicyInsert() {
        assertThat(new FilterPolicy(1, true).checkInsert(new LoadCounters(5, 4, 1, 0)).orElseThrow().getMessage())
                .isEqualTo("Insert has filtered data in strict mode");
        assertThat(new FilterPolicy(0.1, false).checkInsert(new LoadCounters(5, 4, 1, 0)).orElseThrow().getMessage())
                .isEqualTo(String.format("Insert has too many filtered data 1/5 insert_max_filter_ratio is %f", 0.1));
        assertThat(new FilterPolicy(0.2, false).checkInsert(new LoadCounters(5, 4, 1, 0))).isEmpty();
        assertThat(new FilterPolicy(0, true).checkInsert(new LoadCounters(5, 5, 0, 0))).isEmpty();
    }
}
