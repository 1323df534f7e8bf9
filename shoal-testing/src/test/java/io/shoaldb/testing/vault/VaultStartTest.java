package io.shoaldb.testing.vault;

import io.shoaldb.testing.Await;
import io.shoaldb.testing.ResultRows;
import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.objectstore.testing.FaultyProxy;
import io.shoaldb.objectstore.testing.S3TestServer;
import io.shoaldb.testing.ServerProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server warms the client of each vault its tables use at start-up, in the background: with the store stalled
 * (every connection accepted, never answered) the start takes far less than the vault's request timeout, the warm-up
 * has reached for the store without any statement asking, and local tables answer. (A vault table does not answer
 * from the block cache alone after a start: its first read of an object looks up the object's size in the store,
 * see docs/storage-vaults.md.)
 */
class VaultStartTest {
    private static final String ANSWER = "SELECT count(*), sum(k) FROM d.%s";

    @TempDir
    Path dir;

    @Test
    void aStartWithTheStoreStalledDoesNotWaitForItsWarmUp() throws Exception {
        try (S3TestServer s3 = S3TestServer.start(Files.createDirectories(dir.resolve("s3")), "shoal");
             FaultyProxy proxy = new FaultyProxy(s3.port())) {
            try (ServerProcess server = start(); Connection c = connect(server); Statement st = c.createStatement()) {
                st.execute("CREATE STORAGE VAULT v PROPERTIES (\"type\" = \"S3\", \"s3.endpoint\" = \""
                        + proxy.endpoint() + "\", \"s3.region\" = \"" + S3TestServer.REGION + "\", \"s3.bucket\" = \"shoal\","
                        + " \"s3.root.path\" = \"vt\", \"s3.access_key\" = \"" + S3TestServer.ACCESS_KEY + "\","
                        + " \"s3.secret_key\" = \"" + S3TestServer.SECRET_KEY + "\", \"provider\" = \"S3\","
                        + " \"use_path_style\" = \"true\", \"s3.connection.request.timeout\" = \"120000\")");
                st.execute("CREATE DATABASE d");
                for (String table : List.of("l", "t")) {
                    st.execute("CREATE TABLE d." + table + " (k INT, s VARCHAR(20)) DUPLICATE KEY(k)"
                            + " DISTRIBUTED BY HASH(k) BUCKETS 1"
                            + (table.equals("t") ? " PROPERTIES (\"storage_vault_name\" = \"v\")" : ""));
                    st.execute("INSERT INTO d." + table + " VALUES (1, 'a'), (2, 'b'), (40, 'c')");
                }
                assertThat(rows(st, ANSWER.formatted("t"))).containsExactly(List.of("3", "43"));
                assertThat(server.terminate()).isEqualTo(143);
            }
            proxy.injectAlways(FaultyProxy.Fault.STALL);
            proxy.dropOpenConnections();
            long start = System.nanoTime();
            try (ServerProcess server = start(); Connection c = connect(server); Statement st = c.createStatement()) {
                assertThat(rows(st, ANSWER.formatted("l"))).containsExactly(List.of("3", "43"));
                assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(60));
                Await.until("connections the warm-up opened to the stalled store", Duration.ofSeconds(30),
                        () -> proxy.faulted() > 0);
                assertThat(log()).doesNotContain("answered its warm-up");
            }
            proxy.injectAlways(FaultyProxy.Fault.NONE);
            try (ServerProcess server = start(); Connection c = connect(server); Statement st = c.createStatement()) {
                Await.until("the warm-up's answer in the log", Duration.ofSeconds(30),
                        () -> log().contains("storage vault 'v' answered its warm-up"));
                assertThat(rows(st, ANSWER.formatted("t"))).containsExactly(List.of("3", "43"));
            }
        }
    }

    private ServerProcess start() throws IOException {
        return ServerProcess.start(dir.resolve("shoal"), "--inline_load_max_bytes=0");
    }

    /** The server's log file (all its starts here). */
    private String log() throws IOException {
        return Files.readString(dir.resolve("shoal").resolve("log").resolve("shoal.log"));
    }

    private static Connection connect(ServerProcess server) throws SQLException {
        return DriverManager.getConnection(server.jdbcUrl("", ""), "root", "");
    }

    private static List<List<String>> rows(Statement s, String sql) throws SQLException {
        return ResultRows.of(s, sql);
    }
}
