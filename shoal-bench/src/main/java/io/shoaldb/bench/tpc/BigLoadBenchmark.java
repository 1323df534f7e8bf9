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
import java.util.ArrayList;
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
 * chunked Stream Load body ({@code cat ... | curl -T -}, or Java's HttpClient with {@code --client java}) into a
 * new DUPLICATE KEY table; then DuckDB's
 * {@code COPY} of the same files into a table of a database file ({@code CHECKPOINT} included, so both end with
 * the rows on disk). Prints one {@code SHOAL} line per load (wall time, the server's CPU seconds over it when
 * {@code --server-pid} is given, the client's, the reply's phase times) and one {@code DUCKDB} line per copy.
 * Options: --data-dir, --scale (1), --table (lineitem), --runs (1), --systems (shoaldb,duckdb), --query-port,
 * --http-port, --server-pid, --client (curl | java), --duckdb-threads (2), --duckdb-dir (where DuckDB's database
 * file goes).
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
        String url = "http://127.0.0.1:" + httpPort + "/api/" + DB + "/" + table.name() + "/_stream_load";
        String pid = options.get("server-pid");
        long cpu0 = pid == null ? 0 : cpuTicks(pid);
        long client0 = clientTicks();
        long t0 = System.nanoTime();
        Reply reply = options.getOrDefault("client", "curl").equals("java") ? sendWithHttpClient(url, files)
                : sendWithCurl(url, files);
        long wallMs = (System.nanoTime() - t0) / 1_000_000;
        String cpu = pid == null ? "" : String.format(Locale.ROOT, " server_cpu_s=%.1f", (cpuTicks(pid) - cpu0) / 100.0);
        cpu += String.format(Locale.ROOT, " client_cpu_s=%.1f", (clientTicks() - client0) / 100.0);
        StringBuilder fields = new StringBuilder();
        Matcher m = REPLY_FIELD.matcher(reply.body());
        while (m.find()) {
            fields.append(' ').append(m.group(1)).append('=').append(m.group(2).trim());
        }
        System.out.printf(Locale.ROOT, "SHOAL run=%d wall_ms=%d%s http=%d%s%n", run, wallMs, cpu,
                reply.status(), fields);
        if (!reply.body().contains("\"Success\"")) {
            throw new IllegalStateException("the load failed: " + reply.body());
        }
    }

    /** The HTTP status and body of a Stream Load's reply. */
    private record Reply(int status, String body) {
    }

    /**
     * {@code cat FILES | curl -T - URL}, the way a user sends one big body: curl reads the pipe and sends it
     * chunked, at little CPU beside the server's.
     */
    private static Reply sendWithCurl(String url, List<Path> files) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("sh", "-c",
                "cat \"$@\" | curl -sS -w '\\n%{http_code}' -u root: -H 'column_separator:|' -H 'Expect:100-continue' -T - '"
                        + url + "'",
                "sh"));
        files.forEach(f -> command.add(f.toString()));
        Process curl = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String output = new String(curl.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        if (curl.waitFor() != 0) {
            throw new IllegalStateException("curl failed: " + output);
        }
        int lastLine = output.lastIndexOf('\n'); // -w puts the status after the body
        return new Reply(Integer.parseInt(output.substring(lastLine + 1)), output.substring(0, lastLine + 1));
    }

    /**
     * The same body through Java's HttpClient in this process: a heavier client, whose CPU shares the machine
     * with the server's (about 4 s of CPU for SF1 lineitem).
     */
    private static Reply sendWithHttpClient(String url, List<Path> files) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(url))
                .PUT(HttpRequest.BodyPublishers.ofInputStream(() -> concatenated(files)))
                .timeout(Duration.ofMinutes(30))
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString("root:".getBytes(StandardCharsets.UTF_8)))
                .header("column_separator", "|")
                .build();
        HttpResponse<String> response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
        return new Reply(response.statusCode(), response.body());
    }

    /** CPU of this process and of its children that have ended (curl), in clock ticks. */
    private static long clientTicks() throws IOException {
        String stat = Files.readString(Path.of("/proc/self/stat"));
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(f[11]) + Long.parseLong(f[12]) + Long.parseLong(f[13]) + Long.parseLong(f[14]);
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
