package io.shoaldb.tools;

import io.shoaldb.tools.http.StreamLoadConnection;
import java.io.BufferedOutputStream;
import java.io.ByteArrayInputStream;
import java.io.OutputStream;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.ConcurrentHistogram;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Bulk-ingestion benchmark: {@code gen} writes an httplogs-like CSV (timestamp, client ip, request line, status,
 * size; about 130 bytes a row); {@code load} splits a file into requests of {@code --chunk-bytes} on line
 * boundaries and sends them with {@code --streams} concurrent streams to ShoalDB (Stream Load over HTTP, one
 * persistent connection per stream through {@link StreamLoadConnection}),
 * PostgreSQL ({@code COPY ... FROM STDIN} through pgJDBC's CopyManager), MariaDB ({@code LOAD DATA LOCAL
 * INFILE} through Connector/J) or QuestDB (InfluxDB line protocol over HTTP, {@code POST /write}: each chunk is
 * converted to ILP lines before the timed part, and the rows are counted afterwards through {@code /exec}).
 * Same chunks, same concurrency for every target. Bounded by {@code --max-seconds} (or {@code --stop-file});
 * {@code --repeat} sends the file over and over for a fixed-length run, and {@code --visibility-probe-ms} measures
 * the time from acknowledgement to visibility as {@link LoadDriver} does (bench/mixed.sh uses both).
 */
@Command(name = "ingest-bench", mixinStandardHelpOptions = true, subcommands = {IngestBench.Gen.class, IngestBench.Load.class})
public final class IngestBench implements Runnable {
    public static void main(String[] args) {
        System.exit(new CommandLine(new IngestBench()).execute(args));
    }

    @Override
    public void run() {
        CommandLine.usage(this, System.out);
    }

    @Command(name = "gen", description = "write an httplogs-like CSV")
    static final class Gen implements Callable<Integer> {
        @Option(names = "--rows", defaultValue = "2000000")
        long rows;
        @Option(names = "--out", required = true)
        Path out;
        @Option(names = "--seed", defaultValue = "42")
        long seed;

        private static final String[] METHODS = {"GET", "GET", "GET", "GET", "POST", "HEAD"};
        private static final String[] DIRS = {"/images/", "/english/images/", "/english/history/", "/french/tickets/",
                "/english/competition/", "/english/playing/download/", "/images/logo_cup_", "/english/teams/teamgroup"};
        private static final String[] EXT = {".gif", ".jpg", ".html", ".htm", ".css", ".js"};
        private static final int[] STATUS = {200, 200, 200, 200, 200, 200, 304, 304, 404, 206, 500};

        @Override
        public Integer call() throws Exception {
            SplittableRandom r = new SplittableRandom(seed);
            long ts = 893_964_617L; // 1998-04-30, as in the World Cup 98 logs behind httplogs
            long bytes = 0;
            try (OutputStream os = new BufferedOutputStream(Files.newOutputStream(out), 1 << 20)) {
                StringBuilder sb = new StringBuilder(256);
                for (long i = 0; i < rows; i++) {
                    ts += r.nextInt(3) == 0 ? 1 : 0;
                    sb.setLength(0);
                    sb.append(java.time.LocalDateTime.ofEpochSecond(ts, 0, java.time.ZoneOffset.UTC).toString().replace('T', ' '));
                    if (sb.length() == 16) {
                        sb.append(":00");
                    }
                    sb.append(',').append(r.nextInt(1, 255)).append('.').append(r.nextInt(256)).append('.')
                            .append(r.nextInt(256)).append('.').append(r.nextInt(256)).append(',')
                            .append(METHODS[r.nextInt(METHODS.length)]).append(' ')
                            .append(DIRS[r.nextInt(DIRS.length)]).append("item_").append(r.nextInt(100000))
                            .append("_v").append(r.nextInt(1000)).append("_section_").append(Long.toHexString(r.nextLong() | (1L << 62)))
                            .append(EXT[r.nextInt(EXT.length)]).append("?s=").append(r.nextInt(100000)).append(" HTTP/1.0,")
                            .append(STATUS[r.nextInt(STATUS.length)]).append(',').append(r.nextInt(200_000)).append('\n');
                    byte[] b = sb.toString().getBytes(StandardCharsets.US_ASCII);
                    bytes += b.length;
                    os.write(b);
                }
            }
            System.out.printf("GEN rows=%d bytes=%d bytes_per_row=%.1f file=%s%n", rows, bytes, (double) bytes / rows, out);
            return 0;
        }
    }

