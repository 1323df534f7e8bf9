package io.shoaldb.testing.spill;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import io.shoaldb.testing.ServerProcess;
import io.shoaldb.testing.tpc.QueryResult;
import io.shoaldb.testing.tpc.ResultComparison;
import io.shoaldb.testing.tpc.TpcLoad;
import io.shoaldb.testing.tpc.TpcQueries;
import io.shoaldb.testing.tpc.TpcQuery;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The 22 TPC-H queries, TPC-DS Q3, the window queries w01-w05 and a full sort, on a real server process with two
 * storage paths, each compared with DuckDB's answer: once with every spilling operator forced to spill whatever it
 * holds past 64 KB ({@code enable_force_spill}, {@code min_revocable_mem}), once under a small
 * {@code exec_mem_limit} without forcing. Each pass must have written spill runs ({@code query_spill_runs} on
 * /metrics grows) and left none on disk. {@code -Dtpch.scale} changes the scale factor (default 0.01).
 */
class SpillQueriesTest {
    private static final double SCALE = Double.parseDouble(System.getProperty("tpch.scale", "0.01"));
    private static final Path CACHE = Path.of(System.getProperty("tpc.data.dir", "target/tpc-data"));
    private static final String DB = "tpc";
    /** The exec_mem_limit of the second pass; {@code -Dspill.limit} changes it (bytes). */
    private static final long SMALL_LIMIT = Long.getLong("spill.limit", 2L << 20);
    /**
     * Queries that may fail with MEM_LIMIT_EXCEEDED under {@link #SMALL_LIMIT} (each by under 1 MB), and why: state
     * that cannot spill yet (docs/query-engine.md, Spilling). Each must still match DuckDB in the forced pass.
     */
    private static final Map<String, String> MAY_EXCEED_LIMIT = Map.of(
            "w05", "five stacked sort and window operators per driver, and a window holds one whole partition",
            "q21", "its EXISTS and NOT EXISTS build over lineitem can pass the limit by a few hundred KB between two"
                    + " checks (2.37 MB under 2 MB seen once in three runs)");

    @TempDir
    static Path dir;
    private static ServerProcess server;
    private static Connection shoal;
    private static Connection duckdb;
    private static SpillMetrics metrics;

    @BeforeAll
    static void load() throws Exception {
        server = ServerProcess.start(dir, "--storage_root_path=" + dir.resolve("a") + ";" + dir.resolve("b"));
        shoal = DriverManager.getConnection(server.jdbcUrl(null, "socketTimeout=300000"), "root", "");
        duckdb = io.shoaldb.testing.tpc.DuckDbLoader.open(2);
        metrics = new SpillMetrics(server.httpPort());
        TpcLoad.loadAll(CACHE, SCALE, TpcLoad.tables(true), shoal, "http://127.0.0.1:" + server.httpPort(), DB,
                duckdb, line -> System.out.println("[spill sf" + SCALE + "] " + line));
    }

    @AfterAll
    static void close() throws Exception {
        if (shoal != null) {
            shoal.close();
        }
        if (duckdb != null) {
            duckdb.close();
        }
        if (server != null) {
            server.close();
        }
    }

    static List<TpcQuery> queries() {
        Stream<String> tpch = IntStream.rangeClosed(1, 22).mapToObj(i -> String.format("q%02d", i));
        Stream<String> more = Stream.of("ds-q03", "w01", "w02", "w03", "w04", "w05", "sort");
        return Stream.concat(tpch, more).map(TpcQueries::query).toList();
    }

    @TestFactory
    Stream<DynamicNode> tpcQueriesSpill() {
        return Stream.of(
                pass("forced spill", List.of("SET enable_force_spill = true", "SET min_revocable_mem = 65536"), false),
                pass("exec_mem_limit " + SMALL_LIMIT, List.of("SET enable_force_spill = false",
                        "SET min_revocable_mem = 33554432", "SET exec_mem_limit = " + SMALL_LIMIT), true));
    }

    /** One pass over the queries with the session set up by {@code settings}. */
    private static DynamicContainer pass(String name, List<String> settings, boolean limited) {
        long[] runsBefore = new long[1];
        DynamicTest setUp = DynamicTest.dynamicTest("set " + settings, () -> {
            try (Statement s = shoal.createStatement()) {
                s.execute("USE " + DB);
                for (String sql : settings) {
                    s.execute(sql);
                }
            }
            runsBefore[0] = metrics.runs();
        });
        Stream<DynamicTest> queries = queries().stream().map(q -> DynamicTest.dynamicTest(q.name(),
                () -> assertMatchesDuckDb(q, limited)));
        DynamicTest spilled = DynamicTest.dynamicTest("spilled and cleaned up", () -> {
            long runs = metrics.runs() - runsBefore[0];
            System.out.println("[spill sf" + SCALE + "] " + name + ": " + runs + " spill runs");
            assertThat(runs).as("spill runs written in the pass").isPositive();
            assertThat(metrics.bytesOnDisk()).as("spill bytes left on disk").isZero();
        });
        return DynamicContainer.dynamicContainer(name,
                Stream.concat(Stream.concat(Stream.of(setUp), queries), Stream.of(spilled)));
    }

    private static void assertMatchesDuckDb(TpcQuery q, boolean limited) throws Exception {
        QueryResult expected = run(duckdb, q.duckDbSql());
        long runsBefore = metrics.runs();
        long t0 = System.nanoTime();
        QueryResult actual;
        try {
            actual = run(shoal, q.sql());
        } catch (SQLException e) {
            if (limited && MAY_EXCEED_LIMIT.containsKey(q.name()) && e.getMessage().contains("MEM_LIMIT_EXCEEDED")) {
                System.out.println("[spill sf" + SCALE + "] " + q.name() + " over the limit, as listed: "
                        + MAY_EXCEED_LIMIT.get(q.name()));
                return;
            }
            fail(q.name() + " failed with " + e.getErrorCode() + " " + e.getMessage(), e);
            return;
        }
        long ms = (System.nanoTime() - t0) / 1_000_000;
        String sqlWithoutLimit = q.duckDbSqlWithoutLimit();
        String diff = ResultComparison.diff(expected, actual, q.orderColumns(expected.labels()),
                sqlWithoutLimit == null ? null : () -> {
                    try {
                        return run(duckdb, sqlWithoutLimit);
                    } catch (SQLException e) {
                        throw new IllegalStateException(q.name() + " without LIMIT failed on DuckDB", e);
                    }
                });
        if (diff != null) {
            fail(q.name() + " at SF" + SCALE + ": ShoalDB's spilled result differs from DuckDB's\n" + diff);
        }
        System.out.println("[spill sf" + SCALE + "] " + q.name() + " matches DuckDB: " + expected.rows().size()
                + " rows, " + (metrics.runs() - runsBefore) + " spill runs, " + ms + " ms");
    }

    private static QueryResult run(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            return QueryResult.read(rs);
        }
    }
}
