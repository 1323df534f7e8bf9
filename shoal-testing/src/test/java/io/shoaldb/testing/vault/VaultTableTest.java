package io.shoaldb.testing.vault;

import io.shoaldb.testing.Await;
import io.shoaldb.testing.ResultRows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.objectstore.ObjectStore;
import io.shoaldb.objectstore.S3ObjectStore;
import io.shoaldb.objectstore.testing.FaultyProxy;
import io.shoaldb.objectstore.testing.S3TestServer;
import io.shoaldb.testing.ServerProcess;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tables in a storage vault end to end: the real server process with its vault on an S3-compatible server started
 * here. Every answer of the vault table equals its local twin's, loaded alike, across compaction, restart, SIGKILL
 * and the loss of the whole file cache; a load while the store answers 503 or stalls fails cleanly within the
 * vault's request timeout, and the table answers throughout and takes loads again once the store is back.
 */
class VaultTableTest {
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final List<String> QUERIES = List.of(
            "SELECT count(*), sum(k), sum(g), min(s), max(s) FROM d.%s",
            "SELECT g, count(*), sum(k), max(s) FROM d.%s GROUP BY g ORDER BY g",
            "SELECT k, g, s FROM d.%s WHERE k BETWEEN 100 AND 140 ORDER BY k, g, s");
    private static final String TABLE = " (k INT, g INT, s VARCHAR(20)) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 2"
            + " PROPERTIES (\"group_commit_mode\" = \"sync_mode\")";
    private static final Pattern TABLE_ID = Pattern.compile("^data/(\\d+)/");

    @TempDir
    Path dir;

    private static String createVault(String endpoint, String extra) {
        return "CREATE STORAGE VAULT v PROPERTIES (\"type\" = \"S3\", \"s3.endpoint\" = \"" + endpoint + "\","
                + " \"s3.region\" = \"" + S3TestServer.REGION + "\", \"s3.bucket\" = \"shoal\", \"s3.root.path\" = \"vt\","
                + " \"s3.access_key\" = \"" + S3TestServer.ACCESS_KEY + "\", \"s3.secret_key\" = \""
                + S3TestServer.SECRET_KEY + "\", \"provider\" = \"S3\", \"use_path_style\" = \"true\"" + extra + ")";
    }

    private ServerProcess start() throws IOException {
        // Every load writes segments (none inline), so every load uploads.
        return ServerProcess.start(dir.resolve("shoal"), "--inline_load_max_bytes=0", "--enable_metrics_auth=false",
                "--file_cache_block_bytes=65536");
    }

    @Test
    void answersStayEqualToALocalTableAcrossCompactionRestartKillAndALostCache() throws Exception {
        try (S3TestServer s3 = S3TestServer.start(Files.createDirectories(dir.resolve("s3")), "shoal");
             ObjectStore bucket = new S3ObjectStore(s3.settings("vt"))) {
            List<List<List<String>>> expected;
            try (ServerProcess server = start(); Connection c = connect(server); Statement st = c.createStatement()) {
                st.execute(createVault("127.0.0.1:" + s3.port(), ""));
                st.execute("CREATE DATABASE d");
                st.execute("CREATE TABLE d.l" + TABLE);
                st.execute("SET v AS DEFAULT STORAGE VAULT");
                st.execute("CREATE TABLE d.t" + TABLE);
                assertThat(rows(st, "SHOW CREATE TABLE d.t").getFirst().get(1)).contains("\"storage_vault_name\" = \"v\"");
                assertThat(rows(st, "SHOW CREATE TABLE d.l").getFirst().get(1)).doesNotContain("storage_vault_name");
                StringBuilder csv = new StringBuilder();
                for (int i = 0; i < 3000; i++) {
                    csv.append(i).append(',').append(i % 7).append(",s").append(i % 101).append('\n');
                }
                List<String> streamLoaded = null;
                for (String table : List.of("t", "l")) {
                    assertThat(streamLoad(server, table, csv.toString())).contains("\"Status\": \"Success\"");
                    if (streamLoaded == null) {
                        streamLoaded = bucket.list("data/");
                        assertThat(streamLoaded).hasSize(2); // one segment per tablet
                        assertThat(localSegments(tableId(streamLoaded))).isEmpty();
                    }
                    for (int n = 0; n < 12; n++) {
                        st.execute("INSERT INTO d." + table + " VALUES (" + n + ", " + n + ", 'i" + n + "'), (" + (n + 500)
                                + ", 1, 'j" + n + "'), (" + (n + 1001) + ", 2, 'k" + n + "')");
                    }
                }
                expected = answers(st, "l");
                assertThat(answers(st, "t")).isEqualTo(expected);
                assertThat(expected.getFirst().getFirst()).containsExactly("3036", String.valueOf(4498500 + 66 + 6066 + 12078),
                        expected.getFirst().getFirst().get(2), "i0", "s99");

                long tableId = tableId(streamLoaded);
                // The loads committed at least 14 rowsets (the Stream Load's 2, each INSERT's 1 or 2), more than
                // compaction lets a tablet keep: it merges them into new objects, and the inputs' objects go once no
                // query holds them.
                awaitFewerObjects(bucket, 14);
                assertThat(answers(st, "t")).isEqualTo(expected);
                assertThat(localSegments(tableId)).isEmpty();
                assertThat(server.terminate()).isEqualTo(143);
            }
            try (ServerProcess server = start(); Connection c = connect(server); Statement st = c.createStatement()) {
                assertThat(answers(st, "t")).isEqualTo(expected);
                server.kill();
            }
            try (ServerProcess server = start(); Connection c = connect(server); Statement st = c.createStatement()) {
                assertThat(answers(st, "t")).isEqualTo(expected);
                assertThat(server.terminate()).isEqualTo(143);
            }
            Path cache = dir.resolve("shoal").resolve("data").resolve("file_cache");
            assertThat(cache).isDirectory();
            deleteTree(cache);
            try (ServerProcess server = start(); Connection c = connect(server); Statement st = c.createStatement()) {
                assertThat(answers(st, "t")).isEqualTo(expected);
                String metrics = metrics(server);
                assertThat(metric(metrics, "file_cache_miss_total")).isPositive();
                assertThat(metric(metrics, "file_cache_blocks")).isPositive();
                assertThat(answers(st, "t")).isEqualTo(expected);
                assertThat(metric(metrics(server), "file_cache_hit_total")).isPositive();
                assertThat(Files.list(cache).count()).isPositive();
            }
        }
    }

