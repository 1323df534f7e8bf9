package io.shoaldb.testing.limits;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.testing.TestServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A full disk under the data, meta or WAL directory: the statement or load that needs space fails with a clear
 * error (1021 Disk full), changes nothing, and once space is back writes go on; a restart finds exactly what was
 * acknowledged.
 */
class DiskFullTest {
    @TempDir
    Path dir;

    private final DiskFullFiles files = new DiskFullFiles();

    private TestServer start() throws IOException {
        return TestServer.start(dir, Map.of("meta_dir", dir.resolve("meta").toString(),
                "group_commit_wal_path", dir.resolve("wal").toString(),
                "inline_load_max_bytes", "0"), files); // rows go to segment files on the data path
    }

    @Test
    void fullDataPathFailsInsertsAndLoadsUntilSpaceReturns() throws Exception {
        try (TestServer server = start()) {
            try (Connection c = server.connect(); Statement s = c.createStatement()) {
                s.execute("CREATE DATABASE d");
                s.execute("CREATE TABLE d.t (k INT, v VARCHAR(20)) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1"
                        + " PROPERTIES ('replication_num' = '1')");
                s.execute("INSERT INTO d.t VALUES (1, 'before')");

                files.fill(dir.resolve("data"));
                assertDiskFull(() -> s.execute("INSERT INTO d.t VALUES (2, 'full')"));
                String load = curlLoad(server, "d", "t", "3,full\n");
                assertThat(load).contains("\"Status\": \"Fail\"").contains("Disk full");
                assertThat(rows(s, "d.t")).containsExactly("1 before");

                files.free();
                s.execute("INSERT INTO d.t VALUES (2, 'after')");
                assertThat(curlLoad(server, "d", "t", "3,after\n")).contains("\"Status\": \"Success\"");
                assertThat(rows(s, "d.t")).containsExactly("1 before", "2 after", "3 after");
            }
            server.restart();
            try (Connection c = server.connect(); Statement s = c.createStatement()) {
                assertThat(rows(s, "d.t")).containsExactly("1 before", "2 after", "3 after");
            }
        }
    }

    @Test
    void fullMetaPathFailsDdlAndCommitsUntilSpaceReturns() throws Exception {
        try (TestServer server = start()) {
            try (Connection c = server.connect(); Statement s = c.createStatement()) {
                s.execute("CREATE DATABASE d");
                s.execute("CREATE TABLE d.t (k INT, v VARCHAR(20)) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1"
                        + " PROPERTIES ('replication_num' = '1')");
                s.execute("INSERT INTO d.t VALUES (1, 'before')");

                files.fill(dir.resolve("meta"));
                assertDiskFull(() -> s.execute("CREATE TABLE d.u (k INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k)"
                        + " BUCKETS 1 PROPERTIES ('replication_num' = '1')"));
                assertDiskFull(() -> s.execute("INSERT INTO d.t VALUES (2, 'full')"));
                assertThat(rows(s, "d.t")).containsExactly("1 before");

                files.free();
                s.execute("CREATE TABLE d.u (k INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1"
                        + " PROPERTIES ('replication_num' = '1')");
                s.execute("INSERT INTO d.t VALUES (2, 'after')");
                assertThat(rows(s, "d.t")).containsExactly("1 before", "2 after");
            }
            server.restart();
            try (Connection c = server.connect(); Statement s = c.createStatement()) {
                assertThat(rows(s, "d.t")).containsExactly("1 before", "2 after");
                s.execute("INSERT INTO d.u VALUES (1)");
            }
        }
    }

    @Test
    void fullWalPathFailsAsyncInsertsUntilSpaceReturns() throws Exception {
        try (TestServer server = start()) {
            try (Connection c = server.connect(); Statement s = c.createStatement()) {
                s.execute("CREATE DATABASE d");
                s.execute("CREATE TABLE d.t (k INT, v VARCHAR(20)) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1"
                        + " PROPERTIES ('replication_num' = '1', 'group_commit_mode' = 'async_mode')");
                s.execute("SET group_commit = async_mode");
                s.execute("INSERT INTO d.t VALUES (1, 'before')");

                files.fill(dir.resolve("wal"));
                assertDiskFull(() -> s.execute("INSERT INTO d.t VALUES (2, 'full')"));

                files.free();
                s.execute("INSERT INTO d.t VALUES (2, 'after')");
                s.execute("SYNC GROUP COMMIT ON d.t");
                assertThat(rows(s, "d.t")).containsExactly("1 before", "2 after");
            }
            server.restart();
            try (Connection c = server.connect(); Statement s = c.createStatement()) {
                assertThat(rows(s, "d.t")).containsExactly("1 before", "2 after");
            }
        }
    }

    interface SqlAction {
        void run() throws SQLException;
    }

    private static void assertDiskFull(SqlAction action) {
        assertThatThrownBy(action::run).isInstanceOfSatisfying(SQLException.class, e -> {
            assertThat(e.getErrorCode()).as(e.getMessage()).isEqualTo(1021);
            assertThat(e.getMessage()).contains("Disk full").contains("No space left on device");
        });
    }

    private static List<String> rows(Statement s, String table) throws SQLException {
        List<String> out = new java.util.ArrayList<>();
        try (ResultSet rs = s.executeQuery("SELECT k, v FROM " + table + " ORDER BY k")) {
            while (rs.next()) {
                out.add(rs.getInt(1) + " " + rs.getString(2));
            }
        }
        return out;
    }

    private String curlLoad(TestServer server, String db, String table, String body) throws Exception {
        Path file = Files.createTempFile(dir, "load", ".csv");
        Files.writeString(file, body);
        Process curl = new ProcessBuilder("curl", "-sS", "--location-trusted", "-u", "root:", "-T", file.toString(),
                "-H", "column_separator:,", "http://127.0.0.1:" + server.httpPort() + "/api/" + db + "/" + table
                        + "/_stream_load").redirectErrorStream(true).start();
        byte[] out = curl.getInputStream().readAllBytes();
        assertThat(curl.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new String(out, StandardCharsets.UTF_8);
    }
}
