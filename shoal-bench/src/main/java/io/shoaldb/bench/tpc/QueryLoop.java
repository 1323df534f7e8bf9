package io.shoaldb.bench.tpc;

import io.shoaldb.testing.tpc.ShoalLoader;
import io.shoaldb.testing.tpc.TpcDataFiles;
import io.shoaldb.testing.tpc.TpcQueries;
import io.shoaldb.testing.tpc.TpcQuery;
import io.shoaldb.testing.tpc.TpcTable;
import io.shoaldb.testing.tpc.TpchTables;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The query side of the mixed-day benchmark (bench/mixed.sh): one client runs TPC-H's 22 queries in order, over
 * and over, for {@code --seconds} (the loop running at the deadline is finished: whole loops), and prints each query's median
 * wall time (sending the query to reading its last row) and the geometric mean of the medians. The answers are
 * not checked here: bench/tpch.sh compares them with DuckDB's. With {@code --load}, it first creates database
 * {@code tpc} and fills the TPC-H tables by Stream Load from the generated files under {@code --data-dir}.
 * <p>
 * Usage: {@code QueryLoop --query-port 29030 --http-port 28030 --data-dir DIR --scale 1 [--load true]
 * [--seconds 60] [--label A]}. Output: {@code QUERY label=A name=q01 runs=N median_ms=...} lines and one
 * {@code GEOMEAN label=A ms=... loops=N queries=22}.
 */
public final class QueryLoop {
    private static final String DB = "tpc";

    private QueryLoop() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> options = CommandLineOptions.parse(args);
        double scale = Double.parseDouble(options.getOrDefault("scale", "1"));
        String queryPort = options.getOrDefault("query-port", "9030");
        String label = options.getOrDefault("label", "-");
        long seconds = Long.parseLong(options.getOrDefault("seconds", "60"));
        try (Connection shoal = DriverManager.getConnection("jdbc:mysql://127.0.0.1:" + queryPort
                + "/?sslMode=DISABLED&allowPublicKeyRetrieval=true&socketTimeout=1800000", "root", "")) {
            if (Boolean.parseBoolean(options.getOrDefault("load", "false"))) {
                load(shoal, Path.of(options.getOrDefault("data-dir", "target/tpc-data")), scale,
                        "http://127.0.0.1:" + options.getOrDefault("http-port", "8030"));
            }
            if (seconds > 0) {
                loop(shoal, label, seconds);
            }
        }
    }

    private static void load(Connection shoal, Path dataDir, double scale, String httpBase) throws Exception {
        ShoalLoader loader = new ShoalLoader(httpBase);
        for (TpcTable table : TpchTables.all()) {
            long t0 = System.nanoTime();
            long rows = loader.createAndLoad(shoal, DB, table, TpcDataFiles.files(dataDir, scale, table));
            System.out.printf(Locale.ROOT, "LOAD %-10s %,d rows %.1f s%n", table.name(), rows, (System.nanoTime() - t0) / 1e9);
        }
    }

    private static void loop(Connection shoal, String label, long seconds) throws Exception {
        List<TpcQuery> queries = TpcQueries.all().stream().filter(q -> q.name().matches("q\\d\\d")).toList();
        Map<String, List<Double>> times = new LinkedHashMap<>();
        queries.forEach(q -> times.put(q.name(), new ArrayList<>()));
        try (Statement s = shoal.createStatement()) {
            s.execute("USE " + DB);
        }
        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        int loops = 0;
        // whole loops only, so that every query runs as often as the others
        while (System.nanoTime() < deadline) {
            for (TpcQuery q : queries) {
                times.get(q.name()).add(timeMillis(shoal, q.sql()));
            }
            loops++;
        }
        double logSum = 0;
        for (Map.Entry<String, List<Double>> e : times.entrySet()) {
            double median = median(e.getValue());
            logSum += Math.log(median);
            System.out.printf(Locale.ROOT, "QUERY label=%s name=%s runs=%d median_ms=%.1f all_ms=%s%n", label, e.getKey(),
                    e.getValue().size(), median, e.getValue().stream().map(v -> String.format(Locale.ROOT, "%.0f", v)).toList());
        }
        System.out.printf(Locale.ROOT, "GEOMEAN label=%s ms=%.1f loops=%d queries=%d%n", label,
                Math.exp(logSum / times.size()), loops, times.size());
    }

    private static double timeMillis(Connection c, String sql) throws Exception {
        long t0 = System.nanoTime();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            int columns = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                for (int col = 1; col <= columns; col++) {
                    rs.getObject(col);
                }
            }
        }
        return (System.nanoTime() - t0) / 1e6;
    }

    private static double median(List<Double> values) {
        double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
