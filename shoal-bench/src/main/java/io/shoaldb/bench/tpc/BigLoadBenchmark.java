package io.shoaldb.bench.tpc;

import io.shoaldb.testing.tpc.DuckDbLoader;
import io.shoaldb.testing.tpc.TpcDataFiles;
import io.shoaldb.testing.tpc.TpcTable;
import io.shoaldb.testing.tpc.TpchTables;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.Base64;
import java.util.Enumeration;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One big file loaded in one request (issue P11): a TPC-H table's generated files, concatenated, sent as one
 * chunked Stream Load body (as {@code cat ... | curl -T -} does) into a new DUPLICATE KEY table; then DuckDB's
 * {@code COPY} of the same files into a table of a database file ({@code CHECKPOINT} included, so both end with
 * the rows on disk). Prints one {@code SHOAL} line per load (wall time, the server's CPU seconds over it when
 * {@code --server-pid} is given, the reply's phase times) and one {@code DUCKDB} line per copy.
 * Options: --data-dir, --scale (1), --table (lineitem), --runs (1), --systems (shoaldb,duckdb), --query-port,
 * --http-port, --server-pid, --duckdb-threads (2), --duckdb-dir (where DuckDB's database file goes).
 */
public final class BigLoadBenchmark {
    private static final String DB = "bigload";
    private static final Pattern REPLY_FIELD = Pattern.compile(
            "\"(Status|NumberLoadedRows|LoadTimeMs|ReadDataTimeMs|WriteDataTimeMs|ReceiveDataTimeMs"
                    + "|CommitAndPublishTimeMs)\":\\s*\"?([^\",}]*)");

    private BigLoadBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> options = CommandLineOptions.parse(args);
        Path dataDir = Path.of(options.getOrDefault("data-dir", "target/tpc-data"));
        double scale = Double.parseDouble(options.getOrDefault("scale", "1"));
        String tableName = options.getOrDefault("table", "lineitem");
        int runs = Integer.parseInt(options.getOrDefault("runs", "1"));
        List<String> systems = List.of(options.getOrDefault("systems", "shoaldb,duckdb").split(","));
        TpcTable table = TpchTables.all().stream().filter(t -> t.name().equals(tableName)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no TPC-H table " + tableName));
        List<Path> files = TpcDataFiles.files(dataDir, scale, table);
        long bytes = 0;
        for (Path f : files) {
            bytes += Files.size(f);
        }
        System.out.printf(Locale.ROOT, "FILES table=%s sf=%s files=%d bytes=%d%n", tableName, scale, files.size(), bytes);
        for (int run = 1; run <= runs; run++) {
            if (systems.contains("shoaldb")) {
                loadIntoShoal(options, table, files, run);
            }
            if (systems.contains("duckdb")) {
                copyIntoDuckDb(options, table, files, run);
            }
        }
    }

    private static void loadIntoShoal(Map<String, String> options, TpcTable table, List<Path> files, int run)
            throws Exception {
        String queryPort = options.getOrDefault("query-port", "9030");
        String httpPort = options.getOrDefault("http-port", "8030");
        try (Connection shoal = DriverManager.getConnection("jdbc:mysql://127.0.0.1:" + queryPort
                + "/?sslMode=DISABLED&allowPublicKeyRetrieval=true", "root", "");
             Statement s = shoal.createStatement()) {
            s.execute("CREATE DATABASE IF NOT EXISTS " + DB);
            s.execute("USE " + DB);
            s.execute("DROP TABLE IF EXISTS " + table.name());
            s.execute(table.dorisDdl());
        }
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + httpPort + "/api/" + DB + "/"
                        + table.name() + "/_stream_load"))
                .PUT(HttpRequest.BodyPublishers.ofInputStream(() -> concatenated(files)))
                .timeout(Duration.ofMinutes(30))
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString("root:".getBytes(StandardCharsets.UTF_8)))
                .header("column_separator", "|")
                .build();
        String pid = options.get("server-pid");
        long cpu0 = pid == null ? 0 : cpuTicks(pid);
        long t0 = System.nanoTime();
        HttpResponse<String> response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
        long wallMs = (System.nanoTime() - t0) / 1_000_000;
        String cpu = pid == null ? "" : String.format(Locale.ROOT, " server_cpu_s=%.1f", (cpuTicks(pid) - cpu0) / 100.0);
        StringBuilder fields = new StringBuilder();
        Matcher m = REPLY_FIELD.matcher(response.body());
        while (m.find()) {
            fields.append(' ').append(m.group(1)).append('=').append(m.group(2).trim());
        }
        System.out.printf(Locale.ROOT, "SHOAL run=%d wall_ms=%d%s http=%d%s%n", run, wallMs, cpu,
                response.statusCode(), fields);
        if (!response.body().contains("\"Success\"")) {
            throw new IllegalStateException("the load failed: " + response.body());
        }
    }

    /** The files one after the other, each opened when the previous one ends. */
    private static InputStream concatenated(List<Path> files) {
        Iterator<Path> next = files.iterator();
        return new SequenceInputStream(new Enumeration<>() {
            @Override
            public boolean hasMoreElements() {
                return next.hasNext();
            }

            @Override
            public InputStream nextElement() {
                try {
                    return Files.newInputStream(next.next());
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        });
    }

    /** User plus system CPU of a process, in clock ticks (1/100 s on Linux). */
    private static long cpuTicks(String pid) throws IOException {
        String stat = Files.readString(Path.of("/proc", pid, "stat"));
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(f[11]) + Long.parseLong(f[12]); // fields 14 and 15 of the whole line
    }

    private static void copyIntoDuckDb(Map<String, String> options, TpcTable table, List<Path> files, int run)
            throws Exception {
        int threads = Integer.parseInt(options.getOrDefault("duckdb-threads", "2"));
        Path dir = Path.of(options.getOrDefault("duckdb-dir", "target/bigload-duckdb"));
        try (Connection duckdb = DuckDbLoader.open(threads, null, dir, false)) {
            long t0 = System.nanoTime();
            long rows = DuckDbLoader.createAndLoad(duckdb, table, files);
            try (Statement s = duckdb.createStatement()) {
                s.execute("CHECKPOINT");
            }
            System.out.printf(Locale.ROOT, "DUCKDB run=%d copy_ms=%d rows=%d threads=%d%n", run,
                    (System.nanoTime() - t0) / 1_000_000, rows, threads);
        }
    }
}
