package io.shoaldb.testing.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.testing.TestServer;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * KILL QUERY / KILL CONNECTION, SHOW PROCESSLIST, cancellation when the client hangs up, and admission control,
 * against a real server with Connector/J. The victim runs a three-way cross join of 2,000 rows (8 billion row
 * combinations): it would run for many minutes, so a test that passes proves the query was stopped.
 */
class QueryControlTest {
    private static final String ENDLESS = "SELECT count(*) FROM t a, t b, t c WHERE a.k + b.k + c.k >= 0";
    private static final long WAIT_MILLIS = 30_000;

    @TempDir
    Path dir;

    private final ExecutorService clients = Executors.newCachedThreadPool();
    private TestServer server;

    @AfterEach
    void stop() {
        clients.shutdownNow();
        if (server != null) {
            server.close();
        }
    }

    private void start(Map<String, String> config) throws Exception {
        server = TestServer.start(dir, config);
        try (Connection c = server.connect(); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE d");
            s.execute("CREATE TABLE d.t (k INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1");
            String values = IntStream.range(0, 2000).mapToObj(i -> "(" + i + ")").collect(Collectors.joining(","));
            s.execute("INSERT INTO d.t VALUES " + values);
        }
    }

    private Connection connect() throws SQLException {
        Connection c = server.connect();
        try (Statement s = c.createStatement()) {
            s.execute("USE d");
            // A query that is not stopped fails with 3024 after a minute instead of running on for many.
            s.execute("SET query_timeout = 60");
        }
        return c;
    }

    private static long connectionId(Connection c) throws SQLException {
        return longValue(c, "SELECT connection_id()");
    }

    /** The first column of the first row of {@code sql}. */
    private static long longValue(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** Runs the endless query on {@code victim} in the background; its future fails with what the client got. */
    private Future<Long> runEndless(Connection victim) {
        return clients.submit(() -> {
            try (Statement s = victim.createStatement(); ResultSet rs = s.executeQuery(ENDLESS)) {
                rs.next();
                return rs.getLong(1);
            }
        });
    }

    /** The statement failed with MySQL's 1317, as KILL QUERY makes it (not 3024, query_timeout's). */
    private static void assertInterrupted(Future<Long> query) {
        assertThatThrownBy(() -> query.get(WAIT_MILLIS, TimeUnit.MILLISECONDS))
                .cause().isInstanceOf(SQLException.class)
                .hasMessage("Query execution was interrupted")
                .satisfies(e -> assertThat(((SQLException) e).getErrorCode()).isEqualTo(1317));
    }

    private record Process(long id, String command, String state, String info) {
    }

    private static List<Process> processList(Connection c, boolean full) throws SQLException {
        List<Process> out = new ArrayList<>();
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(full ? "SHOW FULL PROCESSLIST" : "SHOW PROCESSLIST")) {
            while (rs.next()) {
                out.add(new Process(rs.getLong("Id"), rs.getString("Command"), rs.getString("State"),
                        rs.getString("Info")));
            }
        }
        return out;
    }

    private static Process process(Connection c, long id) throws SQLException {
        return processList(c, true).stream().filter(p -> p.id() == id).findFirst().orElse(null);
    }