    @Command(name = "load", description = "load a file in chunks with concurrent streams")
    static final class Load implements Callable<Integer> {
        enum Target { shoal, postgres, mariadb, questdb }

        @Option(names = "--target", required = true)
        Target target;
        @Option(names = "--file", required = true)
        Path file;
        @Option(names = "--chunk-bytes", defaultValue = "1048576")
        int chunkBytes;
        @Option(names = "--streams", defaultValue = "10")
        int streams;
        @Option(names = "--url", required = true, description = "http://host:port/api/db/table/_stream_load, a JDBC URL, or http://host:port (QuestDB)")
        String url;
        @Option(names = "--user", defaultValue = "root")
        String user;
        @Option(names = "--table", defaultValue = "httplogs")
        String table;
        @Option(names = "--group-commit", description = "async_mode, sync_mode or off_mode (ShoalDB); absent = no header")
        String groupCommit;
        @Option(names = "--server-pid", defaultValue = "0", description = "process whose CPU time to report")
        long serverPid;
        @Option(names = "--max-seconds", defaultValue = "120")
        int maxSeconds;
        @Option(names = "--repeat", description = "start the file over when it is all sent, until --max-seconds "
                + "(a fixed-length run from a small file; the table must accept duplicate rows)")
        boolean repeat;
        @Option(names = "--visibility-probe-ms", defaultValue = "0",
                description = "every N ms: note the rows acknowledged so far, poll SELECT count(*) through "
                        + "--probe-url until they are visible")
        int probeMillis;
        @Option(names = "--stop-file", description = "stop sending once this file exists (another program decides "
                + "how long the run lasts)")
        Path stopFile;
        @Option(names = "--probe-url", description = "JDBC URL (database included) the visibility probe counts --table through")
        String probeUrl;

        private static final Pattern LOADED = Pattern.compile("\"NumberLoadedRows\"\\s*:\\s*(\\d+)");
        private static final Pattern STATUS = Pattern.compile("\"Status\"\\s*:\\s*\"([^\"]*)\"");

        @Option(names = "--visible-timeout", defaultValue = "180",
                description = "QuestDB: seconds to wait, after the load, for the WAL to be applied before counting")
        int visibleTimeout;

