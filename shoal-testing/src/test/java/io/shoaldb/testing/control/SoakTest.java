package io.shoaldb.testing.control;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.testing.ServerProcess;
import io.shoaldb.testing.tpc.DuckDbLoader;
import io.shoaldb.testing.tpc.QueryResult;
import io.shoaldb.testing.tpc.ResultComparison;
import io.shoaldb.testing.tpc.TpcLoad;
import io.shoaldb.testing.tpc.TpcQueries;
import io.shoaldb.testing.tpc.TpcQuery;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The mixed day on a small heap: clients loop over the TPC-H queries under a tight {@code exec_mem_limit} while other
 * clients send 1-row INSERTs through group commit (sync and async), all against one server process. Afterwards:
 * every query either matched DuckDB or failed with a documented memory or timeout error, every acknowledged row is
 * there, the server never ran out of heap and still serves. Shortened here; {@code bench/soak.sh} runs the full one
 * (system properties {@code soak.seconds}, {@code soak.queryClients}, {@code soak.loadClients}, {@code soak.scale},
 * {@code soak.heap}, {@code soak.execMemLimit}).
 */
class SoakTest {
    private static final int SECONDS = Integer.getInteger("soak.seconds", 20);
    private static final int QUERY_CLIENTS = Integer.getInteger("soak.queryClients", 6);
    private static final int LOAD_CLIENTS = Integer.getInteger("soak.loadClients", 6);
    private static final double SCALE = Double.parseDouble(System.getProperty("soak.scale", "0.01"));
    private static final String HEAP = System.getProperty("soak.heap", "256m");
    private static final long EXEC_MEM_LIMIT = Long.getLong("soak.execMemLimit", 4L << 20);
    private static final Path CACHE = Path.of(System.getProperty("tpc.data.dir", "target/tpc-data"));
    /** MEM_LIMIT_EXCEEDED (exec_mem_limit or the server's mem_limit): a documented refusal. */
    private static final Pattern MEMORY_REFUSAL = Pattern.compile("\\[MEM_LIMIT_EXCEEDED\\]");
    /** query_timeout passed (MySQL's ER_QUERY_TIMEOUT, as Doris answers it): the other documented refusal. */
    private static final int QUERY_TIMEOUT = 3024;

    @TempDir
    Path dir;

    private record Outcome(long matched, long refused, List<String> wrong) {
    }

    @Test
    void queriesUnderATightBudgetAndSmallLoadsShareTheServerWithoutLossOrOutOfMemory() throws Exception {
        try (ServerProcess server = ServerProcess.start(dir, List.of("-Xmx" + HEAP));
                Connection duckdb = DuckDbLoader.open(2)) {
            try (Connection c = connect(server, null); Statement s = c.createStatement()) {
                TpcLoad.loadAll(CACHE, SCALE, TpcLoad.tables(false), c, "http://127.0.0.1:" + server.httpPort(),
                        "tpc", duckdb, line -> System.out.println("[soak] " + line));
                s.execute("CREATE DATABASE soak");
                s.execute("CREATE TABLE soak.events (client INT, seq BIGINT) DUPLICATE KEY(client) "
                        + "DISTRIBUTED BY HASH(seq) BUCKETS 4");
            }
            List<TpcQuery> queries = TpcQueries.all().stream().filter(q -> !q.isTpcds()).toList();
            Map<String, QueryResult> expected = new HashMap<>();
            for (TpcQuery q : queries) {
                try (Statement s = duckdb.createStatement(); ResultSet rs = s.executeQuery(q.duckDbSql())) {
                    expected.put(q.name(), QueryResult.read(rs));
                }
            }

            ExecutorService clients = Executors.newCachedThreadPool();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(SECONDS);
            Map<Integer, AtomicLong> acknowledged = new ConcurrentHashMap<>();
            List<Future<Outcome>> queryClients = new ArrayList<>();
            List<Future<?>> loadClients = new ArrayList<>();
            long maxHeap = 0;
            try {
                for (int i = 0; i < QUERY_CLIENTS; i++) {
                    int first = i;
                    queryClients.add(clients.submit(() -> runQueries(server, queries, expected, first, deadline)));
                }
                for (int i = 0; i < LOAD_CLIENTS; i++) {
                    int client = i;
                    AtomicLong acks = acknowledged.computeIfAbsent(client, k -> new AtomicLong());
                    loadClients.add(clients.submit(() -> runLoads(server, client, acks, deadline)));
                }
                while (System.nanoTime() < deadline) {
                    maxHeap = Math.max(maxHeap, heapUsed(server));
                    clients.awaitTermination(1, TimeUnit.SECONDS);
                }
                long matched = 0;
                long refused = 0;
                List<String> wrong = new ArrayList<>();
                for (Future<Outcome> f : queryClients) {
                    Outcome o = f.get(5, TimeUnit.MINUTES);
                    matched += o.matched();
                    refused += o.refused();
                    wrong.addAll(o.wrong());
                }
                for (Future<?> f : loadClients) {
                    f.get(5, TimeUnit.MINUTES);
                }
                System.out.printf("[soak] %d s, %d query clients, %d load clients, SF%s, -Xmx%s: %d queries matched"
                        + " DuckDB, %d refused (memory/timeout), %d rows acknowledged, max heap used %d MB%n",
                        SECONDS, QUERY_CLIENTS, LOAD_CLIENTS, SCALE, HEAP, matched, refused,
                        acknowledged.values().stream().mapToLong(AtomicLong::get).sum(), maxHeap >> 20);
                assertThat(wrong).as("queries that answered wrongly or failed with an undocumented error").isEmpty();
                assertThat(matched).as("queries that completed").isPositive();
                assertThat(acknowledged.values().stream().mapToLong(AtomicLong::get).sum()).as("rows acknowledged")
                        .isPositive();
            } finally {
                clients.shutdownNow();
            }

            try (Connection c = connect(server, "soak"); Statement s = c.createStatement()) {
                s.execute("SYNC GROUP COMMIT ON events");
                for (Map.Entry<Integer, AtomicLong> e : acknowledged.entrySet()) {
                    try (ResultSet rs = s.executeQuery("SELECT count(*), count(DISTINCT seq) FROM events WHERE client = "
                            + e.getKey())) {
                        assertThat(rs.next()).isTrue();
                        assertThat(rs.getLong(1)).as("rows of load client " + e.getKey()).isEqualTo(e.getValue().get());
                        assertThat(rs.getLong(2)).isEqualTo(e.getValue().get());
                    }
                }
            }
            assertThat(server.output()).noneMatch(line -> line.contains("OutOfMemoryError"));
        }
    }

