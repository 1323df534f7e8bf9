package io.shoaldb.tools;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Recorder;
import org.HdrHistogram.Histogram;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Drives N concurrent clients against a MySQL-protocol server for a bounded time and reports
 * throughput and latency percentiles. The same program measures ShoalDB and its peers (MariaDB), so
 * figures compare like with like.
 *
 * <p>Workloads: {@code connect} (open and close a connection), {@code ddl} (CREATE then DROP a table),
 * {@code insert} (INSERT of {@code --rows} rows into a table shaped like the seed's {@code dt}).
 */
@Command(name = "load-driver", mixinStandardHelpOptions = true, description = "End-to-end load driver")
public final class LoadDriver implements Callable<Integer> {
    enum Workload { connect, ddl, insert }

    @Option(names = "--url", required = true, description = "JDBC URL, database included for insert")
    String url;
    @Option(names = "--user", defaultValue = "root")
    String user;
    @Option(names = "--password", defaultValue = "")
    String password;
    @Option(names = "--workload", defaultValue = "insert")
    Workload workload;
    @Option(names = "--clients", defaultValue = "1")
    int clients;
    @Option(names = "--seconds", defaultValue = "10", description = "measured time")
    int seconds;
    @Option(names = "--warmup-seconds", defaultValue = "2")
    int warmupSeconds;
    @Option(names = "--rows", defaultValue = "1", description = "rows per INSERT statement")
    int rows;
    @Option(names = "--prepared", description = "insert with a server-side prepared statement and executeBatch")
    boolean prepared;
    @Option(names = "--table", defaultValue = "bench_dt")
    String table;
    @Option(names = "--dialect", defaultValue = "doris", description = "doris or mysql: the CREATE TABLE form of the ddl workload")
    String dialect;
    @Option(names = "--session-sql", description = "statement each client runs after connecting (repeatable)")
    List<String> sessionSql = new ArrayList<>();

    private final Recorder latencies = new Recorder(3);
    private final AtomicLong operations = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();
    private volatile boolean measuring;
    private volatile boolean stop;

    public static void main(String[] args) {
        System.exit(new CommandLine(new LoadDriver()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        CountDownLatch ready = new CountDownLatch(clients);
        List<Thread> threads = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            int client = c;
            threads.add(Thread.ofPlatform().name("client-" + c).start(() -> runClient(client, ready)));
        }
        if (!ready.await(120, TimeUnit.SECONDS)) {
            System.err.println("clients did not connect in time");
            stop = true;
            return 1;
        }
        TimeUnit.SECONDS.sleep(warmupSeconds);
        latencies.reset();
        operations.set(0);
        measuring = true;
        long start = System.nanoTime();
        TimeUnit.SECONDS.sleep(seconds);
        measuring = false;
        double elapsed = (System.nanoTime() - start) / 1e9;
        Histogram histogram = latencies.getIntervalHistogram();
        stop = true;
        for (Thread thread : threads) {
            thread.join();
        }
        long ops = operations.get();
        long rowCount = workload == Workload.insert ? ops * rows : 0;
        System.out.printf("RESULT workload=%s clients=%d rows_per_stmt=%d prepared=%s seconds=%.1f ops=%d ops_per_s=%.0f"
                        + " rows_per_s=%.0f p50_ms=%.3f p99_ms=%.3f max_ms=%.3f failures=%d%n",
                workload, clients, rows, prepared, elapsed, ops, ops / elapsed, rowCount / elapsed,
                histogram.getValueAtPercentile(50) / 1e6, histogram.getValueAtPercentile(99) / 1e6,
                histogram.getMaxValue() / 1e6, failures.get());
        return failures.get() == 0 ? 0 : 3;
    }

    private void runClient(int client, CountDownLatch ready) {
        try {
            switch (workload) {
                case connect -> {
                    ready.countDown();
                    while (!stop) {
                        long t0 = System.nanoTime();
                        try (Connection c = DriverManager.getConnection(url, user, password)) {
                            record(t0);
                        }
                    }
                }
                case ddl -> {
                    try (Connection c = connect(); Statement s = c.createStatement()) {
                        ready.countDown();
                        for (long i = 0; !stop; i++) {
                            String name = table + "_" + client + "_" + i;
                            long t0 = System.nanoTime();
                            s.execute("CREATE TABLE " + name + " (id INT NOT NULL, v VARCHAR(20) NULL)"
                                    + (dialect.equals("doris") ? " DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1" : ""));
                            s.execute("DROP TABLE " + name);
                            record(t0);
                        }
                    }
                }
                case insert -> insertLoop(client, ready);
            }
        } catch (SQLException e) {
            failures.incrementAndGet();
            System.err.println("client " + client + ": " + e.getErrorCode() + " " + e.getMessage());
            ready.countDown();
        }
    }

    private Connection connect() throws SQLException {
        Connection connection = DriverManager.getConnection(url, user, password);
        try (Statement s = connection.createStatement()) {
            for (String sql : sessionSql) {
                s.execute(sql);
            }
        }
        return connection;
    }

    private void insertLoop(int client, CountDownLatch ready) throws SQLException {
        long nextId = (long) client << 40;
        try (Connection c = connect()) {
            if (prepared) {
                try (PreparedStatement ps = c.prepareStatement("INSERT INTO " + table + " (id, name, score) VALUES (?, ?, ?)")) {
                    ready.countDown();
                    while (!stop) {
                        for (int r = 0; r < rows; r++, nextId++) {
                            ps.setLong(1, nextId);
                            ps.setString(2, "name-" + nextId);
                            ps.setInt(3, (int) (nextId % 100));
                            ps.addBatch();
                        }
                        long t0 = System.nanoTime();
                        ps.executeBatch();
                        record(t0);
                    }
                }
            } else {
                try (Statement s = c.createStatement()) {
                    ready.countDown();
                    StringBuilder sql = new StringBuilder();
                    while (!stop) {
                        sql.setLength(0);
                        sql.append("INSERT INTO ").append(table).append(" (id, name, score) VALUES ");
                        for (int r = 0; r < rows; r++, nextId++) {
                            sql.append(r == 0 ? "(" : ",(").append(nextId).append(",'name-").append(nextId)
                                    .append("',").append(nextId % 100).append(')');
                        }
                        long t0 = System.nanoTime();
                        s.execute(sql.toString());
                        record(t0);
                    }
                }
            }
        }
    }

    private void record(long startNanos) {
        if (measuring) {
            latencies.recordValue(System.nanoTime() - startNanos);
            operations.incrementAndGet();
        }
    }
}