    /**
     * Waits until the server reaches a state on its own (a query starting, a session ending): each check is a
     * SHOW PROCESSLIST round trip, which paces the loop; up to 30 s.
     */
    private static void awaitCondition(String what, SqlCondition condition) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(WAIT_MILLIS);
        while (!condition.holds()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting until " + what);
            }
        }
    }

    @FunctionalInterface
    private interface SqlCondition {
        boolean holds() throws SQLException;
    }

    private static void awaitRunning(Connection observer, long id) throws Exception {
        awaitCondition("connection " + id + " runs the query", () -> {
            Process p = process(observer, id);
            return p != null && "executing".equals(p.state()) && ENDLESS.equals(p.info());
        });
    }

    @Test
    void killQueryStopsTheStatementAndKeepsTheConnection() throws Exception {
        start(Map.of());
        try (Connection victim = connect(); Connection killer = connect()) {
            long id = connectionId(victim);
            Future<Long> query = runEndless(victim);
            awaitRunning(killer, id);

            try (Statement s = killer.createStatement()) {
                s.execute("KILL QUERY " + id);
            }

            assertInterrupted(query);
            assertThat(longValue(victim, "SELECT count(*) FROM t")).isEqualTo(2000);
            assertThat(process(killer, id).command()).isEqualTo("Sleep");
        }
    }

    @Test
    void killConnectionClosesIt() throws Exception {
        start(Map.of());
        try (Connection victim = connect(); Connection killer = connect()) {
            long id = connectionId(victim);
            Future<Long> query = runEndless(victim);
            awaitRunning(killer, id);

            try (Statement s = killer.createStatement()) {
                s.execute("KILL " + id);
            }

            assertThatThrownBy(() -> query.get(WAIT_MILLIS, TimeUnit.MILLISECONDS)).cause()
                    .isInstanceOf(SQLException.class);
            awaitCondition("the killed session is gone", () -> process(killer, id) == null);
            assertThatThrownBy(() -> victim.createStatement().executeQuery("SELECT 1"))
                    .isInstanceOf(SQLException.class);
        }
    }

    @Test
    void queryTimeoutStopsALongAggregation() throws Exception {
        start(Map.of());
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute("SET query_timeout = 1");
            assertThatThrownBy(() -> s.executeQuery(ENDLESS)).isInstanceOf(SQLException.class)
                    .hasMessageContaining("maximum statement execution time exceeded (1 s)")
                    .satisfies(e -> assertThat(((SQLException) e).getErrorCode()).isEqualTo(3024));
            assertThat(longValue(c, "SELECT count(*) FROM t")).isEqualTo(2000);
        }
    }

    @Test
    void aQueryOverExecMemLimitFailsClearlyAndTheSessionGoesOn() throws Exception {
        start(Map.of());
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute("SET exec_mem_limit = 1048576");
            s.execute("SET enable_spill = false");
            // Four million groups: far more than 1 MB of hash table, and nothing may spill.
            assertThatThrownBy(() -> s.executeQuery("SELECT a.k * 2000 + b.k AS g, count(*) FROM t a, t b GROUP BY g"))
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("[MEM_LIMIT_EXCEEDED]")
                    .hasMessageContaining("exec_mem_limit of 1048576 bytes");
            s.execute("SET exec_mem_limit = 2147483648");
            assertThat(longValue(c, "SELECT count(*) FROM (SELECT k, count(*) FROM t GROUP BY k) g")).isEqualTo(2000);
        }
    }

    @Test
    void unknownThreadIsAnError() throws Exception {
        start(Map.of());
        try (Connection c = connect(); Statement s = c.createStatement()) {
            assertThatThrownBy(() -> s.execute("KILL QUERY 987654"))
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("Unknown thread id: 987654")
                    .satisfies(e -> assertThat(((SQLException) e).getErrorCode()).isEqualTo(1094));
            assertThatThrownBy(() -> s.execute("KILL QUERY"))
                    .isInstanceOf(SQLException.class)
                    .satisfies(e -> assertThat(((SQLException) e).getErrorCode()).isEqualTo(1064));
        }
    }

    @Test
    void aClientThatHangsUpHasItsQueryStopped() throws Exception {
        start(Map.of());
        try (Connection observer = connect()) {
            Connection victim = connect();
            long id = connectionId(victim);
            Future<Long> query = runEndless(victim);
            awaitRunning(observer, id);

            // Closes the socket under the running statement, as a client that crashes or times out does.
            victim.abort(Runnable::run);

            // The session ends only after its statement has; without cancellation this would take many minutes.
            awaitCondition("the hung-up session is gone", () -> process(observer, id) == null);
            assertThatThrownBy(() -> query.get(WAIT_MILLIS, TimeUnit.MILLISECONDS)).cause()
                    .isInstanceOf(SQLException.class);
        }
    }

    @Test
    void processListShowsWhatEachSessionDoes() throws Exception {
        start(Map.of());
        try (Connection idle = connect(); Connection busy = connect(); Connection observer = connect()) {
            long idleId = connectionId(idle);
            long busyId = connectionId(busy);
            long self = connectionId(observer);
            Future<Long> query = runEndless(busy);
            awaitRunning(observer, busyId);

            Process sleeping = process(observer, idleId);
            assertThat(sleeping.command()).isEqualTo("Sleep");
            assertThat(sleeping.info()).isNull();
            Process running = process(observer, busyId);
            assertThat(running.state()).isEqualTo("executing");
            assertThat(process(observer, self).info()).isEqualTo("SHOW FULL PROCESSLIST");
            // Without FULL, Info keeps MySQL's first 100 characters.
            Process shortRow = processList(observer, false).stream().filter(p -> p.id() == busyId).findFirst()
                    .orElseThrow();
            assertThat(shortRow.info()).isEqualTo(ENDLESS.substring(0, Math.min(100, ENDLESS.length())));

            try (Statement s = observer.createStatement()) {
                s.execute("KILL QUERY " + busyId);
            }
            assertInterrupted(query);
        }
    }

    @Test
    void queriesPastTheConcurrencyLimitQueueThenTimeOut() throws Exception {
        start(Map.of("query_max_concurrency", "1", "query_queue_timeout_ms", "300"));
        try (Connection first = connect(); Connection second = connect(); Connection admin = connect()) {
            long firstId = connectionId(first);
            Future<Long> running = runEndless(first);
            awaitRunning(admin, firstId);

            try (Statement s = second.createStatement()) {
                assertThatThrownBy(() -> s.executeQuery("SELECT count(*) FROM t"))
                        .isInstanceOf(SQLException.class)
                        .hasMessageContaining("query queue timeout: waited 300 ms");
            }

            // A queued query starts as soon as the place is free.
            try (Statement s = admin.createStatement()) {
                s.execute("KILL QUERY " + firstId);
            }
            assertInterrupted(running);
            assertThat(longValue(second, "SELECT count(*) FROM t")).isEqualTo(2000);
        }
    }

    @Test
    void aFullQueueRefusesAtOnceAndAQueuedQueryCanBeKilled() throws Exception {
        start(Map.of("query_max_concurrency", "1", "query_max_queue_size", "1", "query_queue_timeout_ms", "600000"));
        try (Connection first = connect(); Connection queued = connect(); Connection third = connect();
                Connection admin = connect()) {
            long firstId = connectionId(first);
            long queuedId = connectionId(queued);
            Future<Long> running = runEndless(first);
            awaitRunning(admin, firstId);
            Future<Long> waiting = runEndless(queued);
            awaitCondition("the second query waits in the queue",
                    () -> "waiting in query queue".equals(process(admin, queuedId).state()));

            try (Statement s = third.createStatement()) {
                assertThatThrownBy(() -> s.executeQuery("SELECT count(*) FROM t"))
                        .isInstanceOf(SQLException.class)
                        .hasMessageContaining("query queue is full: 1 queries running");
            }
            try (Statement s = admin.createStatement()) {
                s.execute("KILL QUERY " + queuedId);
                s.execute("KILL QUERY " + firstId);
            }
            assertInterrupted(waiting);
            assertInterrupted(running);
        }
    }
}
