package io.shoaldb.exec;

import static org.assertj.core.api.Assertions.assertThat;

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
 * The same 50,000 generated lineitem rows in our storage (8 tablets over 4 data partitions, 5 loads) and
 * in DuckDB; every query of the battery must give the same rows in both.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DuckDbComparisonTest {
    private static final int ROWS = 50_000;

    private LineitemTwin twin;
    private TestDatabase db;
    private Connection duck;

    @BeforeAll
    void load(@TempDir Path dir) throws Exception {
        twin = LineitemTwin.load(dir, ROWS, 42, 4, 8, 5);
        db = twin.db();
        duck = twin.duck();
    }

    @AfterAll
    void close() throws Exception {
        twin.close();
    }

    /** Queries whose result order is not defined: compared as multisets. */
    static Stream<String> unordered() {
        return Stream.of(
                // projections and scans
                "SELECT l_orderkey, l_linenumber, l_quantity, l_shipmode FROM lineitem WHERE l_orderkey < 100",
                "SELECT * FROM lineitem WHERE l_linenumber = 2 AND l_shipdate >= '1997-06-01'",
                "SELECT l_comment, l_large, l_bigdec, l_float, l_committs FROM lineitem WHERE l_orderkey <= 300",
                // every comparison operator on every type
                "SELECT count(*) FROM lineitem WHERE l_quantity = 25.00",
                "SELECT count(*) FROM lineitem WHERE l_quantity <> 25.00",
                "SELECT count(*), sum(l_extendedprice) FROM lineitem WHERE l_extendedprice < 50000",
                "SELECT count(*) FROM lineitem WHERE l_extendedprice <= 1000.5",
                "SELECT count(*) FROM lineitem WHERE l_discount > 0.05",
                "SELECT count(*) FROM lineitem WHERE l_discount >= 0.05",
                "SELECT count(*) FROM lineitem WHERE l_tax > 0.04",
                "SELECT count(*) FROM lineitem WHERE l_tax < 0.02 OR l_tax IS NULL",
                "SELECT count(*) FROM lineitem WHERE l_shipdate < '1998-09-02'",
                // the scan + aggregate of shoal-bench's ScanAggregateBenchmark
                "SELECT sum(l_extendedprice), count(*) FROM lineitem WHERE l_shipdate < '1998-09-02'",
                "SELECT count(*) FROM lineitem WHERE l_shipdate BETWEEN '1994-01-01' AND '1994-12-31'",
                "SELECT count(*) FROM lineitem WHERE l_shipdate NOT BETWEEN '1994-01-01' AND '1996-12-31'",
                "SELECT count(*) FROM lineitem WHERE l_committs > '1995-03-15 12:00:00'",
                "SELECT count(*) FROM lineitem WHERE l_returnflag = 'R'",
                "SELECT count(*) FROM lineitem WHERE l_shipmode IN ('AIR', 'MAIL', 'REG AIR')",
                "SELECT count(*) FROM lineitem WHERE l_shipmode NOT IN ('AIR', 'MAIL')",
                "SELECT count(*) FROM lineitem WHERE l_shipmode IS NULL",
                "SELECT count(*) FROM lineitem WHERE l_shipmode IS NOT NULL AND l_comment IS NULL",
                "SELECT count(*) FROM lineitem WHERE l_comment LIKE 'quick%'",
                "SELECT count(*) FROM lineitem WHERE l_comment LIKE '%dog'",
                "SELECT count(*) FROM lineitem WHERE l_comment LIKE '%a%'",
                "SELECT count(*) FROM lineitem WHERE l_comment NOT LIKE '%fox%'",
                "SELECT count(*) FROM lineitem WHERE l_comment LIKE 'f_na%'",
                "SELECT count(*) FROM lineitem WHERE l_comment > 'lazy'",
                "SELECT count(*) FROM lineitem WHERE l_flag",
                "SELECT count(*) FROM lineitem WHERE NOT l_flag",
                "SELECT count(*) FROM lineitem WHERE l_flag = false",
                "SELECT count(*) FROM lineitem WHERE l_tiny < 0 AND l_small > 100",
                "SELECT count(*) FROM lineitem WHERE l_tiny IN (1, 2, 3, -5)",
                "SELECT count(*) FROM lineitem WHERE l_large > 0",
                "SELECT count(*) FROM lineitem WHERE l_float < 0",
                "SELECT count(*) FROM lineitem WHERE l_bigdec >= 0",
                "SELECT count(*) FROM lineitem WHERE NOT (l_linenumber = 1 OR l_tax > 0.05)",
                "SELECT count(*) FROM lineitem WHERE l_orderkey % 7 = 3 AND l_linenumber + 1 > 3",
                "SELECT count(*) FROM lineitem WHERE l_orderkey = 4711",
                // aggregates
                "SELECT count(*), count(l_tax), count(l_shipmode), count(l_large) FROM lineitem",
                "SELECT sum(l_quantity), min(l_quantity), max(l_quantity), avg(l_quantity) FROM lineitem",
                "SELECT sum(l_extendedprice), avg(l_extendedprice), sum(l_bigdec), avg(l_bigdec) FROM lineitem",
                "SELECT sum(l_tax), min(l_tax), max(l_tax), avg(l_tax) FROM lineitem",
                "SELECT sum(l_tiny), sum(l_small), sum(l_linenumber), sum(l_orderkey), avg(l_tiny) FROM lineitem",
                "SELECT sum(l_large), min(l_large), max(l_large) FROM lineitem",
                "SELECT sum(l_float), min(l_float), max(l_float) FROM lineitem",
                "SELECT min(l_shipdate), max(l_shipdate), min(l_committs), max(l_committs) FROM lineitem",
                "SELECT min(l_comment), max(l_comment), min(l_shipmode), max(l_returnflag) FROM lineitem",
                "SELECT count(*), sum(l_quantity), min(l_shipdate), avg(l_tax) FROM lineitem WHERE l_orderkey < 0",
                // GROUP BY one, two, three keys of all kinds
                "SELECT l_returnflag, l_linestatus, count(*), sum(l_quantity), sum(l_extendedprice),"
                        + " avg(l_quantity), avg(l_extendedprice), avg(l_discount), min(l_shipdate), max(l_comment)"
                        + " FROM lineitem WHERE l_shipdate <= '1998-09-02' GROUP BY l_returnflag, l_linestatus",
                "SELECT l_shipmode, count(*), sum(l_tax), max(l_large) FROM lineitem GROUP BY l_shipmode",
                "SELECT l_shipdate, l_returnflag, l_flag, count(*) FROM lineitem GROUP BY l_shipdate, l_returnflag, l_flag",
                "SELECT l_comment, count(*), min(l_orderkey) FROM lineitem GROUP BY l_comment",
                "SELECT l_orderkey, sum(l_quantity) FROM lineitem GROUP BY l_orderkey HAVING sum(l_quantity) > 150",
                "SELECT l_tiny, l_float, count(*) FROM lineitem GROUP BY l_tiny, l_float HAVING count(*) > 1",
                "SELECT l_large, count(*) FROM lineitem WHERE l_orderkey < 2000 GROUP BY l_large",
                "SELECT l_linenumber % 2, count(*), sum(l_discount) FROM lineitem GROUP BY l_linenumber % 2",
                "SELECT l_committs, count(*) FROM lineitem WHERE l_orderkey < 3000 GROUP BY l_committs",
                "SELECT DISTINCT l_returnflag, l_linestatus FROM lineitem",
                "SELECT l_shipmode, count(*) AS c FROM lineitem WHERE l_shipmode LIKE '%A%' GROUP BY l_shipmode",
                // expressions and casts
                "SELECT l_orderkey, l_extendedprice * (1 - l_discount), l_quantity + 1, l_tax * 2, l_tiny + l_small,"
                        + " l_linenumber / 3, l_linenumber % 3, -l_quantity, l_float + l_tax FROM lineitem"
                        + " WHERE l_orderkey < 60",
                "SELECT sum(l_extendedprice * (1 - l_discount)), sum(l_extendedprice * (1 - l_discount) * (1 + l_tax))"
                        + " FROM lineitem",
                // (not CAST(l_quantity AS INT): Doris drops the fraction, DuckDB rounds; see casts.test)
                "SELECT CAST(l_quantity AS DOUBLE), CAST(l_shipdate AS VARCHAR), CAST(l_tiny AS DOUBLE),"
                        + " CAST(l_linenumber AS DECIMAL(10,2)), CAST(l_shipdate AS TIMESTAMP) FROM lineitem"
                        + " WHERE l_orderkey < 30",
                "SELECT l_orderkey, l_tax IS NULL, l_linenumber > 2, l_flag AND l_linenumber > 2,"
                        + " l_flag OR l_tax > 0.05 FROM lineitem WHERE l_orderkey < 40",
                // set operations over columns with NULLs (equal to each other in set operations)
                "SELECT l_shipmode, l_tax FROM lineitem WHERE l_orderkey < 500"
                        + " UNION ALL SELECT l_shipmode, l_discount FROM lineitem WHERE l_linenumber = 1",
                "SELECT l_shipmode, l_tax FROM lineitem UNION SELECT l_shipmode, l_discount FROM lineitem",
                "SELECT l_shipmode, l_tax FROM lineitem WHERE l_linenumber = 1"
                        + " INTERSECT SELECT l_shipmode, l_tax FROM lineitem WHERE l_linenumber = 2",
                "SELECT l_shipmode, l_comment FROM lineitem WHERE l_orderkey < 20000"
                        + " EXCEPT SELECT l_shipmode, l_comment FROM lineitem WHERE l_orderkey >= 100",
                "SELECT count(*), count(DISTINCT l_tax) FROM (SELECT l_tax FROM lineitem WHERE l_flag"
                        + " UNION ALL SELECT l_discount FROM lineitem UNION ALL SELECT NULL) u",
                // grouping sets, keys with NULLs
                "SELECT l_shipmode, l_returnflag, count(*), sum(l_quantity), count(l_tax), grouping(l_shipmode),"
                        + " grouping_id(l_shipmode, l_returnflag) FROM lineitem GROUP BY ROLLUP(l_shipmode, l_returnflag)",
                "SELECT l_shipmode, l_flag, count(*), max(l_shipdate) FROM lineitem GROUP BY CUBE(l_shipmode, l_flag)",
                "SELECT l_returnflag, l_linestatus, l_shipmode, min(l_extendedprice) FROM lineitem"
                        + " GROUP BY GROUPING SETS ((l_returnflag, l_linestatus), (l_shipmode), ())");
    }

    /** Queries with a total order: compared row by row. */
    static Stream<String> ordered() {
        return Stream.of(
                "SELECT l_shipmode, l_tax, l_orderkey, l_linenumber FROM lineitem WHERE l_orderkey < 500"
                        + " ORDER BY l_shipmode DESC, l_tax, l_orderkey, l_linenumber",
                "SELECT l_shipmode, l_tax, l_orderkey, l_linenumber FROM lineitem WHERE l_orderkey < 500"
                        + " ORDER BY l_shipmode, l_tax DESC, l_orderkey DESC, l_linenumber",
                "SELECT l_orderkey, l_linenumber, l_extendedprice FROM lineitem"
                        + " ORDER BY l_extendedprice DESC, l_orderkey, l_linenumber LIMIT 20 OFFSET 5",
                "SELECT l_comment, l_orderkey, l_linenumber FROM lineitem"
                        + " ORDER BY l_comment, l_orderkey DESC, l_linenumber LIMIT 50",
                "SELECT l_returnflag, l_linestatus, count(*) AS c, sum(l_quantity) FROM lineitem"
                        + " GROUP BY l_returnflag, l_linestatus ORDER BY l_returnflag, l_linestatus",
                "SELECT l_shipmode, count(*) AS c FROM lineitem GROUP BY l_shipmode ORDER BY c DESC, l_shipmode LIMIT 3",
                "SELECT l_orderkey, l_linenumber FROM lineitem WHERE l_shipdate > '1998-01-01'"
                        + " ORDER BY l_orderkey, l_linenumber LIMIT 10 OFFSET 100",
                "SELECT l_large, l_orderkey, l_linenumber FROM lineitem WHERE l_orderkey < 1000"
                        + " ORDER BY l_large DESC, l_orderkey, l_linenumber LIMIT 30",
                "SELECT l_committs, l_orderkey, l_linenumber FROM lineitem ORDER BY l_committs, l_orderkey, l_linenumber"
                        + " LIMIT 40",
                "SELECT l_orderkey * 2 AS k2, l_linenumber FROM lineitem WHERE l_orderkey < 100"
                        + " ORDER BY k2 DESC, l_linenumber",
                "SELECT l_shipdate, count(*) FROM lineitem GROUP BY l_shipdate ORDER BY l_shipdate DESC LIMIT 7");
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
    void limitWithoutOrderReturnsThatManyRows() {
        assertThat(db.query("SELECT l_orderkey FROM lineitem LIMIT 17")).hasSize(17);
        assertThat(db.query("SELECT l_orderkey FROM lineitem WHERE l_linenumber = 1 LIMIT 5 OFFSET 3")).hasSize(5);
        assertThat(db.query("SELECT l_orderkey FROM lineitem LIMIT 0")).isEmpty();
    }

    @Test
    void resultColumnsCarryNamesTypesAndNullability() {
        try (QueryResultStream s = db.executor.execute(db.plan(
                "SELECT l_orderkey AS k, sum(l_quantity) AS q, count(*), avg(l_tax), l_shipmode FROM lineitem"
                        + " GROUP BY l_orderkey, l_shipmode"))) {
            assertThat(s.columns()).extracting(c -> c.name()).containsExactly("k", "q", "EXPR$2", "EXPR$3", "l_shipmode");
            assertThat(s.columns()).extracting(c -> c.type().toSql())
                    .containsExactly("bigint(20)", "decimal(38,2)", "bigint(20)", "double", "varchar(10)");
            assertThat(s.columns()).extracting(c -> c.nullable()).containsExactly(false, false, false, true, true);
        }
    }
}
