package io.shoaldb.exec;

import java.nio.file.Path;
import java.sql.Connection;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Scalar functions (CASE, COALESCE, dates and intervals, strings, math, 128-bit DECIMAL products) over the same
 * generated lineitem rows in our storage and in DuckDB, for the functions where Doris and DuckDB agree; the
 * SQL logic tests hold the Doris-only answers.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DuckDbFunctionComparisonTest {
    private static final int ROWS = 20_000;

    private LineitemTwin twin;
    private TestDatabase db;
    private Connection duck;

    @BeforeAll
    void load(@TempDir Path dir) throws Exception {
        twin = LineitemTwin.load(dir, ROWS, 7, 2, 4, 3);
        db = twin.db();
        duck = twin.duck();
    }

    @AfterAll
    void close() throws Exception {
        twin.close();
    }

    static Stream<String> queries() {
        return Stream.of(
                // TPC-H Q1 and Q6 shapes: interval arithmetic folded to constants, 128-bit decimal products
                "SELECT l_returnflag, l_linestatus, sum(l_quantity), sum(l_extendedprice),"
                        + " sum(l_extendedprice * (1 - l_discount)), sum(l_extendedprice * (1 - l_discount) * (1 + l_discount)),"
                        + " avg(l_quantity), avg(l_extendedprice), avg(l_discount), count(*) FROM lineitem"
                        + " WHERE l_shipdate <= date '1998-12-01' - interval '90' day GROUP BY l_returnflag, l_linestatus",
                "SELECT sum(l_extendedprice * l_discount) FROM lineitem WHERE l_shipdate >= date '1994-01-01'"
                        + " AND l_shipdate < date '1994-01-01' + interval '1' year"
                        + " AND l_discount BETWEEN 0.06 - 0.01 AND 0.06 + 0.01 AND l_quantity < 24",
                "SELECT sum(l_bigdec * l_quantity), sum(l_bigdec * l_discount * l_quantity), count(*) FROM lineitem"
                        + " WHERE l_bigdec * l_quantity > l_extendedprice",
                // conditionals
                "SELECT l_shipmode, sum(CASE WHEN l_linenumber <= 2 THEN 1 ELSE 0 END),"
                        + " sum(CASE WHEN l_tax IS NULL THEN l_quantity ELSE 0 END),"
                        + " count(CASE l_returnflag WHEN 'R' THEN 1 WHEN 'A' THEN 2 END) FROM lineitem GROUP BY l_shipmode",
                "SELECT l_orderkey, l_linenumber, coalesce(l_shipmode, 'none'), nullif(l_linenumber, 1),"
                        + " coalesce(l_tax, -1), CASE WHEN l_flag THEN l_quantity WHEN NOT l_flag THEN -l_quantity END"
                        + " FROM lineitem WHERE l_orderkey < 300",
                // dates and times
                "SELECT year(l_shipdate), month(l_shipdate), count(*) FROM lineitem GROUP BY year(l_shipdate), month(l_shipdate)",
                "SELECT l_orderkey, l_linenumber, dayofmonth(l_shipdate), quarter(l_shipdate), dayofyear(l_shipdate),"
                        + " hour(l_committs), minute(l_committs), second(l_committs), extract(year FROM l_committs),"
                        + " CAST(l_shipdate + interval 1 month AS DATE), CAST(l_shipdate - interval 10 day AS DATE),"
                        + " l_committs + interval 3 hour, l_committs - interval 1 year FROM lineitem WHERE l_orderkey < 300",
                "SELECT count(*) FROM lineitem WHERE l_shipdate + interval 30 day > date '1996-01-01'",
                // strings
                "SELECT l_orderkey, l_linenumber, upper(l_comment), lower(l_shipmode), char_length(l_comment),"
                        + " substring(l_comment, 3, 5), substr(l_comment, 2), concat(l_returnflag, '-', l_linestatus),"
                        + " replace(l_comment, 'a', 'XY'), trim(concat('  ', l_returnflag, ' ')), lpad(l_shipmode, 12, '*'),"
                        + " rpad(l_shipmode, 4, '-'), position('o' IN l_comment), instr(l_comment, 'e')"
                        + " FROM lineitem WHERE l_orderkey < 300",
                "SELECT count(*) FROM lineitem WHERE l_comment LIKE '%quick%fox%'",
                "SELECT count(*) FROM lineitem WHERE l_comment LIKE '%a%e%' AND l_comment NOT LIKE 'the%dog'",
                "SELECT substring(l_comment, 1, 3), count(*) FROM lineitem GROUP BY substring(l_comment, 1, 3)",
                // math
                "SELECT l_orderkey, l_linenumber, round(l_tax, 2), floor(l_tax * 100), ceil(l_tax * 100), abs(l_tiny),"
                        + " sqrt(l_linenumber), ln(l_linenumber), power(l_linenumber, 2), round(l_extendedprice, 1),"
                        + " floor(l_extendedprice), ceil(l_quantity), round(l_bigdec, 2), abs(l_bigdec - 100)"
                        + " FROM lineitem WHERE l_orderkey < 300");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("queries")
    void sameRowsAsDuckDb(String sql) throws Exception {
        ResultComparison.assertSameRows(sql, db.query(sql), ResultComparison.duckdb(duck, sql), false);
    }
}
