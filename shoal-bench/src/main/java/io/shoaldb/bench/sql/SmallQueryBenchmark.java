package io.shoaldb.bench.sql;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * End-to-end latency of a tiny query, {@code SELECT sum(v) FROM t WHERE k > n} over a 3-row table, by one client
 * on the same machine, for ShoalDB and its peers: the same text repeated, a new literal each time, and a
 * server-side prepared statement executed with a new parameter each time. Prints a table of median and p99
 * latencies (microseconds) per system and mode. Systems are given as name=JDBC-URL; "duckdb" runs in process.
 *
 * <p>Usage: {@code SmallQueryBenchmark --runs N --warmup N name=url ...}
 */
public final class SmallQueryBenchmark {
    private static final String[] MODES = {"same text", "new literal", "prepared"};

    private SmallQueryBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int runs = 2000;
        int warmup = 500;
        Map<String, String> systems = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--runs" -> runs = Integer.parseInt(args[++i]);
                case "--warmup" -> warmup = Integer.parseInt(args[++i]);
                default -> {
                    int eq = args[i].indexOf('=');
                    systems.put(args[i].substring(0, eq), args[i].substring(eq + 1));
                }
            }
        }
        System.out.printf("%-22s %-12s %10s %10s %10s%n", "system", "mode", "median_us", "p99_us", "runs");
        for (Map.Entry<String, String> system : systems.entrySet()) {
            try (Connection c = connect(system.getValue())) {
                setUp(c, system.getKey());
                for (String mode : MODES) {
                    long[] micros = measure(c, mode, warmup, runs);
                    Arrays.sort(micros);
                    System.out.printf("%-22s %-12s %10d %10d %10d%n", system.getKey(), mode, micros[micros.length / 2],
                            micros[(int) (micros.length * 0.99)], micros.length);
                }
            }
        }
    }

    private static Connection connect(String url) throws SQLException {
        if (url.startsWith("jdbc:postgresql")) {
            return DriverManager.getConnection(url, "postgres", "");
        }
        if (url.startsWith("jdbc:duckdb")) {
            return DriverManager.getConnection(url);
        }
        return DriverManager.getConnection(url, "root", "");
    }

    private static void setUp(Connection c, String name) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS t");
            if (name.startsWith("shoal")) {
                s.execute("CREATE TABLE t (k INT NOT NULL, v INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1");
            } else {
                s.execute("CREATE TABLE t (k INT NOT NULL, v INT)");
            }
            s.execute("INSERT INTO t VALUES (1, 10), (2, 20), (3, 30)");
        }
    }

    private static long[] measure(Connection c, String mode, int warmup, int runs) throws SQLException {
        List<Long> out = new ArrayList<>();
        try (Statement s = c.createStatement();
                PreparedStatement p = c.prepareStatement("SELECT sum(v) FROM t WHERE k > ?")) {
            for (int i = 0; i < warmup + runs; i++) {
                long start = System.nanoTime();
                long sum = switch (mode) {
                    case "same text" -> sum(s.executeQuery("SELECT sum(v) FROM t WHERE k > 1"));
                    case "new literal" -> sum(s.executeQuery("SELECT sum(v) FROM t WHERE k > " + (i % 4 == 3 ? 0 : i)
                            * 1000 % 1_000_000_000));
                    default -> {
                        p.setInt(1, i % 3);
                        yield sum(p.executeQuery());
                    }
                };
                long micros = (System.nanoTime() - start) / 1000;
                if (sum < 0) {
                    throw new IllegalStateException("impossible sum " + sum);
                }
                if (i >= warmup) {
                    out.add(micros);
                }
            }
        }
        return out.stream().mapToLong(Long::longValue).toArray();
    }

    private static long sum(ResultSet rs) throws SQLException {
        try (rs) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
