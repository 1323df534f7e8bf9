package io.shoaldb.exec;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.exec.profile.QueryProfile;
import io.shoaldb.exec.spill.SpillSettings;
import io.shoaldb.sql.planner.PlannerSettings;
import io.shoaldb.storage.spill.SpillCounters;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * ORDER BY and window functions that spill, against DuckDB over the same 20,000 generated rows (NULLs, ties, skewed
 * keys, strings, decimals): forced to spill every few kilobytes (every input batch becomes a sorted run), and under
 * an exec_mem_limit of 1 MB, a quarter of what the rows take in memory (spilling because each sort holds more than
 * its driver's share; a window partition larger than the share is streamed). Every query over more than a few rows
 * must write runs and read them back, and leave none on disk once it has ended.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SortWindowSpillTest {
    private static final int ROWS = 20_000;
    private static final SpillSettings FORCE = new SpillSettings(true, true, 4096);
    /** A quarter of what a sort of all the rows holds (about 4 MB). */
    private static final long SMALL_LIMIT = 1L << 20;

    private LineitemTwin twin;
    private TestDatabase db;
    private Connection duck;

    @BeforeAll
    void load(@TempDir Path dir) throws Exception {
        twin = LineitemTwin.load(dir, ROWS, 23, 4, 8, 3);
        db = twin.db();
        duck = twin.duck();
    }

    @AfterAll
    void close() throws Exception {
        twin.close();
    }

    /** Totally ordered (the key ends in l_orderkey, l_linenumber), so the order is compared row by row. */
    static Stream<String> sorts() {
        return Stream.of(
                "SELECT * FROM lineitem ORDER BY l_shipmode, l_tax DESC, l_orderkey, l_linenumber",
                "SELECT l_orderkey, l_linenumber, l_comment, l_bigdec FROM lineitem"
                        + " ORDER BY l_comment DESC NULLS FIRST, l_bigdec NULLS LAST, l_orderkey DESC, l_linenumber",
                "SELECT l_returnflag, l_linestatus, l_extendedprice, l_large, l_orderkey, l_linenumber FROM lineitem"
                        + " ORDER BY l_returnflag, l_linestatus DESC, l_extendedprice, l_large DESC, l_orderkey, l_linenumber",
                "SELECT l_tiny, l_float, l_committs, l_orderkey, l_linenumber FROM lineitem WHERE l_quantity > 10"
                        + " ORDER BY l_tiny NULLS LAST, l_float DESC NULLS LAST, l_committs, l_orderkey, l_linenumber",
                "SELECT l_shipmode, count(*), sum(l_quantity) FROM lineitem GROUP BY l_shipmode ORDER BY l_shipmode DESC",
                "SELECT l_orderkey, l_linenumber FROM lineitem WHERE l_orderkey < 0 ORDER BY l_orderkey");
    }

    /** One of each kind of function and frame, partitioned (many partitions, few, NULL keys) and not. */
    static Stream<String> windows() {
        String total = "l_orderkey, l_linenumber";
        return Stream.of(
                "SELECT l_orderkey, l_linenumber, row_number() OVER (PARTITION BY l_shipmode ORDER BY " + total + "),"
                        + " rank() OVER (PARTITION BY l_shipmode ORDER BY l_tax DESC) FROM lineitem",
                "SELECT l_orderkey, l_linenumber, dense_rank() OVER (ORDER BY l_tax), ntile(7) OVER (ORDER BY " + total + ")"
                        + " FROM lineitem",
                "SELECT l_orderkey, l_linenumber, lag(l_extendedprice) OVER (PARTITION BY l_orderkey ORDER BY l_linenumber),"
                        + " lead(l_comment, 2, 'none') OVER (PARTITION BY l_orderkey ORDER BY l_linenumber) FROM lineitem",
                "SELECT l_orderkey, l_linenumber, first_value(l_bigdec) OVER (PARTITION BY l_tiny ORDER BY " + total
                        + " ROWS BETWEEN 2 PRECEDING AND 2 FOLLOWING), last_value(l_committs) OVER (PARTITION BY l_tiny"
                        + " ORDER BY " + total + " ROWS BETWEEN 1 FOLLOWING AND 3 FOLLOWING) FROM lineitem",
                "SELECT l_orderkey, l_linenumber, sum(l_quantity) OVER (PARTITION BY l_orderkey),"
                        + " count(*) OVER (PARTITION BY l_orderkey), min(l_shipdate) OVER (PARTITION BY l_orderkey),"
                        + " max(l_comment) OVER (PARTITION BY l_orderkey) FROM lineitem",
                "SELECT l_orderkey, l_linenumber, sum(l_extendedprice) OVER (PARTITION BY l_returnflag ORDER BY l_linenumber),"
                        + " avg(l_tax) OVER (PARTITION BY l_shipmode ORDER BY " + total + " ROWS BETWEEN 2 PRECEDING AND 2 FOLLOWING)"
                        + " FROM lineitem",
                "SELECT l_orderkey, l_linenumber, min(l_tax) OVER (PARTITION BY l_small ORDER BY " + total
                        + " ROWS BETWEEN 5 PRECEDING AND CURRENT ROW), sum(l_large) OVER (PARTITION BY l_small) FROM lineitem",
                "SELECT l_orderkey, row_number() OVER (ORDER BY l_orderkey), sum(l_quantity) OVER (PARTITION BY l_shipmode)"
                        + " FROM lineitem WHERE l_orderkey < 0");
    }

    @AfterEach
    void nothingLeftOnDisk() {
        assertThat(counters().bytesOnDisk()).isZero();
        for (Path spill : db.storage.spillSpace().directories()) {
            try (Stream<Path> files = Files.walk(spill)) {
                assertThat(files.filter(Files::isRegularFile)).as("files under %s", spill).isEmpty();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("sorts")
    void forcedSortSpillGivesDuckDbsOrder(String sql) throws Exception {
        ResultComparison.assertSameRows(sql, spilling(sql, forced(), 1), ResultComparison.duckdb(duck, sql), true);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("sorts")
    void sortUnderASmallMemoryLimitSpillsAndGivesDuckDbsOrder(String sql) throws Exception {
        ResultComparison.assertSameRows(sql, spilling(sql, limited(), 1000), ResultComparison.duckdb(duck, sql), true);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("windows")
    void forcedWindowSpillGivesDuckDbsRows(String sql) throws Exception {
        ResultComparison.assertSameRows(sql, spilling(sql, forced(), 1), ResultComparison.duckdb(duck, sql), false);
    }

    /**
     * One window each (every stacked window operator holds its own share), over partitions (l_orderkey: at most 7
     * rows) far smaller than an operator's share of {@link #SMALL_LIMIT}, evaluated whole; and over partitions larger
     * than the share - all rows (no PARTITION BY), the 2,500-row NULL partition of l_tiny - which are streamed.
     */
    static Stream<String> windowsWithSmallPartitions() {
        return Stream.of(
                "SELECT l_orderkey, l_linenumber, lag(l_extendedprice) OVER (PARTITION BY l_orderkey ORDER BY l_linenumber),"
                        + " lead(l_comment, 2, 'none') OVER (PARTITION BY l_orderkey ORDER BY l_linenumber) FROM lineitem",
                "SELECT l_orderkey, l_linenumber, sum(l_quantity) OVER (PARTITION BY l_orderkey),"
                        + " count(*) OVER (PARTITION BY l_orderkey), min(l_shipdate) OVER (PARTITION BY l_orderkey),"
                        + " max(l_comment) OVER (PARTITION BY l_orderkey) FROM lineitem",
                "SELECT l_orderkey, l_linenumber, avg(l_bigdec) OVER (PARTITION BY l_orderkey ORDER BY l_linenumber"
                        + " ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING) FROM lineitem",
                "SELECT l_orderkey, l_linenumber, l_comment, row_number() OVER (ORDER BY l_orderkey, l_linenumber) FROM lineitem",
                "SELECT l_orderkey, l_linenumber, l_comment, sum(l_quantity) OVER (), count(*) OVER (), max(l_comment) OVER ()"
                        + " FROM lineitem",
                "SELECT l_orderkey, l_linenumber, rank() OVER (ORDER BY l_tax DESC), cume_dist() OVER (ORDER BY l_tax DESC)"
                        + " FROM lineitem",
                "SELECT l_orderkey, l_linenumber, sum(l_extendedprice) OVER (PARTITION BY l_tiny ORDER BY l_orderkey, l_linenumber"
                        + " ROWS BETWEEN 3 PRECEDING AND 2 FOLLOWING) FROM lineitem");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("windowsWithSmallPartitions")
    void windowUnderASmallMemoryLimitSpillsAndGivesDuckDbsRows(String sql) throws Exception {
        ResultComparison.assertSameRows(sql, spilling(sql, limited(), 1000), ResultComparison.duckdb(duck, sql), false);
    }

    @Test
    void explainAnalyzeShowsWhatSortAndWindowSpilled() {
        String sql = "SELECT l_orderkey, row_number() OVER (PARTITION BY l_shipmode ORDER BY l_orderkey, l_linenumber)"
                + " AS rn FROM lineitem ORDER BY l_orderkey, rn";
        QueryProfile profile = QueryProfile.measuring();
        try (QueryResultStream s = db.executor.execute(db.plan(sql), forced(), profile)) {
            while (s.next() != null) {
                // counted by the profile
            }
        }
        List<String> lines = profile.render();
        // the counter lines under the Sort and the Window operators
        assertThat(lines.stream().filter(l -> l.matches(".*, spilled .* in [1-9][0-9]* runs.*")).count())
                .as("profile:%n%s", String.join("\n", lines)).isGreaterThanOrEqualTo(2);
    }

    /**
     * Runs the query, checking that it wrote spill runs and read them back if it returned at least
     * {@code spillingRows} rows (a few aggregated rows stay in memory under a limit).
     */
    private List<List<Object>> spilling(String sql, QueryContext context, int spillingRows) {
        long runsBefore = counters().runsWritten();
        long readBefore = counters().bytesRead();
        List<List<Object>> rows = db.query(sql, PlannerSettings.DEFAULT, context);
        if (rows.size() >= spillingRows) {
            assertThat(counters().runsWritten()).as("runs written by %s", sql).isGreaterThan(runsBefore);
            assertThat(counters().bytesRead()).as("runs read back by %s", sql).isGreaterThan(readBefore);
        }
        return rows;
    }

    private static QueryContext forced() {
        return QueryContext.defaults().withSpill(FORCE);
    }

    private static QueryContext limited() {
        return QueryContext.defaults().withMemoryLimit(SMALL_LIMIT);
    }

    private SpillCounters counters() {
        return db.storage.spillSpace().counters();
    }
}
