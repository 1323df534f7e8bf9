package io.shoaldb.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sync group-commit INSERT sent as text is started on the event loop that read it, when nothing else of its
 * connection runs: it joins its batch there and its reply is written when the batch is visible. It still runs
 * until then - what the client pipelines behind it waits and is answered in order, SHOW PROCESSLIST shows it,
 * a hang-up closes the session only after it ended - and the connection's event loop serves other connections
 * meanwhile. The commit log's fsyncs are held back (a slow disk) to catch INSERTs in their wait for the commit.
 */
class DeferredSyncInsertTest {
    private static final Duration DEADLINE = Duration.ofSeconds(60);
    @TempDir
    static Path dir;
    private static HeldWalFsync files;
    private static TestServer server;
    private static int tables;

    @BeforeAll
    static void startServer() throws Exception {
        files = HeldWalFsync.ofCommitLog();
        server = TestServer.start(dir, Map.of(), files);
        try (Connection c = server.connect(); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE d");
        }
    }

    @AfterAll
    static void stopServer() {
        if (server != null) {
            files.release();
            server.close();
        }
    }

    @AfterEach
    void heal() {
        files.release();
    }

    private static String syncTable(Statement s) throws SQLException {
        String name = "t" + ++tables;
        s.execute("CREATE TABLE d." + name + " (id INT NOT NULL, v VARCHAR(10)) DUPLICATE KEY(id) DISTRIBUTED BY"
                + " HASH(id) BUCKETS 2 PROPERTIES ('replication_num' = '1', 'group_commit_mode' = 'sync_mode')");
        return name;
    }

    private static boolean running(Statement s, String prefix) throws SQLException {
        try (ResultSet rs = s.executeQuery("SHOW PROCESSLIST")) {
            while (rs.next()) {
                String info = rs.getString("Info");
                if (info != null && info.startsWith(prefix)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static long count(Statement s, String table) throws SQLException {
        try (ResultSet rs = s.executeQuery("SELECT count(*) FROM d." + table)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static String text(byte[] packet) {
        return new String(packet, StandardCharsets.UTF_8);
    }

    @Test
    @Timeout(120)
    void pipelinedStatementsBehindASyncInsertAreAnsweredInOrderOnceItIsVisible() throws Exception {
        try (Connection c = server.connect(); Statement s = c.createStatement()) {
            String table = syncTable(s);
            files.hold();
            try (RawMySqlClient client = RawMySqlClient.login(server.port(), 60_000)) {
                // SELECT 'after' alone would be answered on the event loop at once: it must wait its turn.
                client.sendQueries("INSERT INTO d." + table + " VALUES (1, 'a')", "SELECT 'after'",
                        "INSERT INTO d." + table + " VALUES (2, 'b')");
                Await.until("the first INSERT waiting for its commit", DEADLINE,
                        () -> running(s, "INSERT INTO d." + table + " VALUES (1"));
                assertThat(running(s, "INSERT INTO d." + table + " VALUES (2")).as("the second waits its turn")
                        .isFalse();
                try (Connection other = server.connect(); Statement o = other.createStatement();
                        ResultSet rs = o.executeQuery("SELECT @@session.transaction_read_only, 7")) {
                    assertThat(rs.next()).as("another connection is served meanwhile").isTrue();
                    assertThat(rs.getInt(2)).isEqualTo(7);
                }
                files.release();

                byte[] first = client.readPacket();
                assertThat(first[0]).as("OK: %s", text(first)).isEqualTo((byte) 0);
                assertThat(text(first)).contains("'status':'PREPARE'");
                assertThat(client.readPacket()).as("column count of SELECT 'after'").containsExactly(1);
                client.readPacket(); // column definition
                byte[] next = client.readPacket();
                if (next[0] == (byte) 0xFE && next.length < 9) {
                    next = client.readPacket(); // EOF after the columns, for a client without DEPRECATE_EOF
                }
                assertThat(text(next)).as("the row").contains("after");
                byte[] end = client.readPacket();
                assertThat(end[0]).as("end of the rows").isEqualTo((byte) 0xFE);
                byte[] third = client.readPacket();
                assertThat(third[0]).as("OK: %s", text(third)).isEqualTo((byte) 0);
            }
            assertThat(count(s, table)).isEqualTo(2);
        }
    }

    @Test
    @Timeout(120)
    void aClientHangingUpWhileItsSyncInsertWaitsLeavesTheRowsCommittedAndTheSessionClosed() throws Exception {
        try (Connection c = server.connect(); Statement s = c.createStatement()) {
            String table = syncTable(s);
            String insert = "INSERT INTO d." + table + " VALUES (7, 'gone')";
            files.hold();
            try (RawMySqlClient client = RawMySqlClient.login(server.port(), 60_000)) {
                client.sendQueries(insert);
                Await.until("the INSERT waiting for its commit", DEADLINE, () -> running(s, insert));
            }
            assertThat(running(s, insert)).as("still running after the hang-up: it ends with its load").isTrue();
            files.release();
            Await.until("the abandoned INSERT's session to end", DEADLINE, () -> !running(s, insert));
            assertThat(count(s, table)).as("its batch committed").isEqualTo(1);
        }
    }
}
