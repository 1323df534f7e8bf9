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
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Queries and loads share the server: while long queries keep every query worker busy, sync 1-row INSERTs from
 * several clients go on being acknowledged, and what was acknowledged is visible to a reader, before the queries
 * end. The queries are three-way cross joins of 2,000 rows (8 billion combinations, many minutes of work), stopped
 * by KILL QUERY once the INSERTs are checked, or by their 60 s query_timeout otherwise: if commits (or the
 * statements that wait for them) were starved by the query drivers, no INSERT would be acknowledged while the
 * queries run and the test fails when they time out.
 */
class QueriesAndLoadsTest {
    private static final String ENDLESS = "SELECT count(*) FROM t a, t b, t c WHERE a.k + b.k + c.k >= 0";
    private static final int QUERIES = 2;
    private static final int LOAD_CLIENTS = 4;
    /** Acknowledgements to see, per load client, while the queries run. */
    private static final int ACKS_PER_CLIENT = 25;

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

    @Test
    void syncInsertsAreAcknowledgedAndVisibleWhileLongQueriesRun() throws Exception {
        server = TestServer.start(dir, Map.of());
        try (Connection c = server.connect(); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE d");
            s.execute("CREATE TABLE d.t (k INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1");
            s.execute("INSERT INTO d.t VALUES "
                    + IntStream.range(0, 2000).mapToObj(i -> "(" + i + ")").collect(Collectors.joining(",")));
            s.execute("CREATE TABLE d.ins (id BIGINT NOT NULL, client INT) DUPLICATE KEY(id) "
                    + "DISTRIBUTED BY HASH(id) BUCKETS 4");
        }
        List<Connection> victims = new ArrayList<>();
        List<Long> victimIds = new ArrayList<>();
        List<Future<Long>> queries = new ArrayList<>();
        try (Connection observer = connect()) {
            for (int q = 0; q < QUERIES; q++) {
                Connection victim = connect();
                victims.add(victim);
                victimIds.add(longValue(victim, "SELECT connection_id()"));
                queries.add(clients.submit(() -> {
                    try (Statement s = victim.createStatement(); ResultSet rs = s.executeQuery(ENDLESS)) {
                        rs.next();
                        return rs.getLong(1);
                    }
                }));
            }
            awaitQueriesExecuting(observer);

            // Each client inserts until it has had ACKS_PER_CLIENT acknowledgements that came while both
            // queries were still running, or until a query ends (then the test fails below).
            AtomicLong acknowledged = new AtomicLong();
            AtomicLong acknowledgedDuringQueries = new AtomicLong();
            List<Future<?>> loads = new ArrayList<>();
            for (int client = 0; client < LOAD_CLIENTS; client++) {
                int id = client;
                loads.add(clients.submit(() -> {
                    try (Connection c = connect(); Statement s = c.createStatement()) {
                        s.execute("SET group_commit = sync_mode");
                        int mine = 0;
                        for (long row = (long) id << 32; mine < ACKS_PER_CLIENT && running(queries); row++) {
                            s.execute("INSERT INTO ins VALUES (" + row + ", " + id + ")");
                            acknowledged.incrementAndGet();
                            if (running(queries)) {
                                mine++;
                                acknowledgedDuringQueries.incrementAndGet();
                            }
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> load : loads) {
                load.get(2, TimeUnit.MINUTES);
            }
            // A reader sees every acknowledged row, still while the queries run.
            long visible = longValue(observer, "SELECT count(*) FROM ins");
            boolean stillRunning = running(queries);

            assertThat(acknowledgedDuringQueries.get())
                    .as("sync INSERTs acknowledged while the queries ran (none: commits were starved)")
                    .isEqualTo((long) LOAD_CLIENTS * ACKS_PER_CLIENT);
            assertThat(visible).as("rows visible after their acknowledgement").isEqualTo(acknowledged.get());
            assertThat(stillRunning).as("the queries were still running when the rows were counted").isTrue();

            for (long id : victimIds) {
                try (Statement s = observer.createStatement()) {
                    s.execute("KILL QUERY " + id);
                }
            }
            for (Future<Long> query : queries) {
                assertThatThrownBy(() -> query.get(30, TimeUnit.SECONDS)).cause()
                        .satisfies(e -> assertThat(((SQLException) e).getErrorCode()).isEqualTo(1317));
            }
        } finally {
            for (Connection victim : victims) {
                victim.close();
            }
        }
    }

    private static boolean running(List<Future<Long>> queries) {
        return queries.stream().noneMatch(Future::isDone);
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

    /** Waits (each check a SHOW PROCESSLIST round trip, up to 30 s) until both queries are executing. */
    private static void awaitQueriesExecuting(Connection observer) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (true) {
            int executing = 0;
            try (Statement s = observer.createStatement(); ResultSet rs = s.executeQuery("SHOW FULL PROCESSLIST")) {
                while (rs.next()) {
                    if ("executing".equals(rs.getString("State")) && ENDLESS.equals(rs.getString("Info"))) {
                        executing++;
                    }
                }
            }
            if (executing == QUERIES) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the queries did not start executing within 30 s");
            }
        }
    }

    private static long longValue(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
