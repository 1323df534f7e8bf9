package io.shoaldb.testing.tpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import io.shoaldb.testing.ServerProcess;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The 22 TPC-H queries and TPC-DS Q3 on a real ShoalDB server process, each compared row by row with
 * DuckDB's answer on the same data (see {@link ResultComparison}). The queries ShoalDB cannot run yet are
 * listed in {@code tpc/expected-not-supported.txt} and must fail with NOT_SUPPORTED (1235); a listed query
 * that starts to work fails the test until it is taken off the list.
 * <p>
 * System properties: {@code -Dtpch.query=q05} (or {@code q05,q07}, {@code ds-q03}) runs only those queries;
 * {@code -Dtpch.scale=0.01} changes the scale factor (default 0.1); {@code -Dtpc.data.dir} the cache of
 * generated files (default {@code target/tpc-data}, generated on the first run).
 */
class TpcQueriesTest {
    private static final int NOT_SUPPORTED = 1235;
    private static final double SCALE = Double.parseDouble(System.getProperty("tpch.scale", "0.1"));
    private static final List<TpcQuery> QUERIES = TpcQueries.selected(System.getProperty("tpch.query"));
    private static final Path CACHE = Path.of(System.getProperty("tpc.data.dir", "target/tpc-data"));
    private static final Pattern HTTP_PORT = Pattern.compile("started: .*http_port=(\\d+)");
    private static final String DB = "tpc";

    @TempDir
    static Path dir;
    private static ServerProcess server;
    private static Connection shoal;
    private static Connection duckdb;

    @BeforeAll
    static void load() throws Exception {
        server = ServerProcess.start(dir);
        int httpPort = server.output().stream().map(HTTP_PORT::matcher).filter(Matcher::find)
                .map(m -> Integer.parseInt(m.group(1))).findFirst()
                .orElseThrow(() -> new IllegalStateException("no http_port in the server's start line"));
        // A query that hangs must not hang the build: the driver gives up after 5 minutes.
        shoal = DriverManager.getConnection(server.jdbcUrl(null, "socketTimeout=300000"), "root", "");
        duckdb = DriverManager.getConnection("jdbc:duckdb:");
        try (Statement s = duckdb.createStatement()) {
            s.execute("SET threads = 2");
        }
        boolean tpcds = QUERIES.stream().anyMatch(TpcQuery::isTpcds);
        TpcLoad.loadAll(CACHE, SCALE, TpcLoad.tables(tpcds), shoal, "http://127.0.0.1:" + httpPort, DB, duckdb,
                line -> System.out.println("[tpc sf" + SCALE + "] " + line));
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

    @TestFactory
    Stream<DynamicTest> queries() throws IOException {
        Set<String> notSupported = expectedNotSupported();
        assertThat(TpcQueries.names()).as("names in expected-not-supported.txt").containsAll(notSupported);
        return QUERIES.stream().map(q -> DynamicTest.dynamicTest(q.name(), () -> {
            if (notSupported.contains(q.name())) {
                assertStillNotSupported(q);
            } else {
                assertMatchesDuckDb(q);
            }
        }));
    }

    private static void assertMatchesDuckDb(TpcQuery q) throws SQLException {
        QueryResult expected = run(duckdb, q.duckDbSql());
        QueryResult actual;
        long t0 = System.nanoTime();
        try {
            actual = run(shoal, q.sql());
        } catch (SQLException e) {
            fail(q.name() + " failed on ShoalDB with " + e.getErrorCode() + " " + e.getMessage()
                    + (e.getErrorCode() == NOT_SUPPORTED ? " (if it cannot run yet, list it in tpc/expected-not-supported.txt)" : ""), e);
            return;
        }
        long ms = (System.nanoTime() - t0) / 1_000_000;
        String diff = ResultComparison.diff(expected, actual, q.orderColumns(expected.labels()));
        if (diff != null) {
            fail(q.name() + " at SF" + SCALE + ": ShoalDB's result differs from DuckDB's\n" + diff);
        }
        System.out.println("[tpc sf" + SCALE + "] " + q.name() + " matches DuckDB: " + expected.rows().size()
                + " rows, ShoalDB " + ms + " ms");
    }

    private static void assertStillNotSupported(TpcQuery q) throws SQLException {
        // The reference must run the query already, so that taking it off the list only waits for ShoalDB.
        QueryResult expected = run(duckdb, q.duckDbSql());
        QueryResult actual;
        try {
            actual = run(shoal, q.sql());
        } catch (SQLException e) {
            if (e.getErrorCode() != NOT_SUPPORTED) {
                fail(q.name() + " is listed as not supported yet but fails with " + e.getErrorCode() + " "
                        + e.getMessage() + ", not NOT_SUPPORTED (1235)", e);
            }
            return;
        }
        String diff = ResultComparison.diff(expected, actual, q.orderColumns(expected.labels()));
        String verdict = diff == null ? "and matches DuckDB" : "but differs from DuckDB:\n" + diff;
        fail(q.name() + " runs on ShoalDB now " + verdict
                + "\nTake it off shoal-testing/src/test/resources/tpc/expected-not-supported.txt.");
    }

    private static QueryResult run(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement()) {
            if (c == shoal) {
                s.execute("USE " + DB);
            }
            try (ResultSet rs = s.executeQuery(sql)) {
                return QueryResult.read(rs);
            }
        }
    }

    private static Set<String> expectedNotSupported() throws IOException {
        try (InputStream in = TpcQueriesTest.class.getResourceAsStream("/tpc/expected-not-supported.txt")) {
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return text.lines().map(l -> l.replaceAll("#.*", "").strip()).filter(l -> !l.isEmpty())
                    .collect(Collectors.toSet());
        }
    }
}
