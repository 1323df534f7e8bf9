package io.shoaldb.bench.tpc;

import io.shoaldb.testing.tpc.DuckDbLoader;
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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Times the TPC-H queries, TPC-DS Q3 and a full lineitem scan on a running ShoalDB server and on in-process
 * DuckDB holding the same data, and prints one Markdown table. Each query runs once unmeasured (its
 * result is compared with DuckDB's: a wrong answer gets no time), then {@code --runs} times; the figure is
 * the median wall time from sending the query to reading its last row over the client protocol (JDBC for
 * both); with {@code --runs 0} the compared run itself is timed (one run per query, for scale factors where a query
 * takes minutes). The geometric mean covers the TPC-H queries that ShoalDB runs and answers correctly.
 * <p>
 * Usage: {@code TpcBenchmark --scale 1 --runs 5 --query-port 29030 --http-port 28030 --data-dir DIR
 * [--queries q01,q06] [--duckdb-threads 2] [--duckdb-memory-limit 1GB --duckdb-dir DIR [--skip-load true]] [--session name=value,...]
 * [--server-pid PID --clock-ticks N]}
 * ({@code --session}: SET for the measured queries; {@code --duckdb-memory-limit}: DuckDB's {@code memory_limit};
 * {@code --duckdb-dir}: DuckDB keeps its database file and spills into this directory instead of holding the tables
 * in memory; {@code --skip-load true}: both already hold the tables from an earlier run with the same directory). The server must be empty of a database named {@code tpc} (it is dropped and reloaded). The first,
 * unmeasured run of each query also reports what ShoalDB spilled for it ({@code query_spill_bytes_written} on
 * {@code /metrics}). With {@code --server-pid} (a server on this machine; {@code --clock-ticks}: {@code getconf CLK_TCK})
 * each query's timed runs also report the server's CPU time per run, the whole process's and its query workers'
 * ({@link ServerCpu}).
 */
public final class TpcBenchmark {
    private static final String DB = "tpc";

    private TpcBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> options = CommandLineOptions.parse(args);
        double scale = Double.parseDouble(options.getOrDefault("scale", "1"));
        int runs = Integer.parseInt(options.getOrDefault("runs", "5"));
        String queryPort = options.getOrDefault("query-port", "9030");
        String httpPort = options.getOrDefault("http-port", "8030");
        Path dataDir = Path.of(options.getOrDefault("data-dir", "target/tpc-data"));
        List<TpcQuery> queries = TpcQueries.selected(options.get("queries"));
        int duckThreads = Integer.parseInt(options.getOrDefault("duckdb-threads", "2"));
        String duckMemory = options.get("duckdb-memory-limit");
        Path duckDir = options.containsKey("duckdb-dir") ? Path.of(options.get("duckdb-dir")) : null;
        // --skip-load true: both engines still hold the tables of an earlier run (a server left running or restarted
        // on its storage, and the DuckDB file in --duckdb-dir), so reruns of a few queries at SF10 skip a long load
        boolean reuse = Boolean.parseBoolean(options.getOrDefault("skip-load", "false"));
        if (reuse && duckDir == null) {
            throw new IllegalArgumentException("--skip-load needs --duckdb-dir (an in-memory DuckDB starts empty)");
        }
        SpillMeter spill = new SpillMeter("http://127.0.0.1:" + httpPort);
        ServerCpu cpu = options.containsKey("server-pid") ? new ServerCpu(Long.parseLong(options.get("server-pid")),
                Integer.parseInt(options.getOrDefault("clock-ticks", "100"))) : null;

        try (Connection shoal = DriverManager.getConnection("jdbc:mysql://127.0.0.1:" + queryPort
                + "/?sslMode=DISABLED&allowPublicKeyRetrieval=true&socketTimeout=1800000", "root", "");
             Connection duckdb = DuckDbLoader.open(duckThreads, duckMemory, duckDir, reuse)) {
            boolean tpcds = queries.stream().anyMatch(TpcQuery::isTpcds);
            if (!reuse) {
                long t0 = System.nanoTime();
                TpcLoad.loadAll(dataDir, scale, TpcLoad.tables(tpcds), shoal, "http://127.0.0.1:" + httpPort, DB,
                        duckdb, line -> System.out.println("LOAD " + line));
                System.out.printf(Locale.ROOT, "LOAD total %.1f s%n", (System.nanoTime() - t0) / 1e9);
            }
            String afterLoad = options.get("after-load");
            if (afterLoad != null) {
                // e.g. bench/profile-tpch.sh starts a JFR recording here, so the load stays out of the profile
                int exit = new ProcessBuilder("bash", "-c", afterLoad).inheritIO().start().waitFor();
                if (exit != 0) {
                    throw new IllegalStateException("--after-load command failed with exit code " + exit);
                }
            }
            try (Statement s = shoal.createStatement()) {
                s.execute("USE " + DB);
                // e.g. --session enable_profile=true: what profiling costs the measured queries
                String session = options.get("session");
                if (session != null) {
                    for (String assignment : session.split(",")) {
                        s.execute("SET " + assignment);
                    }
                }
            }
            int warmup = Integer.parseInt(options.getOrDefault("warmup", "0"));
            warmUp(queries, warmup, shoal, duckdb);
            List<Row> rows = new ArrayList<>();
            for (TpcQuery q : queries) {
                Row row = measure(q, shoal, duckdb, runs, spill, cpu);
                System.out.println("QUERY " + row.describe());
                rows.add(row);
            }
            System.out.println();
            System.out.print(table(rows, scale, runs, warmup, duckThreads));
            if (duckMemory != null) {
                System.out.println("DuckDB memory_limit=" + duckMemory + (duckDir == null ? "" : ", on disk in " + duckDir));
            }
        }
    }

    /**
     * One query's outcome: medians and runs in ms (null when the engine did not run it), a note, and the server's CPU
     * per timed run (null when not measured).
     */
    private record Row(String name, Double shoalMs, double[] shoalRuns, Double duckMs, double[] duckRuns, String note,
                       long spilledBytes, ServerCpu.Sample serverCpu) {
        Row(String name, Double shoalMs, double[] shoalRuns, Double duckMs, double[] duckRuns, String note,
            long spilledBytes) {
            this(name, shoalMs, shoalRuns, duckMs, duckRuns, note, spilledBytes, null);
        }

        boolean comparable() {
            return shoalMs != null && duckMs != null && note.isEmpty();
        }

        String describe() {
            return name + " shoaldb_ms=" + shoalMs + " " + Arrays.toString(shoalRuns) + " duckdb_ms=" + duckMs + " "
                    + Arrays.toString(duckRuns) + " spilled_bytes=" + spilledBytes
                    + (serverCpu == null ? "" : String.format(Locale.ROOT, " server_cpu_ms=%.2f exec_cpu_ms=%.2f",
                            serverCpu.processMs(), serverCpu.workersMs()))
                    + (note.isEmpty() ? "" : " note=" + note);
        }
    }

    private static Row measure(TpcQuery q, Connection shoal, Connection duckdb, int runs, SpillMeter spill,
                               ServerCpu cpu) throws SQLException {
        // --runs 0 (SF10, where a query takes minutes): the compared run is the one timed
        long d0 = System.nanoTime();
        QueryResult expected = run(duckdb, q.duckDbSql());
        double[] duckRuns = runs == 0 ? new double[] {(System.nanoTime() - d0) / 1e6} : time(duckdb, q.duckDbSql(), runs);
        QueryResult actual;
        long spilledBefore = spill.bytesWritten();
        long s0 = System.nanoTime();
        try {
            actual = run(shoal, q.sql());
        } catch (SQLException e) {
            String note = e.getErrorCode() == 1235 ? "not supported: " + e.getMessage()
                    : "error " + e.getErrorCode() + ": " + e.getMessage();
            return new Row(q.name(), null, new double[0], median(duckRuns), duckRuns, note,
                    spill.since(spilledBefore));
        }
        double shoalFirst = (System.nanoTime() - s0) / 1e6;
        long spilled = spill.since(spilledBefore);
        String unlimited = q.duckDbSqlWithoutLimit();
        String diff = ResultComparison.diff(expected, actual, q.orderColumns(expected.labels()),
                unlimited == null ? null : () -> {
                    try {
                        return run(duckdb, unlimited);
                    } catch (SQLException e) {
                        throw new IllegalStateException(q.name() + " without LIMIT failed on DuckDB", e);
                    }
                });
        if (diff != null) {
            System.out.println("MISMATCH " + q.name() + "\n" + diff);
            return new Row(q.name(), null, new double[0], median(duckRuns), duckRuns, "WRONG RESULT (not timed)", spilled);
        }
        if (runs == 0) {
            return new Row(q.name(), shoalFirst, new double[] {shoalFirst}, median(duckRuns), duckRuns, "", spilled);
        }
        ServerCpu.Sample before = cpu == null ? null : cpu.sample();
        double[] shoalRuns = time(shoal, q.sql(), runs);
        ServerCpu.Sample perRun = cpu == null ? null : cpu.sample().perRunSince(before, runs);
        return new Row(q.name(), median(shoalRuns), shoalRuns, median(duckRuns), duckRuns, "", spilled, perRun);
    }

    /**
     * --warmup N: every selected query runs N times round-robin on both engines before any is measured, so the
     * figures are those of a server that has been running the workload (its JIT has compiled the operators), not of
     * one just started. A query that fails here is left for {@link #measure} to report.
     */
    private static void warmUp(List<TpcQuery> queries, int rounds, Connection shoal, Connection duckdb) {
        if (rounds <= 0) {
            return;
        }
        long t0 = System.nanoTime();
        for (int round = 0; round < rounds; round++) {
            for (TpcQuery q : queries) {
                try {
                    run(duckdb, q.duckDbSql());
                    run(shoal, q.sql());
                } catch (SQLException e) {
                    // reported with its error when the query is measured
                }
            }
        }
        System.out.printf(Locale.ROOT, "WARMUP %d rounds of %d queries in %.1f s%n", rounds, queries.size(),
                (System.nanoTime() - t0) / 1e9);
    }

    private static QueryResult run(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            return QueryResult.read(rs);
        }
    }

    private static double[] time(Connection c, String sql, int runs) throws SQLException {
        double[] ms = new double[runs];
        for (int i = 0; i < runs; i++) {
            long t0 = System.nanoTime();
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
                int columns = rs.getMetaData().getColumnCount();
                while (rs.next()) {
                    for (int col = 1; col <= columns; col++) {
                        rs.getObject(col);
                    }
                }
            }
            ms[i] = (System.nanoTime() - t0) / 1e6;
        }
        return ms;
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    static String table(List<Row> rows, double scale, int runs, int warmup, int duckThreads) {
        StringBuilder out = new StringBuilder();
        out.append(runs == 0
                ? String.format(Locale.ROOT, "SF%s, one run per query (the compared one, timed), DuckDB threads=%d%n%n",
                        fmtScale(scale), duckThreads)
                : String.format(Locale.ROOT, "SF%s, median of %d runs after one unmeasured run%s, DuckDB threads=%d%n%n",
                        fmtScale(scale), runs, warmup > 0 ? " and " + warmup + " warm-up rounds of all queries" : "",
                        duckThreads));
        boolean cpu = rows.stream().anyMatch(r -> r.serverCpu() != null);
        out.append("| query | ShoalDB median ms | DuckDB median ms | ShoalDB ÷ DuckDB | ShoalDB spilled MB | ")
                .append(cpu ? "server CPU ms/run (workers) | " : "").append("note |\n");
        out.append("|---|---:|---:|---:|---:|").append(cpu ? "---:|" : "").append("---|\n");
        double logSum = 0;
        int counted = 0;
        int tpch = 0;
        for (Row r : rows) {
            String ratio = r.comparable() ? String.format(Locale.ROOT, "%.2f", r.shoalMs() / r.duckMs()) : "–";
            out.append("| ").append(r.name()).append(" | ").append(ms(r.shoalMs())).append(" | ").append(ms(r.duckMs()))
                    .append(" | ").append(ratio).append(" | ")
                    .append(r.spilledBytes() < 0 ? "?" : String.format(Locale.ROOT, "%.0f", r.spilledBytes() / 1048576.0))
                    .append(" | ");
            if (cpu) {
                out.append(r.serverCpu() == null ? "–" : String.format(Locale.ROOT, "%.1f (%.1f)", r.serverCpu().processMs(),
                        r.serverCpu().workersMs())).append(" | ");
            }
            out.append(r.note().replace("|", "/")).append(" |\n");
            if (r.name().matches("q\\d\\d")) {
                tpch++;
                if (r.comparable()) {
                    logSum += Math.log(r.shoalMs() / r.duckMs());
                    counted++;
                }
            }
        }
        out.append('\n');
        if (counted > 0) {
            out.append(String.format(Locale.ROOT, "Geometric mean of ShoalDB ÷ DuckDB over the %d of %d TPC-H queries "
                    + "that ShoalDB runs: %.2f%n", counted, tpch, Math.exp(logSum / counted)));
        } else {
            out.append("Geometric mean: none of the ").append(tpch).append(" TPC-H queries runs on ShoalDB yet\n");
        }
        List<String> others = rows.stream().map(Row::name).filter(n -> !n.matches("q\\d\\d")).toList();
        if (!others.isEmpty()) {
            out.append("Not in the mean: ").append(String.join(", ", others))
                    .append(" (TPC-DS, and our own queries: scan = sum(l_extendedprice) over lineitem, "
                            + "q01-dated = Q1 with its date computed by hand)\n");
        }
        return out.toString();
    }

    private static String ms(Double v) {
        if (v == null) {
            return "–";
        }
        return v >= 100 ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.1f", v);
    }

    private static String fmtScale(double scale) {
        return java.math.BigDecimal.valueOf(scale).stripTrailingZeros().toPlainString();
    }
}
