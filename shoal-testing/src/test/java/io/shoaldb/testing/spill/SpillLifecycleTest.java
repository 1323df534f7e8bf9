package io.shoaldb.testing.spill;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.testing.ServerProcess;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Spill files live only as long as their query, on a real server process with two storage paths: after a query
 * that spilled and succeeded, one that spilled and then failed, one KILLed while spilling, the {@code spill/}
 * directory of every storage path is empty again and /metrics shows no spill bytes on disk; after SIGKILL during a
 * spill, the runs left behind are deleted when the server starts again (on a server of its own).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SpillLifecycleTest {
    /** 2,000 x 2,000 x 5 rows to sort: far more than it takes to see runs on disk, minutes of work if not stopped. */
    private static final String LONG_SORT = "SELECT a.k * 10000000 + b.k * 10 + c.k AS x FROM t a, t b, t c"
            + " WHERE c.k < 5 ORDER BY x DESC";
    private static final long WAIT_MILLIS = 30_000;

    private final ExecutorService clients = Executors.newCachedThreadPool();
    private Path dir;
    private ServerProcess server;
    private SpillMetrics metrics;

    /** One server (with table t) for the tests that do not kill it. */
    @BeforeAll
    void startShared(@TempDir Path shared) throws Exception {
        dir = shared;
        start();
        createTable();
    }

    @AfterAll
    void stop() throws Exception {
        clients.shutdownNow();
        if (server != null) {
            server.close();
        }
    }

    private void start() throws IOException {
        server = ServerProcess.start(dir, "--storage_root_path=" + dir.resolve("a") + ";" + dir.resolve("b"));
        metrics = new SpillMetrics(server.httpPort());
    }

    private List<Path> spillDirectories() {
        return List.of(dir.resolve("a").resolve("spill"), dir.resolve("b").resolve("spill"));
    }

    /** A session in database d that spills whatever a sort or window holds past 4 KB. */
    private Connection connect() throws SQLException {
        Connection c = DriverManager.getConnection(server.jdbcUrl(null, ""), "root", "");
        try (Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE IF NOT EXISTS d");
            s.execute("USE d");
            s.execute("SET enable_force_spill = true");
            s.execute("SET min_revocable_mem = 4096");
            s.execute("SET query_timeout = 120");
        }
        return c;
    }

    private void createTable() throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE t (k INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 3");
            String values = IntStream.range(0, 2000).mapToObj(i -> "(" + i + ")").collect(Collectors.joining(","));
            s.execute("INSERT INTO t VALUES " + values);
        }
    }

    /** Regular files under the storage paths' spill directories (the directories themselves must exist). */
    private List<Path> spillFiles() {
        return spillDirectories().stream().flatMap(d -> {
            assertThat(d).isDirectory();
            try (Stream<Path> files = Files.walk(d)) {
                return files.filter(Files::isRegularFile).toList().stream();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }).toList();
    }

    private void assertNothingSpilledLeft() throws Exception {
        assertThat(metrics.bytesOnDisk()).as("query_spill_bytes_on_disk").isZero();
        assertThat(spillFiles()).as("files under the spill directories").isEmpty();
    }

    @Test
    void aSpillingQueryThatSucceedsLeavesNoFiles() throws Exception {
        long runs = metrics.runs();
        try (Connection c = connect(); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT k, row_number() OVER (ORDER BY k DESC) FROM t ORDER BY k")) {
            int rows = 0;
            while (rs.next()) {
                assertThat(rs.getLong(2)).isEqualTo(2000 - rs.getLong(1));
                rows++;
            }
            assertThat(rows).isEqualTo(2000);
        }
        assertThat(metrics.runs()).as("runs written").isGreaterThan(runs);
        assertNothingSpilledLeft();
    }

    @Test
    void aSpillingQueryThatFailsLeavesNoFiles() throws Exception {
        long runs = metrics.runs();
        // A MIN from each row to the partition's end is not streamed, so the window's one partition (no PARTITION
        // BY) is held whole after its runs are merged: 100,000 rows are over a 1 MB limit, so the query fails after
        // it has spilled. The same partition streams through ROW_NUMBER and a SUM over all of it.
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute("SET exec_mem_limit = 1048576");
            assertThatThrownBy(() -> s.executeQuery("SELECT x, min(x) OVER (ORDER BY x ROWS BETWEEN CURRENT ROW AND"
                    + " UNBOUNDED FOLLOWING) FROM (SELECT a.k * 2000 + b.k AS x FROM t a, t b WHERE b.k < 50) s").close())
                    .isInstanceOf(SQLException.class).hasMessageContaining("MEM_LIMIT_EXCEEDED");
            try (ResultSet rs = s.executeQuery("SELECT count(*), sum(rn), min(total), max(total) FROM (SELECT"
                    + " row_number() OVER (ORDER BY x) AS rn, sum(x) OVER () AS total FROM"
                    + " (SELECT a.k * 2000 + b.k AS x FROM t a, t b WHERE b.k < 50) s) w")) {
                assertThat(rs.next()).isTrue();
                assertThat(List.of(rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getLong(4)))
                        .containsExactly(100_000L, 5_000_050_000L, 199_902_450_000L, 199_902_450_000L);
            }
        }
        assertThat(metrics.runs()).as("runs written before the failure").isGreaterThan(runs);
        assertNothingSpilledLeft();
    }

    @Test
    void killQueryOfASpillingQueryDeletesItsRuns() throws Exception {
        try (Connection victim = connect(); Connection killer = connect()) {
            long id = longValue(victim, "SELECT connection_id()");
            Future<?> query = clients.submit(() -> {
                try (Statement s = victim.createStatement(); ResultSet rs = s.executeQuery(LONG_SORT)) {
                    while (rs.next()) {
                        // reading everything would take minutes: the test KILLs the query long before
                    }
                }
                return null;
            });
            awaitSpilling();
            long killed = System.nanoTime();
            try (Statement s = killer.createStatement()) {
                s.execute("KILL QUERY " + id);
            }
            assertThatThrownBy(() -> query.get(WAIT_MILLIS, TimeUnit.MILLISECONDS))
                    .cause().isInstanceOf(SQLException.class)
                    .satisfies(e -> assertThat(((SQLException) e).getErrorCode()).isEqualTo(1317));
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - killed);
            System.out.println("[spill] KILL QUERY to the client's error: " + millis + " ms");
            // Drivers check cancellation between slices, and a sort's slice writes at most one run.
            assertThat(millis).as("ms from KILL QUERY to the error").isLessThan(2000);
            // The runs are deleted as the query's resources are released, which may finish just after the error.
            awaitCondition("spill bytes on disk are 0", () -> metrics.bytesOnDisk() == 0);
            assertNothingSpilledLeft();
        }
    }

    @Test
    void runsLeftBySigkillAreDeletedAtStart(@TempDir Path own) throws Exception {
        ServerProcess shared = server;
        Path sharedDir = dir;
        dir = own;
        start();
        createTable();
        try {
            crashWhileSpilling();
        } finally {
            server.close();
            server = shared;
            dir = sharedDir;
            metrics = new SpillMetrics(server.httpPort());
        }
    }

    private void crashWhileSpilling() throws Exception {
        Connection victim = connect();
        clients.submit(() -> {
            try (Statement s = victim.createStatement(); ResultSet rs = s.executeQuery(LONG_SORT)) {
                while (rs.next()) {
                    // the server is killed under it
                }
            }
            return null;
        });
        awaitSpilling();
        server.kill();
        victim.close();
        assertThat(spillFiles()).as("runs the killed server left").isNotEmpty();
        start();
        assertThat(spillFiles()).as("files under the spill directories after restart").isEmpty();
        try (Connection c = connect()) {
            assertThat(longValue(c, "SELECT count(*) FROM t")).isEqualTo(2000);
        }
        assertThat(metrics.bytesOnDisk()).isZero();
    }

    /** Waits until some query has spill runs on disk. */
    private void awaitSpilling() throws Exception {
        awaitCondition("a query has spill runs on disk", () -> metrics.bytesOnDisk() > 0);
    }

    private static long longValue(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @FunctionalInterface
    private interface Condition {
        boolean holds() throws Exception;
    }

    /** Polls the server until {@code condition} holds; each check is an HTTP round trip, which paces the loop. */
    private static void awaitCondition(String what, Condition condition) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(WAIT_MILLIS);
        while (!condition.holds()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting until " + what);
            }
        }
    }
}
