package io.shoaldb.testing.vault;

import io.shoaldb.testing.Await;
import io.shoaldb.testing.ResultRows;
import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.common.io.LocalFiles;
import io.shoaldb.objectstore.ObjectStore;
import io.shoaldb.objectstore.S3ObjectStore;
import io.shoaldb.objectstore.testing.FaultyProxy;
import io.shoaldb.objectstore.testing.S3TestServer;
import io.shoaldb.storage.VaultIntents;
import io.shoaldb.storage.rowset.SegmentFiles;
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
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGKILL of the real server process while a segment upload to its storage vault hangs, once in a load and once in
 * a compaction. The proxy in front of the store forwards the upload and loses the store's answer, so at the kill
 * the object exists in the bucket and nothing committed names it. After a restart with the store healthy: every
 * acknowledged row is there, the unacknowledged load is not, and the vault recycler deletes the object once its
 * grace period is over - found through the node's intent log, not a listing of the bucket and not the staging file
 * (the load test deletes that before the restart, as a crash just after the staging file's delete would have).
 */
class VaultCrashTest {
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final String TABLE = "CREATE TABLE d.t (k INT, g INT, s VARCHAR(20)) DUPLICATE KEY(k)"
            + " DISTRIBUTED BY HASH(k) BUCKETS 1 PROPERTIES (\"storage_vault_name\" = \"v\")";
    /** A grace period of 0 and a pass every second: the recycler deletes what a start found within seconds. */
    static final String[] RECYCLE_AT_ONCE = {"--vault_recycle_grace_seconds=0", "--vault_recycle_interval_seconds=1"};
    private static final String ANSWER = "SELECT count(*), sum(k), sum(g), min(s), max(s) FROM d.t";

    @TempDir
    Path dir;

    @Test
    void aLoadKilledWhileItsUploadHangsLeavesNoRowNoStagingFileAndNoObject() throws Exception {
        try (S3TestServer s3 = S3TestServer.start(Files.createDirectories(dir.resolve("s3")), "shoal");
             FaultyProxy proxy = new FaultyProxy(s3.port());
             ObjectStore bucket = new S3ObjectStore(s3.settings("vt"))) {
            List<String> committed;
            try (ServerProcess server = start("--inline_load_max_bytes=0"); Connection c = connect(server);
                 Statement st = c.createStatement()) {
                st.execute(createVault(proxy.endpoint()));
                st.execute("CREATE DATABASE d");
                st.execute(TABLE);
                assertThat(streamLoad(server, csv(0, 100)).join()).contains("\"Status\": \"Success\"");
                st.execute("INSERT INTO d.t VALUES (1000, 1, 'x')");
                committed = bucket.list("data/");
                assertThat(committed).hasSize(2);

                proxy.injectAlways(FaultyProxy.Fault.LOSE_RESPONSE);
                proxy.dropOpenConnections();
                CompletableFuture<String> pending = streamLoad(server, csv(100, 200));
                await("the load's object lands in the bucket while its staging file is still there",
                        () -> bucket.list("data/").size() == 3 && !localSegments().isEmpty());
                assertThat(pending).isNotDone();
                server.kill();
                assertThat(pending).failsWithin(Duration.ofSeconds(30));
            }
            assertThat(localSegments()).hasSize(1);
            for (Path staging : localSegments()) {
                Files.delete(staging);
            }
            proxy.injectAlways(FaultyProxy.Fault.NONE);
            try (ServerProcess server = start("--inline_load_max_bytes=0", RECYCLE_AT_ONCE[0], RECYCLE_AT_ONCE[1]);
                 Connection c = connect(server); Statement st = c.createStatement()) {
                assertThat(rows(st, ANSWER)).containsExactly(List.of("101", "5950", "51", "f0", "x"));
                await("the recycler deletes the object of the load the kill cut", () -> bucket.list("data/").equals(committed));
                assertThat(metric(server, "vault_recycled_objects_total")).isEqualTo(1);
                await("no intent is left", () -> metric(server, "vault_recycle_pending_intents") == 0);
                assertThat(streamLoad(server, csv(100, 200)).join()).contains("\"Status\": \"Success\"");
                assertThat(rows(st, ANSWER)).containsExactly(List.of("201", "20900", "101", "f0", "x"));
            }
        }
    }

    @Test
    void aCompactionKilledWhileItsUploadHangsChangesNoAnswerAndLeavesNoObject() throws Exception {
        try (S3TestServer s3 = S3TestServer.start(Files.createDirectories(dir.resolve("s3")), "shoal");
             FaultyProxy proxy = new FaultyProxy(s3.port());
             ObjectStore bucket = new S3ObjectStore(s3.settings("vt"))) {
            List<List<String>> expected;
            List<String> orphan;
            try (ServerProcess server = start(); Connection c = connect(server); Statement st = c.createStatement()) {
                st.execute(createVault(proxy.endpoint()));
                st.execute("CREATE DATABASE d");
                st.execute(TABLE);
                // Small INSERTs commit inline (rows in the commit record, nothing uploaded): the only upload is the
                // compaction that rewrites them as an object once the tablet holds more rowsets than it keeps.
                proxy.injectAlways(FaultyProxy.Fault.LOSE_RESPONSE);
                proxy.dropOpenConnections();
                for (int n = 0; n < 20; n++) {
                    st.execute("INSERT INTO d.t VALUES (" + n + ", " + n % 3 + ", 'i" + n + "'), (" + (n + 100) + ", 1, 'j"
                            + n + "')");
                }
                assertThat(bucket.list("data/")).isEmpty();
                await("the compaction's object lands in the bucket while its staging file is still there",
                        () -> bucket.list("data/").size() == 1 && !localSegments().isEmpty());
                orphan = bucket.list("data/");
                expected = rows(st, ANSWER);
                assertThat(expected).containsExactly(List.of("40", "2380", "39", "i0", "j9"));
                server.kill();
            }
            assertThat(localSegments()).hasSize(1);
            proxy.injectAlways(FaultyProxy.Fault.NONE);
            try (ServerProcess server = start(RECYCLE_AT_ONCE); Connection c = connect(server);
                 Statement st = c.createStatement()) {
                assertThat(rows(st, ANSWER)).isEqualTo(expected);
                assertThat(localSegments()).isEmpty();
                await("the recycler deletes the object of the compaction the kill cut",
                        () -> bucket.list("data/").stream().noneMatch(orphan::contains));
                assertThat(rows(st, ANSWER)).isEqualTo(expected);
            }
        }
    }

    @Test
    void theRecyclerKeepsTheObjectsOfARowsetWhoseCommitOutlivedItsIntent() throws Exception {
        try (S3TestServer s3 = S3TestServer.start(Files.createDirectories(dir.resolve("s3")), "shoal");
             ObjectStore bucket = new S3ObjectStore(s3.settings("vt"))) {
            List<String> committed = loadOnceAndKill(s3.endpoint(), bucket);
            // What a kill between the commit record and the intent's release leaves: the committed rowset's upload
            // still announced in the intent log.
            String[] key = committed.getFirst().split("/");
            VaultIntents.open(new LocalFiles(), dir.resolve("shoal").resolve("data").resolve(VaultIntents.FILE_NAME),
                    System::currentTimeMillis).uploading(Long.parseLong(key[1]), Long.parseLong(key[2]),
                    SegmentFiles.rowsetIdOf(key[3]));
            try (ServerProcess server = start(RECYCLE_AT_ONCE); Connection c = connect(server);
                 Statement st = c.createStatement()) {
                await("the start decides the intent", () -> metric(server, "vault_recycle_pending_intents") == 0);
                assertThat(bucket.list("data/")).isEqualTo(committed);
                assertThat(metric(server, "vault_recycled_objects_total")).isZero();
                assertThat(rows(st, ANSWER)).containsExactly(List.of("100", "4950", "50", "f0", "f99"));
            }
        }
    }

    @Test
    void theUnfinishedMultipartUploadsAKillLeftAreAbortedOnceTheGracePeriodIsOver() throws Exception {
        try (S3TestServer s3 = S3TestServer.start(Files.createDirectories(dir.resolve("s3")), "shoal");
             ObjectStore bucket = new S3ObjectStore(s3.settings("vt"))) {
            List<String> committed = loadOnceAndKill(s3.endpoint(), bucket);
            assertThat(committed).hasSize(1);
            // What a kill in the middle of a large segment's upload leaves: the rowset announced in the intent log and
            // its upload begun in parts, never completed. Beside it in the same tablet, a second start of the
            // committed rowset's upload (one whose answer was lost, so the SDK began again) that nobody completes.
            String[] key = committed.getFirst().split("/");
            long tableId = Long.parseLong(key[1]);
            long tabletId = Long.parseLong(key[2]);
            long killedRowset = SegmentFiles.rowsetIdOf(key[3]) + 1000;
            VaultIntents.open(new LocalFiles(), dir.resolve("shoal").resolve("data").resolve(VaultIntents.FILE_NAME),
                    System::currentTimeMillis).uploading(tableId, tabletId, killedRowset);
            byte[] part = new byte[1 << 20];
            s3.leaveUnfinishedUpload("vt/" + SegmentFiles.objectKey(tableId, tabletId, killedRowset, 0), part);
            s3.leaveUnfinishedUpload("vt/" + committed.getFirst(), part);
            assertThat(bucket.unfinishedUploads("data/")).hasSize(2);
            try (ServerProcess server = start("--vault_recycle_grace_seconds=2", "--vault_recycle_interval_seconds=1");
                 Connection c = connect(server); Statement st = c.createStatement()) {
                await("the recycler aborts both uploads once the grace period is over",
                        () -> bucket.unfinishedUploads("data/").isEmpty());
                assertThat(metric(server, "vault_recycled_multipart_uploads_total")).isEqualTo(2);
                await("no intent is left", () -> metric(server, "vault_recycle_pending_intents") == 0);
                assertThat(bucket.list("data/")).isEqualTo(committed);
                assertThat(rows(st, ANSWER)).containsExactly(List.of("100", "4950", "50", "f0", "f99"));
            }
        }
    }

    /** A vault table with rows 0-99 committed by one load, then the server killed: the load's object keys. */
    private List<String> loadOnceAndKill(String endpoint, ObjectStore bucket) throws Exception {
        try (ServerProcess server = start("--inline_load_max_bytes=0"); Connection c = connect(server);
             Statement st = c.createStatement()) {
            st.execute(createVault(endpoint));
            st.execute("CREATE DATABASE d");
            st.execute(TABLE);
            assertThat(streamLoad(server, csv(0, 100)).join()).contains("\"Status\": \"Success\"");
            List<String> committed = bucket.list("data/");
            server.kill();
            return committed;
        }
    }

    private ServerProcess start(String... args) throws IOException {
        List<String> all = new ArrayList<>(List.of("--enable_metrics_auth=false", "--file_cache_block_bytes=65536"));
        all.addAll(List.of(args));
        return ServerProcess.start(dir.resolve("shoal"), all.toArray(String[]::new));
    }

    private static String createVault(String endpoint) {
        // The request timeout outlasts the test's wait, so the upload still hangs when the kill lands.
        return "CREATE STORAGE VAULT v PROPERTIES (\"type\" = \"S3\", \"s3.endpoint\" = \"" + endpoint + "\","
                + " \"s3.region\" = \"" + S3TestServer.REGION + "\", \"s3.bucket\" = \"shoal\", \"s3.root.path\" = \"vt\","
                + " \"s3.access_key\" = \"" + S3TestServer.ACCESS_KEY + "\", \"s3.secret_key\" = \""
                + S3TestServer.SECRET_KEY + "\", \"provider\" = \"S3\", \"use_path_style\" = \"true\","
                + " \"s3.connection.request.timeout\" = \"300000\")";
    }

    private static String csv(int from, int to) {
        StringBuilder csv = new StringBuilder();
        for (int i = from; i < to; i++) {
            csv.append(i).append(',').append(i % 2).append(",f").append(i).append('\n');
        }
        return csv.toString();
    }

    private static CompletableFuture<String> streamLoad(ServerProcess server, String csv) {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.httpPort()
                        + "/api/d/t/_stream_load"))
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                        "root:".getBytes(StandardCharsets.UTF_8)))
                .header("column_separator", ",").timeout(Duration.ofSeconds(120))
                .PUT(HttpRequest.BodyPublishers.ofString(csv)).build();
        return HTTP.sendAsync(request, HttpResponse.BodyHandlers.ofString())
                .thenApply(r -> r.body().replaceAll("\"\\s*:\\s*\"", "\": \""));
    }

    /** Segment files (here: staging files of vault segments) in the tablet directories. */
    private List<Path> localSegments() {
        try (Stream<Path> files = Files.walk(dir.resolve("shoal").resolve("data").resolve("data"))) {
            return files.filter(p -> p.getFileName().toString().endsWith(".seg")).toList();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void await(String what, Callable<Boolean> condition) throws Exception {
        Await.until(what, Duration.ofSeconds(60), condition);
    }

    static double metric(ServerProcess server, String name) throws Exception {
        String metrics = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.httpPort()
                + "/metrics")).build(), HttpResponse.BodyHandlers.ofString()).body();
        Matcher m = Pattern.compile("(?m)^" + name + "(\\{[^}]*})? (\\S+)$").matcher(metrics);
        assertThat(m.find()).as(name + " in\n" + metrics).isTrue();
        return Double.parseDouble(m.group(2));
    }

    private static Connection connect(ServerProcess server) throws SQLException {
        return DriverManager.getConnection(server.jdbcUrl("", ""), "root", "");
    }

    private static List<List<String>> rows(Statement s, String sql) throws SQLException {
        return ResultRows.of(s, sql);
    }
}