    @Test
    void aLoadFailsCleanlyWhileTheStoreAnswers503OrStallsAndTheTableRecovers() throws Exception {
        try (S3TestServer s3 = S3TestServer.start(Files.createDirectories(dir.resolve("s3")), "shoal");
             FaultyProxy proxy = new FaultyProxy(s3.port());
             ObjectStore bucket = new S3ObjectStore(s3.settings("vt"))) {
            try (ServerProcess server = start(); Connection c = connect(server); Statement st = c.createStatement()) {
                st.execute(createVault(proxy.endpoint(), ", \"s3.connection.request.timeout\" = \"3000\""));
                st.execute("CREATE DATABASE d");
                st.execute("CREATE TABLE d.t" + TABLE.replace("BUCKETS 2", "BUCKETS 2 PROPERTIES (\"storage_vault_name\" = \"v\")")
                        .replace(" PROPERTIES (\"group_commit_mode\" = \"sync_mode\")", ""));
                assertThat(streamLoad(server, "t", csv(0, 100))).contains("\"Status\": \"Success\"");
                List<String> before = bucket.list("data/");

                for (FaultyProxy.Fault fault : List.of(FaultyProxy.Fault.SERVICE_UNAVAILABLE, FaultyProxy.Fault.STALL)) {
                    proxy.injectAlways(fault);
                    proxy.dropOpenConnections();
                    long start = System.nanoTime();
                    String reply = streamLoad(server, "t", csv(100, 200));
                    assertThat(reply).as(fault.name()).contains("\"Status\": \"Fail\"").contains("upload of segment");
                    assertThatThrownBy(() -> st.execute("INSERT INTO d.t VALUES (7, 7, 'x')")).as(fault.name())
                            .isInstanceOfSatisfying(SQLException.class,
                                    e -> assertThat(e.getMessage()).contains("upload of segment"));
                    assertThat(Duration.ofNanos(System.nanoTime() - start)).as(fault.name())
                            .isLessThan(Duration.ofSeconds(40));
                    // what was committed is read from the file cache while the store is away
                    assertThat(rows(st, "SELECT count(*), sum(k) FROM d.t")).containsExactly(List.of("100", "4950"));
                }
                proxy.injectAlways(FaultyProxy.Fault.NONE);
                assertThat(bucket.list("data/")).isEqualTo(before);
                assertThat(streamLoad(server, "t", csv(100, 200))).contains("\"Status\": \"Success\"");
                assertThat(rows(st, "SELECT count(*), sum(k) FROM d.t")).containsExactly(List.of("200", "19900"));
                server.kill();
            }
            try (ServerProcess server = start(); Connection c = connect(server); Statement st = c.createStatement()) {
                assertThat(rows(st, "SELECT count(*), sum(k) FROM d.t")).containsExactly(List.of("200", "19900"));
            }
        }
    }

    private static String csv(int from, int to) {
        StringBuilder csv = new StringBuilder();
        for (int i = from; i < to; i++) {
            csv.append(i).append(',').append(i % 3).append(",f").append(i).append('\n');
        }
        return csv.toString();
    }

