import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * What enable_profile costs a query: runs each query alternately without and with profiling on one connection
 * (ABBA order, after warm-up rounds), so both see the same server, data and machine load, and prints the median
 * and minimum of each; then the EXPLAIN ANALYZE of each query (how many batches the wrappers timed) and what the
 * two clock reads a wrapper makes per batch cost on this machine, for an estimate that the noise of a shared
 * machine does not blur. Run by bench/profile-overhead.sh once the TPC data is loaded.
 * Usage: java -cp benchmarks.jar bench/ProfileOverhead.java QUERY_PORT QUERIES_DIR q01,q06 ROUNDS
 */
public class ProfileOverhead {
    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        Path dir = Path.of(args[1]);
        String[] queries = args[2].split(",");
        int rounds = Integer.parseInt(args[3]);
        try (Connection c = DriverManager.getConnection("jdbc:mysql://127.0.0.1:" + port
                + "/tpc?sslMode=DISABLED&allowPublicKeyRetrieval=true", "root", "");
                Statement s = c.createStatement()) {
            for (String q : queries) {
                String sql = Files.readString(dir.resolve(q + ".sql")).strip();
                sql = sql.endsWith(";") ? sql.substring(0, sql.length() - 1) : sql;
                for (int i = 0; i < 3; i++) {
                    run(s, sql, i % 2 == 1);
                }
                List<Double> off = new ArrayList<>();
                List<Double> on = new ArrayList<>();
                for (int i = 0; i < rounds; i++) {
                    boolean profiledFirst = i % 2 == 1;
                    (profiledFirst ? on : off).add(run(s, sql, profiledFirst));
                    (profiledFirst ? off : on).add(run(s, sql, !profiledFirst));
                }
                System.out.printf(Locale.ROOT, "OVERHEAD %s rounds=%d off: median %.1f ms min %.1f ms | on: median %.1f ms"
                        + " min %.1f ms | median ratio %.3f min ratio %.3f%n", q, rounds, median(off),
                        Collections.min(off), median(on), Collections.min(on), median(on) / median(off),
                        Collections.min(on) / Collections.min(off));
                try (ResultSet rs = s.executeQuery("EXPLAIN ANALYZE " + sql)) {
                    while (rs.next()) {
                        System.out.println("PROFILE " + q + " " + rs.getString(1));
                    }
                }
            }
            clockCost();
        }
    }

    /** Nanoseconds per System.nanoTime() and per ThreadMXBean.getCurrentThreadCpuTime() call, in this JVM. */
    private static void clockCost() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        int calls = 1_000_000;
        long sink = 0;
        for (int round = 0; round < 3; round++) {
            long start = System.nanoTime();
            for (int i = 0; i < calls; i++) {
                sink += System.nanoTime();
            }
            long wall = System.nanoTime() - start;
            start = System.nanoTime();
            for (int i = 0; i < calls; i++) {
                sink += threads.getCurrentThreadCpuTime();
            }
            long cpu = System.nanoTime() - start;
            System.out.printf(Locale.ROOT, "CLOCKS nanoTime %.0f ns, getCurrentThreadCpuTime %.0f ns per call (%d)%n",
                    (double) wall / calls, (double) cpu / calls, sink & 1);
        }
    }

    private static double run(Statement s, String sql, boolean profiled) throws Exception {
        s.execute("SET enable_profile = " + profiled);
        long start = System.nanoTime();
        try (ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                rs.getObject(1);
            }
        }
        return (System.nanoTime() - start) / 1e6;
    }

    private static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }
}
