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
 * {@code insert} (INSERT of {@code --rows} rows into a table shaped like the seed's {@code dt}),
 * {@code lineitem} (prepared batches of {@code --rows} 16-column TPC-H-lineitem-like rows, executeBatch),
 * {@code statement} ({@code --statement}, by default the {@code SELECT @@session.transaction_read_only} Connector/J
 * sends before each INSERT, run in a loop: what every statement costs the server whatever its text).
 * The JDBC URL chooses the server: {@code jdbc:mysql:} for ShoalDB and MariaDB, {@code jdbc:postgresql:}
 * for PostgreSQL. {@code --visibility-probe-ms} adds a probe that measures how long rows acknowledged by a
 * given instant take to become visible to {@code SELECT count(*)} (async group commit).
 *
 * <p>By default each client is a closed loop: it sends its next operation when the last one is answered, so at
 * saturation the latency follows from the throughput. {@code --rate} makes the clients an open loop instead: together
 * they offer that many operations a second, each on its own fixed schedule ({@link SendSchedule}), and latency
 * counts from when an operation was due, so queueing at the server shows at any offered rate below saturation.
 */
@Command(name = "load-driver", mixinStandardHelpOptions = true, description = "End-to-end load driver")
public final class LoadDriver implements Callable<Integer> {
    enum Workload { connect, ddl, insert, lineitem, statement }

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
    @Option(names = "--statement", defaultValue = "SELECT @@session.transaction_read_only",
            description = "the statement of the statement workload")
    String statement;
    @Option(names = "--session-sql", description = "statement each client runs after connecting (repeatable)")
    List<String> sessionSql = new ArrayList<>();

    @Option(names = "--visibility-probe-ms", defaultValue = "0",
            description = "every N ms: note the rows acknowledged so far, poll SELECT count(*) until they are visible")
    int probeMillis;
    @Option(names = "--rate", defaultValue = "0", description = "open loop: operations a second offered by all clients "
            + "together, each client on a fixed schedule, latency from the time an operation was due (0: closed loop)")
    double rate;
    @Option(names = "--max-seconds", defaultValue = "120", description = "hard bound on the whole run")
    int maxSeconds;
    @Option(names = "--stop-file", description = "end the measured time early once this file exists "
            + "(another program decides how long the run lasts)")
    java.nio.file.Path stopFile;

    @Option(names = "--slow-ms", defaultValue = "0", description = "print, per 100 ms of the measured time, how many "
            + "operations took longer than this and the longest (0: off): whether a latency tail comes in bursts")
    double slowMillis;

    /** Distinguishes the ids of successive runs into the same table (peers have primary keys). */
    private static final long RUN_SALT = (System.currentTimeMillis() / 1000) & 0xFFFFF;

    private final Recorder latencies = new Recorder(3);
    /** Open loop: from the actual send to the reply, without the time an operation waited for its client. */
    private final Recorder serviceTimes = new Recorder(3);
    private final AtomicLong ackedRows = new AtomicLong();
    private final AtomicLong operations = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();
    private volatile boolean measuring;
    private volatile long measureStart;
    private volatile long measureStartEpochMillis;
    /** Operations slower than --slow-ms per 100 ms of the measured time; null when off. */
    private volatile SlowTimeline slowTimeline;
    private volatile boolean stop;

    public static void main(String[] args) {
        System.exit(new CommandLine(new LoadDriver()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        Thread watchdog = Thread.ofPlatform().daemon().start(() -> {
            try {
                TimeUnit.SECONDS.sleep(maxSeconds);
                System.err.println("load-driver: run exceeded --max-seconds=" + maxSeconds + ", aborting");
                System.exit(4);
            } catch (InterruptedException ignored) {
            }
        });
        VisibilityProbe probe = null;
        if (probeMillis > 0) {
            probe = new VisibilityProbe(this::connect, table, ackedRows::get, () -> measuring, probeMillis);
            probe.start();
        }
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
        serviceTimes.reset();
        operations.set(0);
        if (slowMillis > 0) { // the span: the measured time and the replies still due after it
            slowTimeline = new SlowTimeline((long) (slowMillis * 1e6), TimeUnit.MILLISECONDS.toNanos(100),
                    TimeUnit.SECONDS.toNanos(seconds + 60));
        }
        long start = System.nanoTime();
        measureStart = start;
        measureStartEpochMillis = System.currentTimeMillis();
        measuring = true;
        long end = start + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < end && (stopFile == null || !java.nio.file.Files.exists(stopFile))) {
            TimeUnit.MILLISECONDS.sleep(Math.max(1, Math.min(100, (end - System.nanoTime()) / 1_000_000)));
        }
        measuring = false;
        double elapsed = (System.nanoTime() - start) / 1e9;
        Histogram histogram = latencies.getIntervalHistogram();
        Histogram service = serviceTimes.getIntervalHistogram();
        stop = true;
        for (Thread thread : threads) {
            thread.join(TimeUnit.SECONDS.toMillis(60));
        }
        if (probe != null) {
            System.out.println("VISIBILITY " + VisibilityProbe.describe(probe.stop()));
        }
        printSlowTimeline();
        long ops = operations.get();
        long rowCount = workload == Workload.insert || workload == Workload.lineitem ? ops * rows : 0;
        // the open loop's fields go last, so that scripts reading the closed loop's line read this one alike
        String openLoop = rate <= 0 ? "" : String.format(" loop=open offered_rate=%.0f service_p50_ms=%.3f service_p99_ms=%.3f",
                rate, service.getValueAtPercentile(50) / 1e6, service.getValueAtPercentile(99) / 1e6);
        System.out.printf("RESULT workload=%s clients=%d rows_per_stmt=%d prepared=%s seconds=%.1f ops=%d ops_per_s=%.0f"
                        + " rows_per_s=%.0f p50_ms=%.3f p99_ms=%.3f max_ms=%.3f failures=%d%s%n",
                workload, clients, rows, prepared, elapsed, ops, ops / elapsed, rowCount / elapsed,
                histogram.getValueAtPercentile(50) / 1e6, histogram.getValueAtPercentile(99) / 1e6,
                histogram.getMaxValue() / 1e6, failures.get(), openLoop);
        return failures.get() == 0 ? 0 : 3;
    }

    private void runClient(int client, CountDownLatch ready) {
        SendSchedule schedule = rate > 0 ? new SendSchedule(rate / clients, (double) client / clients) : null;
        try {
            switch (workload) {
                case connect -> {
                    ready.countDown();
                    while (!stop) {
                        long t0 = due(schedule);
                        try (Connection c = DriverManager.getConnection(url, user, password)) {
                            record(t0, schedule);
                        }
                    }
                }
                case ddl -> {
                    try (Connection c = connect(); Statement s = c.createStatement()) {
                        ready.countDown();
                        for (long i = 0; !stop; i++) {
                            String name = table + "_" + client + "_" + i;
                            long t0 = due(schedule);
                            s.execute("CREATE TABLE " + name + " (id INT NOT NULL, v VARCHAR(20) NULL)"
                                    + (dialect.equals("doris") ? " DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1" : ""));
                            s.execute("DROP TABLE " + name);
                            record(t0, schedule);
                        }
                    }
                }
                case insert -> insertLoop(client, ready, schedule);
                case lineitem -> lineitemLoop(client, ready, schedule);
                case statement -> statementLoop(ready, schedule);
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

    private void insertLoop(int client, CountDownLatch ready, SendSchedule schedule) throws SQLException {
        long nextId = ((long) client << 40) + (RUN_SALT << 20); // unique across runs into one table
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
                        long t0 = due(schedule);
                        ps.executeBatch();
                        record(t0, schedule);
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
                        long t0 = due(schedule);
                        s.execute(sql.toString());
                        record(t0, schedule);
                    }
                }
            }
        }
    }

    private void statementLoop(CountDownLatch ready, SendSchedule schedule) throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            ready.countDown();
            while (!stop) {
                long t0 = due(schedule);
                if (s.execute(statement)) {
                    try (var rs = s.getResultSet()) {
                        while (rs.next()) {
                            // read the whole reply, as a client does
                        }
                    }
                }
                record(t0, schedule);
            }
        }
    }

    private void lineitemLoop(int client, CountDownLatch ready, SendSchedule schedule) throws SQLException {
        long nextId = ((long) client << 44) + (RUN_SALT << 24);
        try (Connection c = connect();
                PreparedStatement ps = c.prepareStatement("INSERT INTO " + table + " (l_orderkey, l_partkey, l_suppkey,"
                        + " l_linenumber, l_quantity, l_extendedprice, l_discount, l_tax, l_returnflag, l_linestatus,"
                        + " l_shipdate, l_commitdate, l_receiptdate, l_shipinstruct, l_shipmode, l_comment)"
                        + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            String[] instruct = {"DELIVER IN PERSON", "COLLECT COD", "NONE", "TAKE BACK RETURN"};
            String[] mode = {"REG AIR", "AIR", "RAIL", "SHIP", "TRUCK", "MAIL", "FOB"};
            java.time.LocalDate epoch = java.time.LocalDate.of(1992, 1, 2);
            ready.countDown();
            while (!stop) {
                for (int r = 0; r < rows; r++, nextId++) {
                    long h = nextId * 0x9E3779B97F4A7C15L;
                    int q = (int) Math.floorMod(h >>> 7, 50) + 1;
                    java.time.LocalDate ship = epoch.plusDays(Math.floorMod(h >>> 13, 2500));
                    ps.setLong(1, nextId >> 2);
                    ps.setInt(2, (int) Math.floorMod(h >>> 3, 200000) + 1);
                    ps.setInt(3, (int) Math.floorMod(h >>> 5, 10000) + 1);
                    ps.setInt(4, (int) (nextId & 3) + 1);
                    ps.setBigDecimal(5, java.math.BigDecimal.valueOf(q));
                    ps.setBigDecimal(6, java.math.BigDecimal.valueOf(q * (90000L + Math.floorMod(h >>> 17, 100000)), 2));
                    ps.setBigDecimal(7, java.math.BigDecimal.valueOf(Math.floorMod(h >>> 19, 11), 2));
                    ps.setBigDecimal(8, java.math.BigDecimal.valueOf(Math.floorMod(h >>> 23, 9), 2));
                    ps.setString(9, (h & 1) == 0 ? "N" : "R");
                    ps.setString(10, (h & 2) == 0 ? "O" : "F");
                    ps.setDate(11, java.sql.Date.valueOf(ship));
                    ps.setDate(12, java.sql.Date.valueOf(ship.plusDays(30)));
                    ps.setDate(13, java.sql.Date.valueOf(ship.plusDays(Math.floorMod(h >>> 29, 30) + 1)));
                    ps.setString(14, instruct[(int) Math.floorMod(h >>> 31, 4)]);
                    ps.setString(15, mode[(int) Math.floorMod(h >>> 37, 7)]);
                    ps.setString(16, "carefully final deposits " + Long.toHexString(h));
                    ps.addBatch();
                }
                long t0 = due(schedule);
                ps.executeBatch();
                record(t0, schedule);
            }
        }
    }

    /** When the next operation starts its clock: now (closed loop), or when it is due (open loop, after waiting). */
    private static long due(SendSchedule schedule) {
        return schedule == null ? System.nanoTime() : schedule.awaitNext();
    }

    private void record(long dueNanos, SendSchedule schedule) {
        long now = System.nanoTime();
        ackedRows.addAndGet(rows);
        if (measuring) {
            latencies.recordValue(now - dueNanos);
            noteIfSlow(dueNanos, now - dueNanos);
            if (schedule != null) {
                serviceTimes.recordValue(now - schedule.lastSent());
            }
            operations.incrementAndGet();
        }
    }

    private void noteIfSlow(long dueNanos, long latencyNanos) {
        SlowTimeline timeline = slowTimeline;
        if (timeline != null) {
            timeline.record(dueNanos - measureStart, latencyNanos);
        }
    }

    /** One line per 100 ms window in which operations, counted by when they were due, were slower than --slow-ms. */
    private void printSlowTimeline() {
        SlowTimeline timeline = slowTimeline;
        if (timeline == null) {
            return;
        }
        System.out.printf("SLOW measured_from_epoch_ms=%d slower_than_ms=%s%n", measureStartEpochMillis, slowMillis);
        timeline.lines().forEach(line -> System.out.println("SLOW " + line));
    }
}