    @Test
    void aRestartWithTheStoreStoppedAnswersFromCachedBlocksAndNamesTheObjectItLacks() throws Exception {
        String query = "SELECT count(*), sum(k), max(s) FROM d.t";
        List<List<String>> expected;
        try (S3TestServer s3 = S3TestServer.start(Files.createDirectories(dir.resolve("s3")), "shoal")) {
            try (ServerProcess server = start(); Connection c = connect(server); Statement st = c.createStatement()) {
                st.execute(createVault("127.0.0.1:" + s3.port(), ", \"s3.connection.request.timeout\" = \"3000\""));
                st.execute("CREATE DATABASE d");
                st.execute("CREATE TABLE d.t" + TABLE.replace("PROPERTIES (", "PROPERTIES (\"storage_vault_name\" = \"v\", "));
                StringBuilder csv = new StringBuilder();
                for (int i = 0; i < 3000; i++) {
                    csv.append(i).append(',').append(i % 7).append(",s").append(i % 101).append('\n');
                }
                assertThat(streamLoad(server, "t", csv.toString())).contains("\"Status\": \"Success\"");
                expected = rows(st, query);
                assertThat(expected).containsExactly(List.of("3000", "4498500", "s99"));
                // Path, CapacityBytes, UsedBytes, Blocks, Hits, Misses, Evictions: the upload cached every block
                assertThat(rows(st, "SHOW FILE CACHE")).singleElement().satisfies(row -> {
                    assertThat(row.get(0)).endsWith("file_cache");
                    assertThat(row.get(1)).isEqualTo(String.valueOf(10L << 30));
                    assertThat(Long.parseLong(row.get(2))).isPositive();
                    assertThat(Long.parseLong(row.get(3))).isPositive();
                    assertThat(Long.parseLong(row.get(4))).isPositive();
                    assertThat(row.subList(5, 7)).containsExactly("0", "0");
                });
                assertThat(server.terminate()).isEqualTo(143);
            }
        }
        // the store is stopped: nothing answers on its port any more
        try (ServerProcess server = start(); Connection c = connect(server); Statement st = c.createStatement()) {
            assertThat(rows(st, "SHOW FILE CACHE")).singleElement()
                    .satisfies(row -> assertThat(row.subList(4, 7)).containsExactly("0", "0", "0"));
            assertThat(rows(st, query)).isEqualTo(expected);
            assertThat(rows(st, "SHOW FILE CACHE")).singleElement().satisfies(row -> {
                assertThat(Long.parseLong(row.get(4))).isPositive();
                assertThat(row.get(5)).isEqualTo("0");
            });
            assertThat(server.terminate()).isEqualTo(143);
        }
        deleteTree(dir.resolve("shoal").resolve("data").resolve("file_cache"));
        try (ServerProcess server = start(); Connection c = connect(server); Statement st = c.createStatement()) {
            assertThatThrownBy(() -> rows(st, query)).isInstanceOf(SQLException.class)
                    .hasMessageContaining("I/O error").hasMessageMatching("(?s).*data/\\d+/\\d+/\\d+_0\\.seg.*");
        }
    }

    private static Connection connect(ServerProcess server) throws SQLException {
        return DriverManager.getConnection(server.jdbcUrl("", ""), "root", "");
    }

    private static List<List<List<String>>> answers(Statement st, String table) throws SQLException {
        List<List<List<String>>> out = new ArrayList<>();
        for (String q : QUERIES) {
            out.add(rows(st, q.formatted(table)));
        }
        return out;
    }

    private static String streamLoad(ServerProcess server, String table, String csv) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.httpPort() + "/api/d/"
                        + table + "/_stream_load"))
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                        "root:".getBytes(StandardCharsets.UTF_8)))
                .header("column_separator", ",").timeout(Duration.ofSeconds(120))
                .PUT(HttpRequest.BodyPublishers.ofString(csv)).build();
        return HTTP.send(request, HttpResponse.BodyHandlers.ofString()).body().replaceAll("\"\\s*:\\s*\"", "\": \"");
    }

    private static String metrics(ServerProcess server) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.httpPort() + "/metrics")).build(),
                HttpResponse.BodyHandlers.ofString()).body();
    }

    private static double metric(String metrics, String name) {
        Matcher m = Pattern.compile("(?m)^" + name + "(\\{[^}]*})? (\\S+)$").matcher(metrics);
        assertThat(m.find()).as(name + " in\n" + metrics).isTrue();
        return Double.parseDouble(m.group(2));
    }

    private static long tableId(List<String> keys) {
        Matcher m = TABLE_ID.matcher(keys.getFirst());
        assertThat(m.find()).as(keys.getFirst()).isTrue();
        return Long.parseLong(m.group(1));
    }

    /** Segment files of the table on the data paths (a vault table has none once its loads returned). */
    private List<Path> localSegments(long tableId) throws IOException {
        try (Stream<Path> files = Files.walk(dir.resolve("shoal").resolve("data").resolve("data"))) {
            return files.filter(p -> p.getFileName().toString().endsWith(".seg"))
                    .filter(p -> p.toString().contains("/" + tableId + "/")).toList();
        }
    }

    /** Compaction runs in the background: waits, bounded, until the bucket holds fewer than {@code count} objects. */
    private static void awaitFewerObjects(ObjectStore bucket, int count) throws Exception {
        Await.until("fewer than " + count + " objects", Duration.ofSeconds(90), () -> bucket.list("data/").size() < count);
        assertThat(bucket.list("data/")).hasSizeLessThan(count).isNotEmpty();
    }

    private static void deleteTree(Path root) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    private static List<List<String>> rows(Statement s, String sql) throws SQLException {
        return ResultRows.of(s, sql);
    }
}
