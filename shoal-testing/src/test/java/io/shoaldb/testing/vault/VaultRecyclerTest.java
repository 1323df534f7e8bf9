package io.shoaldb.testing.vault;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.objectstore.ObjectStore;
import io.shoaldb.objectstore.S3ObjectStore;
import io.shoaldb.objectstore.testing.FaultyProxy;
import io.shoaldb.objectstore.testing.S3TestServer;
import io.shoaldb.testing.Await;
import io.shoaldb.testing.ResultRows;
import io.shoaldb.testing.ServerProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A compaction's replaced objects leave the store while every row still answers. A dropped vault table's objects are
 * removed whole by the recycler, from the drop's intent, even when the store was down at the drop (the background
 * deletes failed) and a SIGKILL followed it; the other table's objects stay.
 */
class VaultRecyclerTest {
    private static final String ANSWER = "SELECT count(*), sum(k) FROM d.%s";

    @TempDir
    Path dir;

    @Test
    void aDroppedTablesPrefixIsEmptiedAfterAKillWithTheStoreDownAtTheDrop() throws Exception {
        try (S3TestServer s3 = S3TestServer.start(Files.createDirectories(dir.resolve("s3")), "shoal");
             FaultyProxy proxy = new FaultyProxy(s3.port());
             ObjectStore bucket = new S3ObjectStore(s3.settings("vr"))) {
            List<String> kept;
            final String droppedPrefix;
            try (ServerProcess server = start(); Connection c = connect(server); Statement st = c.createStatement()) {
                st.execute(createVault(proxy.endpoint()));
                st.execute("CREATE DATABASE d");
                createAndFill(st, "gone");
                String first = bucket.list("data/").getFirst();
                droppedPrefix = first.substring(0, first.indexOf('/', "data/".length()) + 1);
                createAndFill(st, "kept");
                kept = bucket.list("data/").stream().filter(k -> !k.startsWith(droppedPrefix)).toList();
                assertThat(bucket.list(droppedPrefix)).hasSize(2);
                assertThat(kept).hasSize(2);
                assertThat(ResultRows.of(st, ANSWER.formatted("gone"))).containsExactly(List.of("1000", "499500"));
                proxy.injectAlways(FaultyProxy.Fault.SERVICE_UNAVAILABLE);
                proxy.dropOpenConnections();
                st.execute("DROP TABLE d.gone");
                server.kill();
            }
            assertThat(bucket.list(droppedPrefix)).hasSize(2);
            proxy.injectAlways(FaultyProxy.Fault.NONE);
            try (ServerProcess server = start(VaultCrashTest.RECYCLE_AT_ONCE); Connection c = connect(server);
                 Statement st = c.createStatement()) {
                Await.until("the recycler empties the dropped table's prefix", Duration.ofSeconds(60),
                        () -> bucket.list(droppedPrefix).isEmpty());
                assertThat(bucket.list("data/")).isEqualTo(kept);
                assertThat(VaultCrashTest.metric(server, "vault_recycled_objects_total")).isEqualTo(2);
                assertThat(ResultRows.of(st, ANSWER.formatted("kept"))).containsExactly(List.of("1000", "499500"));
            }
        }
    }

    @Test
    void aCompactionsReplacedObjectsLeaveTheStoreWhileEveryRowStillAnswers() throws Exception {
        try (S3TestServer s3 = S3TestServer.start(Files.createDirectories(dir.resolve("s3")), "shoal");
             ObjectStore bucket = new S3ObjectStore(s3.settings("vr"));
             ServerProcess server = start("--vault_recycle_grace_seconds=2", "--vault_recycle_interval_seconds=1");
             Connection c = connect(server); Statement st = c.createStatement()) {
            st.execute(createVault(s3.endpoint()));
            st.execute("CREATE DATABASE d");
            st.execute("CREATE TABLE d.t (k INT, s VARCHAR(10)) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1"
                    + " PROPERTIES (\"storage_vault_name\" = \"v\")");
            // A tablet keeps up to 8 rowsets: eight loads stay as they are, the ninth makes compaction merge them.
            for (int n = 0; n < 8; n++) {
                insertRange(st, n * 100, n * 100 + 100);
            }
            List<String> replaced = bucket.list("data/");
            assertThat(replaced).hasSize(8);
            insertRange(st, 800, 1000);
            Await.until("compaction's inputs are deleted from the store", Duration.ofSeconds(90),
                    () -> bucket.list("data/").stream().noneMatch(replaced::contains));
            assertThat(bucket.list("data/")).isNotEmpty();
            assertThat(ResultRows.of(st, ANSWER.formatted("t"))).containsExactly(List.of("1000", "499500"));
            Await.until("no orphan is left", Duration.ofSeconds(60),
                    () -> VaultCrashTest.metric(server, "vault_recycle_pending_intents") == 0);
            assertThat(ResultRows.of(st, "SELECT k, s FROM d.t WHERE k IN (0, 555, 999) ORDER BY k"))
                    .containsExactly(List.of("0", "x0"), List.of("555", "x555"), List.of("999", "x999"));
        }
    }

    private static void insertRange(Statement st, int from, int to) throws java.sql.SQLException {
        st.execute("INSERT INTO d.t VALUES " + String.join(", ",
                IntStream.range(from, to).mapToObj(k -> "(" + k + ", 'x" + k + "')").toList()));
    }

    private static String createVault(String endpoint) {
        return "CREATE STORAGE VAULT v PROPERTIES (\"type\" = \"S3\", \"s3.endpoint\" = \"" + endpoint + "\","
                + " \"s3.region\" = \"" + S3TestServer.REGION + "\", \"s3.bucket\" = \"shoal\", \"s3.root.path\" = \"vr\","
                + " \"s3.access_key\" = \"" + S3TestServer.ACCESS_KEY + "\", \"s3.secret_key\" = \""
                + S3TestServer.SECRET_KEY + "\", \"provider\" = \"S3\", \"use_path_style\" = \"true\","
                + " \"s3.connection.request.timeout\" = \"2000\")";
    }

    private static void createAndFill(Statement st, String table) throws java.sql.SQLException {
        st.execute("CREATE TABLE d." + table + " (k INT, s VARCHAR(10)) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 2"
                + " PROPERTIES (\"storage_vault_name\" = \"v\")");
        st.execute("INSERT INTO d." + table + " VALUES " + String.join(", ",
                IntStream.range(0, 1000).mapToObj(k -> "(" + k + ", 'x')").toList()));
    }

    private ServerProcess start(String... args) throws IOException {
        List<String> all = new ArrayList<>(List.of("--enable_metrics_auth=false", "--inline_load_max_bytes=0"));
        all.addAll(List.of(args));
        return ServerProcess.start(dir.resolve("shoal"), all.toArray(String[]::new));
    }

    private static Connection connect(ServerProcess server) throws Exception {
        return DriverManager.getConnection(server.jdbcUrl("", ""), "root", "");
    }
}
