package io.shoaldb.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Window functions over 20,000 generated lineitem rows (8 tablets, 4 data partitions, so partitioned windows
 * run on several drivers) against DuckDB on the same rows: every function, frame and key type, NULLs in
 * partition and order keys (l_shipmode, l_tax, l_tiny are nullable), ties (l_linenumber, l_returnflag).
 * Ordering within a window is made total (l_orderkey, l_linenumber) wherever the function depends on the
 * order of peers; results are compared as multisets, or in order when the query has an ORDER BY.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WindowFunctionComparisonTest {
    private static final int ROWS = 20_000;

    private LineitemTwin twin;
    private TestDatabase db;
    private Connection duck;

    @BeforeAll
    void load(@TempDir Path dir) throws Exception {
        twin = LineitemTwin.load(dir, ROWS, 11, 4, 8, 3);
        db = twin.db();
        duck = twin.duck();
    }

    @AfterAll
    void close() throws Exception {
        twin.close();
    }

    static Stream<String> unordered() {
        String total = "l_orderkey, l_linenumber";
        return Stream.of(
                // ranking, partitioned (parallel) and not (one driver)
                "SELECT l_orderkey, l_linenumber, row_number() OVER (PARTITION BY l_shipmode ORDER BY " + total + ") FROM lineitem",
                "SELECT l_orderkey, l_linenumber, row_number() OVER (ORDER BY l_extendedprice DESC, " + total + ") FROM lineitem",
                "SELECT l_orderkey, l_linenumber, rank() OVER (PARTITION BY l_returnflag ORDER BY l_linenumber),"
                        + " dense_rank() OVER (PARTITION BY l_returnflag ORDER BY l_linenumber) FROM lineitem",
                "SELECT l_orderkey, l_linenumber, rank() OVER (ORDER BY l_tax DESC), dense_rank() OVER (ORDER BY l_tax)"
                        + " FROM lineitem",
                "SELECT l_orderkey, l_linenumber, percent_rank() OVER (PARTITION BY l_shipmode ORDER BY l_tiny),"
                        + " cume_dist() OVER (PARTITION BY l_shipmode ORDER BY l_tiny) FROM lineitem",
                "SELECT l_orderkey, l_linenumber, ntile(4) OVER (PARTITION BY l_linestatus ORDER BY " + total + "),"
                        + " ntile(7) OVER (PARTITION BY l_orderkey ORDER BY l_linenumber) FROM lineitem",
                "SELECT l_orderkey, l_linenumber, ntile(3) OVER (ORDER BY " + total + ") FROM lineitem WHERE l_orderkey < 40",
                // LAG / LEAD: offsets, defaults, text and dates
                "SELECT l_orderkey, l_linenumber, lag(l_extendedprice) OVER (PARTITION BY l_orderkey ORDER BY l_linenumber),"
                        + " lead(l_extendedprice, 2) OVER (PARTITION BY l_orderkey ORDER BY l_linenumber) FROM lineitem",
                "SELECT l_orderkey, l_linenumber, lag(l_shipmode, 1, 'none') OVER (PARTITION BY l_returnflag ORDER BY " + total + "),"
                        + " lead(l_shipdate, 3, DATE '2000-01-01') OVER (ORDER BY " + total + ") FROM lineitem",
                "SELECT l_orderkey, l_linenumber, lag(l_tax, 1, 0) OVER (PARTITION BY l_shipmode ORDER BY " + total + "),"
                        + " lead(l_large, 1, l_orderkey) OVER (PARTITION BY l_shipmode ORDER BY " + total + ") FROM lineitem",
                // FIRST_VALUE / LAST_VALUE with the default frame (peers) and explicit frames
                "SELECT l_orderkey, l_linenumber, first_value(l_comment) OVER (PARTITION BY l_orderkey ORDER BY l_linenumber),"
                        + " last_value(l_comment) OVER (PARTITION BY l_orderkey ORDER BY l_linenumber) FROM lineitem",
                "SELECT l_orderkey, l_linenumber, last_value(l_orderkey) OVER (PARTITION BY l_returnflag ORDER BY l_linenumber, l_orderkey)"
                        + " FROM lineitem",
                "SELECT l_orderkey, l_linenumber, first_value(l_bigdec) OVER (PARTITION BY l_shipmode ORDER BY " + total
                        + " ROWS BETWEEN 2 PRECEDING AND 2 FOLLOWING), last_value(l_committs) OVER (PARTITION BY l_shipmode"
                        + " ORDER BY " + total + " ROWS BETWEEN 1 FOLLOWING AND 3 FOLLOWING) FROM lineitem",
                // aggregates: whole partition, running (RANGE with peers), ROWS frames
                "SELECT l_orderkey, l_linenumber, sum(l_quantity) OVER (), count(l_tax) OVER (), avg(l_discount) OVER (),"
                        + " min(l_shipdate) OVER (), max(l_comment) OVER () FROM lineitem",
                "SELECT l_orderkey, l_linenumber, sum(l_quantity) OVER (PARTITION BY l_orderkey),"
                        + " count(*) OVER (PARTITION BY l_orderkey), avg(l_discount) OVER (PARTITION BY l_orderkey),"
                        + " min(l_shipdate) OVER (PARTITION BY l_orderkey), max(l_comment) OVER (PARTITION BY l_orderkey)"
                        + " FROM lineitem",
                "SELECT l_orderkey, l_linenumber, sum(l_extendedprice) OVER (PARTITION BY l_returnflag ORDER BY l_linenumber),"
                        + " count(l_tax) OVER (PARTITION BY l_returnflag ORDER BY l_linenumber) FROM lineitem",
                "SELECT l_orderkey, l_linenumber, sum(l_linenumber) OVER (ORDER BY " + total + "),"
                        + " sum(l_tiny) OVER (PARTITION BY l_shipmode ORDER BY " + total + " ROWS BETWEEN 3 PRECEDING AND 1 PRECEDING),"
                        + " count(l_tiny) OVER (PARTITION BY l_shipmode ORDER BY " + total + " ROWS BETWEEN 3 PRECEDING AND 1 PRECEDING)"
                        + " FROM lineitem",
                "SELECT l_orderkey, l_linenumber, sum(l_tax) OVER (PARTITION BY l_orderkey ORDER BY l_linenumber"
                        + " ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW), avg(l_tax) OVER (PARTITION BY l_shipmode ORDER BY "
                        + total + " ROWS BETWEEN 2 PRECEDING AND 2 FOLLOWING) FROM lineitem",
                "SELECT l_orderkey, l_linenumber, min(l_tax) OVER (PARTITION BY l_shipmode ORDER BY " + total
                        + " ROWS BETWEEN 5 PRECEDING AND CURRENT ROW), max(l_extendedprice) OVER (PARTITION BY l_shipmode ORDER BY "
                        + total + " ROWS BETWEEN CURRENT ROW AND 4 FOLLOWING) FROM lineitem",
                "SELECT l_orderkey, l_linenumber, min(l_comment) OVER (PARTITION BY l_linestatus ORDER BY " + total
                        + " ROWS BETWEEN 1 PRECEDING AND UNBOUNDED FOLLOWING), max(l_large) OVER (PARTITION BY l_linestatus"
                        + " ORDER BY " + total + " ROWS BETWEEN UNBOUNDED PRECEDING AND 1 FOLLOWING) FROM lineitem",
                "SELECT l_orderkey, l_linenumber, sum(l_bigdec) OVER (PARTITION BY l_tiny ORDER BY " + total
                        + " ROWS BETWEEN 10 PRECEDING AND 10 FOLLOWING), avg(l_bigdec) OVER (PARTITION BY l_tiny),"
                        + " avg(l_quantity) OVER (PARTITION BY l_tiny ORDER BY l_linenumber), sum(l_large) OVER (PARTITION BY l_tiny)"
                        + " FROM lineitem",
                "SELECT l_orderkey, l_linenumber, sum(l_float) OVER (PARTITION BY l_returnflag, l_linestatus),"
                        + " avg(l_small) OVER (PARTITION BY l_returnflag, l_linestatus ORDER BY l_shipdate, " + total + ")"
                        + " FROM lineitem",
                // windows over an aggregate and under a filter, and several windows in one query
                "SELECT l_shipmode, sum(l_quantity) AS q, rank() OVER (ORDER BY sum(l_quantity) DESC) FROM lineitem"
                        + " GROUP BY l_shipmode",
                "SELECT * FROM (SELECT l_orderkey, l_linenumber, row_number() OVER (PARTITION BY l_orderkey"
                        + " ORDER BY l_extendedprice DESC, l_linenumber) AS rn FROM lineitem) t WHERE rn <= 2",
                "SELECT l_orderkey, l_linenumber, row_number() OVER (PARTITION BY l_shipmode ORDER BY " + total + ") + 1,"
                        + " sum(l_quantity) OVER (PARTITION BY l_linestatus) - l_quantity FROM lineitem WHERE l_orderkey < 2000",
                // empty input
                "SELECT l_orderkey, row_number() OVER (ORDER BY l_orderkey), sum(l_quantity) OVER (PARTITION BY l_shipmode)"
                        + " FROM lineitem WHERE l_orderkey < 0");
    }

    static Stream<String> ordered() {
        return Stream.of(
                "SELECT l_orderkey, l_linenumber, rank() OVER (PARTITION BY l_shipmode ORDER BY l_tax) AS r FROM lineitem"
                        + " WHERE l_orderkey < 300 ORDER BY l_orderkey, l_linenumber",
                "SELECT l_orderkey, l_linenumber, l_extendedprice FROM lineitem ORDER BY l_extendedprice, l_orderkey, l_linenumber");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("unordered")
    void sameRowsAsDuckDb(String sql) throws Exception {
        ResultComparison.assertSameRows(sql, db.query(sql), ResultComparison.duckdb(duck, sql), false);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ordered")
    void sameOrderedRowsAsDuckDb(String sql) throws Exception {
        ResultComparison.assertSameRows(sql, db.query(sql), ResultComparison.duckdb(duck, sql), true);
    }

    @Test
    void rangeFramesWithOffsetsAreNotSupported() {
        assertThatThrownBy(() -> db.query("SELECT sum(l_quantity) OVER (ORDER BY l_orderkey RANGE BETWEEN 2 PRECEDING"
                + " AND CURRENT ROW) FROM lineitem"))
                .isInstanceOf(ShoalException.class)
                .satisfies(e -> assertThat(((ShoalException) e).code()).isEqualTo(ErrorCode.NOT_SUPPORTED))
                .hasMessageContaining("RANGE frames with value offsets");
    }
}