        @Override
        public Integer call() throws Exception {
            byte[] data = Files.readAllBytes(file);
            List<int[]> chunks = new ArrayList<>(); // {offset, length, rows}
            for (int off = 0; off < data.length; ) {
                int end = Math.min(data.length, off + chunkBytes);
                while (end < data.length && data[end - 1] != '\n') {
                    end++;
                }
                int rows = 0;
                for (int i = off; i < end; i++) {
                    if (data[i] == '\n') {
                        rows++;
                    }
                }
                chunks.add(new int[] {off, end - off, rows});
                off = end;
            }
            HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                    .connectTimeout(Duration.ofSeconds(10)).followRedirects(HttpClient.Redirect.NORMAL).build();
            // QuestDB: the same chunks as ILP lines, converted here, before the clock starts
            byte[][] ilp = target == Target.questdb ? new byte[chunks.size()][] : null;
            long ilpBytes = 0;
            long countBefore = 0;
            if (ilp != null) {
                QuestDbIlp conv = new QuestDbIlp(table);
                for (int i = 0; i < ilp.length; i++) {
                    int[] ch = chunks.get(i);
                    ilp[i] = conv.convert(data, ch[0], ch[1], ch[2]);
                    ilpBytes += ilp[i].length;
                }
                countBefore = QuestDbIlp.count(http, url, table);
            }
            AtomicInteger next = new AtomicInteger();
            AtomicLong rowsSent = new AtomicLong();
            AtomicLong rowsConfirmed = new AtomicLong();
            AtomicLong bytesSent = new AtomicLong();
            AtomicLong failures = new AtomicLong();
            ConcurrentHistogram latency = new ConcurrentHistogram(3);
            String auth = "Basic " + Base64.getEncoder().encodeToString((user + ":").getBytes(StandardCharsets.UTF_8));
            URI loadUri = URI.create(url);
            Map<String, String> loadHeaders = new LinkedHashMap<>();
            loadHeaders.put("column_separator", ",");
            if (groupCommit != null) {
                loadHeaders.put("group_commit", groupCommit);
            }
            VisibilityProbe probe = null;
            if (probeMillis > 0) {
                probe = new VisibilityProbe(() -> DriverManager.getConnection(probeUrl, user, ""), table,
                        rowsConfirmed::get, () -> true, probeMillis);
                probe.start();
            }
            ServerMemory memory = ServerMemory.watch(serverPid);
            long clientCpu0 = clientCpuNanos();
            long cpu0 = cpuTicks();
            long start = System.nanoTime();
            long deadline = start + TimeUnit.SECONDS.toNanos(maxSeconds);
            List<Thread> threads = new ArrayList<>();
            for (int s = 0; s < streams; s++) {
                threads.add(Thread.ofPlatform().start(() -> {
                    try (Connection c = target == Target.shoal || target == Target.questdb ? null : DriverManager.getConnection(url, user, "");
                            StreamLoadConnection load = target == Target.shoal
                                    ? new StreamLoadConnection(Duration.ofSeconds(10), Duration.ofMinutes(5)) : null) {
                        Statement st = c == null ? null : c.createStatement();
                        int i;
                        while (((i = next.getAndIncrement()) < chunks.size() || repeat) && System.nanoTime() < deadline
                                && (stopFile == null || !Files.exists(stopFile))) {
                            i %= chunks.size();
                            int[] ch = chunks.get(i);
                            long t0 = System.nanoTime();
                            long confirmed = switch (target) {
                                case shoal -> {
                                    StreamLoadConnection.Reply reply = load.put(loadUri, auth, loadHeaders, data, ch[0], ch[1]);
                                    Matcher m = STATUS.matcher(reply.body());
                                    if (reply.status() != 200 || !m.find() || !m.group(1).equals("Success")) {
                                        throw new IllegalStateException("HTTP " + reply.status() + " " + reply.body());
                                    }
                                    Matcher n = LOADED.matcher(reply.body());
                                    yield n.find() ? Long.parseLong(n.group(1)) : -1;
                                }
                                case questdb -> {
                                    HttpResponse<String> resp = http.send(HttpRequest.newBuilder(URI.create(url + "/write"))
                                            .timeout(Duration.ofMinutes(5)).header("Content-Type", "text/plain; charset=utf-8")
                                            .POST(HttpRequest.BodyPublishers.ofByteArray(ilp[i])).build(),
                                            HttpResponse.BodyHandlers.ofString());
                                    if (resp.statusCode() != 204) { // 204: the request's rows are committed
                                        throw new IllegalStateException("HTTP " + resp.statusCode() + " " + resp.body());
                                    }
                                    yield ch[2];
                                }
                                case postgres -> c.unwrap(org.postgresql.PGConnection.class).getCopyAPI().copyIn(
                                        "COPY " + table + " FROM STDIN WITH (FORMAT csv)",
                                        new ByteArrayInputStream(data, ch[0], ch[1]));
                                case mariadb -> {
                                    st.unwrap(com.mysql.cj.jdbc.JdbcStatement.class)
                                            .setLocalInfileInputStream(new ByteArrayInputStream(data, ch[0], ch[1]));
                                    yield st.executeUpdate("LOAD DATA LOCAL INFILE 'chunk' INTO TABLE " + table
                                            + " FIELDS TERMINATED BY ','");
                                }
                            };
                            latency.recordValue(System.nanoTime() - t0);
                            rowsSent.addAndGet(ch[2]);
                            bytesSent.addAndGet(ch[1]);
                            if (confirmed != ch[2]) {
                                System.err.println("chunk " + i + ": sent " + ch[2] + " rows, server reports " + confirmed);
                            }
                            rowsConfirmed.addAndGet(confirmed);
                        }
                    } catch (Exception e) {
                        failures.incrementAndGet();
                        System.err.println("stream failed: " + e);
                    }
                }));
            }
            for (Thread t : threads) {
                t.join(TimeUnit.SECONDS.toMillis(maxSeconds + 300L));
            }
            double elapsed = (System.nanoTime() - start) / 1e9;
            Thread.sleep(500); // let PostgreSQL reap the backends of the closed connections
            long cpu = cpuTicks() - cpu0;
            double cpuSeconds = cpu / 100.0; // USER_HZ
            memory.close();
            double clientCpuSeconds = (clientCpuNanos() - clientCpu0) / 1e9;
            String extra = "";
            if (probe != null) {
                extra = " " + VisibilityProbe.describe(probe.stop());
            }
            if (target == Target.questdb) {
                // QuestDB acknowledges a /write once it is in the table's WAL; readers see it once the WAL is applied
                long v0 = System.nanoTime();
                boolean applied = QuestDbIlp.awaitApplied(http, url, table, visibleTimeout);
                double visible = (System.nanoTime() - v0) / 1e9;
                long counted = QuestDbIlp.count(http, url, table) - countBefore;
                extra += String.format(" visible_s=%.2f applied=%s counted_rows=%d server_cpu_to_visible_s=%.1f ilp_bytes=%d",
                        visible, applied, counted, (cpuTicks() - cpu0) / 100.0, ilpBytes);
                if (counted != rowsConfirmed.get()) {
                    System.err.println("QuestDB: " + rowsConfirmed.get() + " rows acknowledged, count(*) grew by " + counted);
                }
            }
            System.out.printf("RESULT target=%s mode=%s chunk_bytes=%d streams=%d requests=%d rows=%d confirmed_rows=%d"
                            + " seconds=%.2f rows_per_s=%.0f mb_per_s=%.1f server_cpu_s=%.1f server_cores_busy=%.2f"
                            + " rows_per_cpu_s=%.0f req_p50_ms=%.1f req_p99_ms=%.1f failures=%d server_rss_mb=%d"
                            + " server_tree_pss_mb=%d client_cpu_s=%.1f%s%n",
                    target, groupCommit == null ? "-" : groupCommit, chunkBytes, streams, latency.getTotalCount(),
                    rowsSent.get(), rowsConfirmed.get(), elapsed, rowsSent.get() / elapsed, bytesSent.get() / elapsed / 1e6,
                    cpuSeconds, cpuSeconds / elapsed, cpuSeconds > 0 ? rowsSent.get() / cpuSeconds : 0,
                    latency.getValueAtPercentile(50) / 1e6, latency.getValueAtPercentile(99) / 1e6, failures.get(),
                    memory.maxRssMb(), memory.maxTreePssMb(), clientCpuSeconds, extra);
            return failures.get() == 0 ? 0 : 3;
        }

        /** This program's own CPU: on a machine it shares with the server, what the client takes from it. */
        private static long clientCpuNanos() {
            return ProcessHandle.current().info().totalCpuDuration().map(Duration::toNanos).orElse(0L);
        }

        private long cpuTicks() {
            if (serverPid <= 0) {
                return 0;
            }
            try {
                String stat = Files.readString(Path.of("/proc/" + serverPid + "/stat"));
                String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                // utime, stime, cutime, cstime (fields 14-17): the children term counts PostgreSQL's reaped backends
                return Long.parseLong(f[11]) + Long.parseLong(f[12]) + Long.parseLong(f[13]) + Long.parseLong(f[14]);
            } catch (Exception e) {
                return 0;
            }
        }
    }
}