    private static Connection connect(ServerProcess server, String db) throws SQLException {
        return DriverManager.getConnection(server.jdbcUrl(db, "socketTimeout=300000"), "root", "");
    }

    /** Loops over the queries from {@code first} until the deadline, comparing each answer with DuckDB's. */
    private static Outcome runQueries(ServerProcess server, List<TpcQuery> queries, Map<String, QueryResult> expected,
                                      int first, long deadline) throws SQLException {
        long matched = 0;
        long refused = 0;
        List<String> wrong = new ArrayList<>();
        try (Connection c = connect(server, "tpc"); Statement s = c.createStatement()) {
            s.execute("SET exec_mem_limit = " + EXEC_MEM_LIMIT);
            s.execute("SET query_timeout = 120");
            for (int i = first; System.nanoTime() < deadline; i++) {
                TpcQuery q = queries.get(i % queries.size());
                try (ResultSet rs = s.executeQuery(q.sql())) {
                    QueryResult actual = QueryResult.read(rs);
                    QueryResult reference = expected.get(q.name());
                    String diff = ResultComparison.diff(reference, actual, q.orderColumns(reference.labels()));
                    if (diff == null) {
                        matched++;
                    } else {
                        wrong.add(q.name() + " differs from DuckDB: " + diff);
                    }
                } catch (SQLException e) {
                    if (e.getErrorCode() == QUERY_TIMEOUT
                            || MEMORY_REFUSAL.matcher(String.valueOf(e.getMessage())).find()) {
                        refused++;
                    } else {
                        wrong.add(q.name() + " failed: " + e.getErrorCode() + " " + e.getMessage());
                    }
                }
            }
        }
        return new Outcome(matched, refused, wrong);
    }

    /** 1-row INSERTs until the deadline, sync mode for even clients and async for odd ones; counts acknowledgements. */
    private static Void runLoads(ServerProcess server, int client, AtomicLong acks, long deadline) throws SQLException {
        try (Connection c = connect(server, "soak"); Statement s = c.createStatement()) {
            s.execute("SET group_commit = " + (client % 2 == 0 ? "sync_mode" : "async_mode"));
            for (long seq = 0; System.nanoTime() < deadline; seq++) {
                s.execute("INSERT INTO events VALUES (" + client + ", " + seq + ")");
                acks.incrementAndGet();
            }
        }
        return null;
    }

    private static final Pattern HEAP_USED = Pattern.compile(
            "(?m)^jvm_memory_used_bytes\\{[^}]*area=\"heap\"[^}]*\\} (\\S+)$");

    /** Heap in use now, from the server's /metrics (the sum over its heap pools). */
    private static long heapUsed(ServerProcess server) throws Exception {
        HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + server.httpPort() + "/metrics")).header("Authorization",
                "Basic " + Base64.getEncoder().encodeToString("root:".getBytes(StandardCharsets.UTF_8))).build(),
                HttpResponse.BodyHandlers.ofString());
        long used = 0;
        Matcher m = HEAP_USED.matcher(response.body());
        while (m.find()) {
            used += (long) Double.parseDouble(m.group(1));
        }
        return used;
    }
}
