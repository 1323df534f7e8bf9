package io.shoaldb.exec;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.exec.spill.SpillSettings;
import io.shoaldb.sql.planner.PlannerSettings;
import io.shoaldb.storage.spill.SpillCounters;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * Window partitions larger than an operator may hold - one partition of all 20,000 generated rows (no PARTITION BY),
 * eight of ~2,500 (l_shipmode, NULL included), beside thousands of small ones (l_orderkey) - streamed instead of held
 * whole: every function family and frame kind, spilled (forced, with partitions over 4 KB streamed, and under a 1 MB
 * exec_mem_limit, under which holding such a partition fails) against the same query in memory. Order keys with
 * many ties (l_tiny: 256 values and NULL, l_returnflag: 3) make large peer groups; functions that depend on the order
 * of tied rows get a total order.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WindowLargePartitionTest {
    private static final int ROWS = 20_000;
    private static final SpillSettings FORCE = new SpillSettings(true, true, 4096);
    private static final long SMALL_LIMIT = 1L << 20;
    private static final String T = "l_orderkey, l_linenumber";

    private LineitemTwin twin;
    private TestDatabase db;

    @BeforeAll
    void load(@TempDir Path dir) throws Exception {
        twin = LineitemTwin.load(dir, ROWS, 31, 4, 8, 3);
        db = twin.db();
    }

    @AfterAll
    void close() throws Exception {
        twin.close();
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

    static Stream<String> windows() {
        return Stream.of(
                // ranking over one huge partition and over a few large ones, with ties and NULL keys
                "SELECT l_orderkey, l_linenumber, row_number() OVER (ORDER BY l_tax, " + T + "),"
                        + " rank() OVER (ORDER BY l_tiny), dense_rank() OVER (ORDER BY l_tiny),"
                        + " percent_rank() OVER (ORDER BY l_tiny), cume_dist() OVER (ORDER BY l_tiny),"
                        + " ntile(7) OVER (ORDER BY " + T + ") FROM lineitem",
                "SELECT l_orderkey, l_linenumber, row_number() OVER (PARTITION BY l_shipmode ORDER BY " + T + "),"
                        + " rank() OVER (PARTITION BY l_shipmode ORDER BY l_tiny DESC),"
                        + " dense_rank() OVER (PARTITION BY l_shipmode ORDER BY l_tiny DESC),"
                        + " cume_dist() OVER (PARTITION BY l_shipmode ORDER BY l_returnflag),"
                        + " ntile(3) OVER (PARTITION BY l_shipmode ORDER BY " + T + "),"
                        + " percent_rank() OVER (PARTITION BY l_shipmode ORDER BY l_small) FROM lineitem",
                // LAG / LEAD with offsets and defaults
                "SELECT l_orderkey, l_linenumber, lag(l_extendedprice, 3) OVER (ORDER BY " + T + "),"
                        + " lead(l_comment, 2, 'none') OVER (ORDER BY " + T + "),"
                        + " lag(l_large, 1, l_large) OVER (PARTITION BY l_shipmode ORDER BY " + T + "),"
                        + " lead(l_committs, 40) OVER (PARTITION BY l_shipmode ORDER BY " + T + ") FROM lineitem",
                // FIRST_VALUE / LAST_VALUE over every kind of frame
                "SELECT l_orderkey, l_linenumber, first_value(l_comment) OVER (ORDER BY " + T + "),"
                        + " first_value(l_bigdec) OVER (ORDER BY " + T + " ROWS BETWEEN 3 PRECEDING AND 1 FOLLOWING),"
                        + " first_value(l_small) OVER (ORDER BY " + T + " ROWS BETWEEN UNBOUNDED PRECEDING AND 5 PRECEDING),"
                        + " last_value(l_committs) OVER (ORDER BY " + T + " ROWS BETWEEN UNBOUNDED PRECEDING AND 2 FOLLOWING),"
                        + " last_value(l_small) OVER (ORDER BY " + T + " ROWS BETWEEN 3 FOLLOWING AND UNBOUNDED FOLLOWING),"
                        + " last_value(l_comment) OVER (PARTITION BY l_shipmode ORDER BY " + T
                        + " ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING) FROM lineitem",
                "SELECT l_orderkey, l_linenumber, first_value(l_tiny) OVER (PARTITION BY l_shipmode ORDER BY l_tiny),"
                        + " last_value(l_tiny) OVER (PARTITION BY l_shipmode ORDER BY l_tiny),"
                        + " last_value(l_float) OVER (PARTITION BY l_shipmode ORDER BY " + T
                        + " ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) FROM lineitem",
                // running aggregates: RANGE (peers) and ROWS, every type
                "SELECT l_orderkey, l_linenumber, sum(l_quantity) OVER (ORDER BY l_tiny), count(l_tax) OVER (ORDER BY l_tiny),"
                        + " avg(l_tax) OVER (ORDER BY l_tiny), max(l_shipdate) OVER (ORDER BY l_tiny),"
                        + " count(*) OVER (ORDER BY l_tiny), avg(l_bigdec) OVER (ORDER BY l_tiny) FROM lineitem",
                "SELECT l_orderkey, l_linenumber, min(l_comment) OVER (ORDER BY " + T + "),"
                        + " sum(l_small) OVER (ORDER BY " + T + " ROWS UNBOUNDED PRECEDING),"
                        + " avg(l_linenumber) OVER (ORDER BY " + T + " ROWS UNBOUNDED PRECEDING),"
                        + " sum(l_float) OVER (ORDER BY " + T + " ROWS UNBOUNDED PRECEDING) FROM lineitem",
                "SELECT l_orderkey, l_linenumber, sum(l_large) OVER (PARTITION BY l_shipmode ORDER BY " + T
                        + " ROWS BETWEEN UNBOUNDED PRECEDING AND 2 PRECEDING),"
                        + " avg(l_large) OVER (PARTITION BY l_shipmode ORDER BY " + T
                        + " ROWS BETWEEN UNBOUNDED PRECEDING AND 2 PRECEDING),"
                        + " avg(l_quantity) OVER (PARTITION BY l_shipmode ORDER BY " + T
                        + " ROWS BETWEEN UNBOUNDED PRECEDING AND 3 FOLLOWING),"
                        + " sum(l_extendedprice) OVER (PARTITION BY l_shipmode ORDER BY l_returnflag) FROM lineitem",
                // bounded ROWS frames (a ring of rows)
                "SELECT l_orderkey, l_linenumber, sum(l_tax) OVER (ORDER BY " + T + " ROWS BETWEEN 5 PRECEDING AND 5 FOLLOWING),"
                        + " min(l_bigdec) OVER (ORDER BY " + T + " ROWS BETWEEN 10 PRECEDING AND CURRENT ROW),"
                        + " max(l_comment) OVER (ORDER BY " + T + " ROWS BETWEEN 2 FOLLOWING AND 4 FOLLOWING),"
                        + " avg(l_quantity) OVER (ORDER BY " + T + " ROWS BETWEEN 3 PRECEDING AND 1 PRECEDING),"
                        + " count(l_tiny) OVER (ORDER BY " + T + " ROWS BETWEEN CURRENT ROW AND 7 FOLLOWING) FROM lineitem",
                "SELECT l_orderkey, l_linenumber, sum(l_tax) OVER (PARTITION BY l_shipmode ORDER BY l_tiny"
                        + " RANGE BETWEEN CURRENT ROW AND CURRENT ROW), count(*) OVER (PARTITION BY l_shipmode ORDER BY l_tiny"
                        + " RANGE BETWEEN CURRENT ROW AND CURRENT ROW) FROM lineitem",
                // aggregates over the whole partition
                "SELECT l_orderkey, l_linenumber, sum(l_quantity) OVER (), count(*) OVER (), avg(l_tax) OVER (),"
                        + " min(l_comment) OVER (), sum(l_large) OVER (), avg(l_bigdec) OVER () FROM lineitem",
                "SELECT l_orderkey, l_linenumber, max(l_large) OVER (PARTITION BY l_shipmode),"
                        + " sum(l_tax) OVER (PARTITION BY l_shipmode), count(l_tiny) OVER (PARTITION BY l_shipmode ORDER BY l_tiny"
                        + " RANGE BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) FROM lineitem",
                // many small partitions beside large ones, and a suffix frame (held whole)
                "SELECT l_orderkey, l_linenumber, row_number() OVER (PARTITION BY l_orderkey ORDER BY l_linenumber),"
                        + " sum(l_quantity) OVER (PARTITION BY l_orderkey), lag(l_comment) OVER (PARTITION BY l_orderkey"
                        + " ORDER BY l_linenumber), sum(l_tax) OVER (PARTITION BY l_orderkey ORDER BY l_linenumber"
                        + " ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING) FROM lineitem");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("windows")
    void forcedSpillStreamsLargePartitionsAndGivesTheInMemoryRows(String sql) {
        List<List<Object>> expected = db.query(sql);
        long runsBefore = counters().runsWritten();
        List<List<Object>> rows = db.query(sql, PlannerSettings.DEFAULT, QueryContext.defaults().withSpill(FORCE));
        assertThat(counters().runsWritten()).isGreaterThan(runsBefore);
        ResultComparison.assertSameRows(sql, rows, expected, false);
    }

    /**
     * Under the limit: windows over one huge partition, and single windows over the eight large ones (several window
     * operators stacked on each of the four drivers each keep a batch of 4,096 rows in flight, more than their share
     * of 1 MB).
     */
    static Stream<String> windowsUnderALimit() {
        return Stream.concat(windows().filter(sql -> !sql.contains("PARTITION BY")), Stream.of(
                "SELECT l_orderkey, l_linenumber, rank() OVER (PARTITION BY l_shipmode ORDER BY l_tiny DESC),"
                        + " dense_rank() OVER (PARTITION BY l_shipmode ORDER BY l_tiny DESC) FROM lineitem",
                "SELECT l_orderkey, l_linenumber, cume_dist() OVER (PARTITION BY l_shipmode ORDER BY l_returnflag),"
                        + " percent_rank() OVER (PARTITION BY l_shipmode ORDER BY l_returnflag) FROM lineitem",
                "SELECT l_orderkey, l_linenumber, ntile(3) OVER (PARTITION BY l_shipmode ORDER BY " + T + ") FROM lineitem",
                "SELECT l_orderkey, l_linenumber, lag(l_large, 1, l_large) OVER (PARTITION BY l_shipmode ORDER BY " + T + "),"
                        + " lead(l_committs, 40) OVER (PARTITION BY l_shipmode ORDER BY " + T + ") FROM lineitem",
                "SELECT l_orderkey, l_linenumber, sum(l_large) OVER (PARTITION BY l_shipmode ORDER BY " + T
                        + " ROWS BETWEEN UNBOUNDED PRECEDING AND 2 PRECEDING), avg(l_large) OVER (PARTITION BY l_shipmode"
                        + " ORDER BY " + T + " ROWS BETWEEN UNBOUNDED PRECEDING AND 2 PRECEDING) FROM lineitem",
                "SELECT l_orderkey, l_linenumber, sum(l_extendedprice) OVER (PARTITION BY l_shipmode ORDER BY l_returnflag),"
                        + " min(l_comment) OVER (PARTITION BY l_shipmode ORDER BY l_returnflag) FROM lineitem",
                "SELECT l_orderkey, l_linenumber, last_value(l_comment) OVER (PARTITION BY l_shipmode ORDER BY " + T
                        + " ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING) FROM lineitem",
                "SELECT l_orderkey, l_linenumber, max(l_large) OVER (PARTITION BY l_shipmode),"
                        + " sum(l_tax) OVER (PARTITION BY l_shipmode) FROM lineitem",
                "SELECT l_orderkey, l_linenumber, sum(l_tax) OVER (PARTITION BY l_shipmode ORDER BY l_tiny"
                        + " RANGE BETWEEN CURRENT ROW AND CURRENT ROW) FROM lineitem"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("windowsUnderALimit")
    void underASmallMemoryLimitLargePartitionsStreamAndGiveTheInMemoryRows(String sql) {
        List<List<Object>> expected = db.query(sql);
        List<List<Object>> rows = db.query(sql, PlannerSettings.DEFAULT, QueryContext.defaults().withMemoryLimit(SMALL_LIMIT));
        ResultComparison.assertSameRows(sql, rows, expected, false);
    }

    /**
     * A frame from the current row to the partition's end is not streamed (MIN over a shrinking suffix): its partition
     * is held whole, as before, and still right when forced to spill; its bounded twin streams under the limit.
     */
    @Test
    void aSuffixFrameHoldsItsPartitionWholeAndABoundedOneStreams() {
        String suffix = "SELECT l_orderkey, l_linenumber, min(l_comment) OVER (ORDER BY " + T
                + " ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING) FROM lineitem";
        ResultComparison.assertSameRows(suffix,
                db.query(suffix, PlannerSettings.DEFAULT, QueryContext.defaults().withSpill(FORCE)), db.query(suffix), false);
        String bounded = "SELECT l_orderkey, l_linenumber, l_comment, min(l_comment) OVER (ORDER BY " + T
                + " ROWS BETWEEN CURRENT ROW AND 100 FOLLOWING) FROM lineitem";
        ResultComparison.assertSameRows(bounded, db.query(bounded, PlannerSettings.DEFAULT,
                QueryContext.defaults().withMemoryLimit(SMALL_LIMIT)), db.query(bounded), false);
    }

    /**
     * A query closed while a partition is being streamed (the first pass's run written, the stream reading it back)
     * stops at once and deletes its runs: reading yields every few batches and output comes one batch per call.
     */
    @Test
    void closingTheQueryMidPartitionStopsItAndDeletesItsRuns() {
        String sql = "SELECT l_orderkey, l_linenumber, l_comment, ntile(5) OVER (ORDER BY " + T + "), sum(l_tax) OVER ()"
                + " FROM lineitem";
        long runsBefore = counters().runsWritten();
        QueryResultStream stream = db.executor.execute(db.plan(sql), QueryContext.defaults().withSpill(FORCE));
        assertThat(stream.next()).isNotNull();
        assertThat(counters().runsWritten()).as("runs written").isGreaterThan(runsBefore);
        long start = System.nanoTime();
        stream.close();
        assertThat((System.nanoTime() - start) / 1_000_000).as("ms to close").isLessThan(1000);
    }

    private SpillCounters counters() {
        return db.storage.spillSpace().counters();
    }
}
