package io.shoaldb.testing.tpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The comparison rules the TPC harness judges ShoalDB by: ORDER BY with ties, decimals, doubles, NULLs. */
class ResultComparisonTest {

    private static QueryResult result(List<String> labels, Object[]... rows) {
        return new QueryResult(labels, Arrays.stream(rows).map(Arrays::asList).toList());
    }

    private static final List<String> LABELS = List.of("k", "v");

    @Test
    void rowsWithEqualOrderByKeysMayComeInAnyOrder() {
        QueryResult duck = result(LABELS, new Object[] {d("1"), "a"}, new Object[] {d("1"), "b"}, new Object[] {d("2"), "c"});
        QueryResult shoal = result(LABELS, new Object[] {d("1"), "b"}, new Object[] {d("1"), "a"}, new Object[] {d("2"), "c"});
        assertThat(ResultComparison.diff(duck, shoal, List.of(0))).isNull();
    }

    @Test
    void rowsOutOfOrderByOrderAreADifference() {
        QueryResult duck = result(LABELS, new Object[] {d("1"), "a"}, new Object[] {d("2"), "b"});
        QueryResult shoal = result(LABELS, new Object[] {d("2"), "b"}, new Object[] {d("1"), "a"});
        assertThat(ResultComparison.diff(duck, shoal, List.of(0)))
                .contains("row 1 (columns 1, 2 differ):", "DuckDB:  [1 | 'a']", "ShoalDB: [2 | 'b']");
    }

    @Test
    void withoutOrderByTheRowsAreAMultiset() {
        QueryResult duck = result(LABELS, new Object[] {d("1"), "a"}, new Object[] {d("2"), "b"});
        QueryResult shoal = result(LABELS, new Object[] {d("2"), "b"}, new Object[] {d("1"), "a"});
        assertThat(ResultComparison.diff(duck, shoal, List.of())).isNull();
        QueryResult twice = result(LABELS, new Object[] {d("2"), "b"}, new Object[] {d("2"), "b"});
        assertThat(ResultComparison.diff(duck, twice, List.of()))
                .contains("1 row(s) only in DuckDB, 1 only in ShoalDB", "DuckDB only:  [1 | 'a']", "ShoalDB only: [2 | 'b']");
    }

    @Test
    void aTieGroupCutByTheLimitMayEndInAnyOfItsRows() {
        // LIMIT 2 over k: DuckDB kept (2, 'b'), ShoalDB (2, 'c'); both are rows of the tie k = 2.
        QueryResult duck = result(LABELS, new Object[] {d("1"), "a"}, new Object[] {d("2"), "b"});
        QueryResult whole = result(LABELS, new Object[] {d("1"), "a"}, new Object[] {d("2"), "b"},
                new Object[] {d("2"), "c"}, new Object[] {d("3"), "d"});
        QueryResult shoal = result(LABELS, new Object[] {d("1"), "a"}, new Object[] {d("2"), "c"});
        assertThat(ResultComparison.diff(duck, shoal, List.of(0), () -> whole)).isNull();
        assertThat(ResultComparison.diff(duck, shoal, List.of(0))).contains("row 2 (columns 2 differ)");
        QueryResult wrong = result(LABELS, new Object[] {d("1"), "a"}, new Object[] {d("2"), "x"});
        assertThat(ResultComparison.diff(duck, wrong, List.of(0), () -> whole))
                .contains("row 2, cut by the LIMIT from a tie group of 2 rows: 1 ShoalDB row(s) are not in that group",
                        "ShoalDB only: [2 | 'x']");
    }

    @Test
    void theReferenceWithoutLimitIsTheSameTextWithoutItsFinalLimit() {
        assertThat(TpcQueries.query("q03").duckDbSqlWithoutLimit()).doesNotContainIgnoringCase("limit")
                .endsWith("o_orderdate");
        assertThat(TpcQueries.query("q01").duckDbSqlWithoutLimit()).isNull();
    }

    @Test
    void decimalsCompareByValueNotScale() {
        assertThat(ValueMatch.matches(d("1.50"), d("1.5"))).isTrue();
        assertThat(ValueMatch.matches(d("1.50"), d("1.51"))).isFalse();
        assertThat(ValueMatch.matches(d("7"), d("7.0000"))).isTrue();
    }

    @Test
    void aDoubleMatchesADecimalToTheDecimalsScale() {
        // ShoalDB's AVG(DECIMAL) is DECIMAL(38,4) rounded half up; DuckDB's is a DOUBLE.
        assertThat(ValueMatch.matches(0.04998765, d("0.0500"))).isTrue();
        assertThat(ValueMatch.matches(25.5234, d("25.52"))).isTrue();
        assertThat(ValueMatch.matches(25.5351, d("25.52"))).isFalse();   // two cents off
        assertThat(ValueMatch.matches(d("0.0512"), 0.0500)).isFalse();
    }

    @Test
    void doublesMatchToARelativeBillionth() {
        assertThat(ValueMatch.matches(1.0e12, 1.0e12 + 1e2)).isTrue();
        assertThat(ValueMatch.matches(1.0e12, 1.0e12 + 1e4)).isFalse();
        assertThat(ValueMatch.matches(0.0, 0.0)).isTrue();
    }

    @Test
    void nullMatchesOnlyNull() {
        assertThat(ValueMatch.matches(null, null)).isTrue();
        assertThat(ValueMatch.matches(null, d("0"))).isFalse();
        assertThat(ValueMatch.matches("", null)).isFalse();
    }

    @Test
    void datesAndTextCompareExactly() {
        assertThat(ValueMatch.matches(LocalDate.of(1995, 3, 15), LocalDate.of(1995, 3, 15))).isTrue();
        assertThat(ValueMatch.matches(LocalDate.of(1995, 3, 15), "1995-03-15")).isFalse();
        assertThat(ValueMatch.matches("BUILDING", "BUILDING ")).isFalse();
    }

    @Test
    void aDifferentRowCountNamesTheMissingRows() {
        QueryResult duck = result(LABELS, new Object[] {d("1"), "a"}, new Object[] {d("2"), "b"});
        QueryResult shoal = result(LABELS, new Object[] {d("1"), "a"});
        assertThat(ResultComparison.diff(duck, shoal, List.of(0)))
                .contains("row count differs: DuckDB 2, ShoalDB 1", "DuckDB only:  [2 | 'b']");
    }

    @Test
    void orderColumnsAreTheResultColumnsOfTheFinalOrderBy() {
        TpcQuery ds3 = TpcQueries.query("ds-q03");
        assertThat(ds3.orderColumns(List.of("d_year", "brand_id", "brand", "sum_agg"))).containsExactly(0, 3, 1);
        TpcQuery q1 = TpcQueries.query("q01");
        assertThat(q1.orderColumns(List.of("l_returnflag", "l_linestatus", "sum_qty"))).containsExactly(0, 1);
        assertThat(TpcQueries.query("scan").orderColumns(List.of("x"))).isEmpty();
        // Q2's subquery has no ORDER BY; Q20's ORDER BY follows nested subqueries.
        assertThat(TpcQueries.query("q20").orderColumns(List.of("s_name", "s_address"))).containsExactly(0);
        assertThatThrownBy(() -> q1.orderColumns(List.of("a", "b")))
                .hasMessageContaining("ORDER BY item 'l_returnflag' is not one of the result columns");
    }

    @Test
    void everyQueryHasItsResource() {
        assertThat(TpcQueries.all()).hasSize(41).allSatisfy(q -> assertThat(q.sql()).containsIgnoringCase("select"));
        assertThat(TpcQueries.selected("q5,ds-q03")).extracting(TpcQuery::name).containsExactly("q05", "ds-q03");
        assertThatThrownBy(() -> TpcQueries.selected("q23")).hasMessageContaining("unknown queries [q23]");
    }

    private static BigDecimal d(String s) {
        return new BigDecimal(s);
    }
}
