package io.shoaldb.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A group-commit INSERT parks no thread while it waits for its WAL fsync or its commit: its reply is written when
 * group commit finishes the load. The connection still treats it as running - commands pipelined behind it wait
 * and are answered in order, SHOW PROCESSLIST shows it, a hang-up closes the session only after it ended - and
 * its timeout and its failures reach the client as before. The WAL's fsyncs are held back (a slow disk) to
 * catch INSERTs in that wait.
 */
class DeferredInsertTest extends HeldWalServerTest {
    private static final Duration DEADLINE = Duration.ofSeconds(60);

    /** Whether SHOW PROCESSLIST lists a statement starting with {@code prefix}. */
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

    private static String text(byte[] packet) {
        return new String(packet, StandardCharsets.UTF_8);
    }

    @Test
    @Timeout(120)
    void pipelinedInsertsOnOneConnectionAreAnsweredInOrderOnceTheirWalIsDurable() throws Exception {
        try (Connection c = server.connect(); Statement s = c.createStatement()) {
            String table = asyncTable(s);
            files.hold();
            try (RawMySqlClient client = RawMySqlClient.login(server.port(), 60_000)) {
                client.sendQueries("INSERT INTO d." + table + " VALUES (1, 'a')", "INSERT INTO d." + table
                        + " VALUES (2, 'b')", "SELECT 'after'");
                Await.until("the first INSERT waiting for its WAL", DEADLINE,
                        () -> running(s, "INSERT INTO d." + table + " VALUES (1"));
                assertThat(running(s, "INSERT INTO d." + table + " VALUES (2")).as("the second waits its turn")
                        .isFalse();
                files.release();

                byte[] first = client.readPacket();
                assertThat(first[0]).as("OK: %s", text(first)).isEqualTo((byte) 0);
                assertThat(text(first)).contains("'status':'PREPARE'");
                byte[] second = client.readPacket();
                assertThat(second[0]).as("OK: %s", text(second)).isEqualTo((byte) 0);
                assertThat(client.readPacket()).as("column count").containsExactly(1);
                client.readPacket(); // column definition
                assertThat(text(client.readPacket())).as("end of columns or the row").isNotEmpty();
            }
            assertThat(count(s, table)).isEqualTo(2);
        }
    }

    @Test
    @Timeout(120)
    void aClientHangingUpWhileItsInsertWaitsLeavesTheRowsLoadedAndTheSessionClosed() throws Exception {
        try (Connection c = server.connect(); Statement s = c.createStatement()) {
            String table = asyncTable(s);
            String insert = "INSERT INTO d." + table + " VALUES (7, 'gone')";
            files.hold();
            try (RawMySqlClient client = RawMySqlClient.login(server.port(), 60_000)) {
                client.sendQueries(insert);
                Await.until("the INSERT waiting for its WAL", DEADLINE, () -> running(s, insert));
            }
            assertThat(running(s, insert)).as("still running after the hang-up: it ends with its load").isTrue();
            files.release();
            Await.until("the abandoned INSERT's session to end", DEADLINE, () -> !running(s, insert));
            assertThat(count(s, table)).as("its record was durable, so its row is loaded").isEqualTo(1);
        }
    }

    @Test
    @Timeout(120)
    void insertTimeoutEndsAnInsertWaitingForItsWalWithDorissText() throws Exception {
        try (Connection c = server.connect(); Statement s = c.createStatement()) {
            String table = asyncTable(s);
            s.execute("SET insert_timeout = 1");
            files.hold();
            assertThatThrownBy(() -> s.execute("INSERT INTO d." + table + " VALUES (3, 'late')"))
                    .isInstanceOf(SQLException.class).hasMessageContaining("Execute timeout")
                    .hasMessageContaining("become visible if that batch commits");
            files.release();
            s.execute("SET insert_timeout = 14400");
            s.execute("INSERT INTO d." + table + " VALUES (4, 'next')");
            assertThat(count(s, table)).as("the timed-out row committed with its batch").isEqualTo(2);
            try (ResultSet rs = s.executeQuery("SHOW WARNINGS")) {
                assertThat(rs.next()).as("the successful INSERT cleared the timeout's error").isFalse();
            }
        }
    }

    @Test
    @Timeout(120)
    void aFailedWalFsyncIsTheInsertsErrorAndTheConnectionGoesOn() throws Exception {
        try (Connection c = server.connect(); Statement s = c.createStatement()) {
            String table = asyncTable(s);
            files.failing(true);
            assertThatThrownBy(() -> s.execute("INSERT INTO d." + table + " VALUES (5, 'lost')"))
                    .isInstanceOf(SQLException.class).hasMessageContaining("injected WAL fsync failure");
            try (ResultSet rs = s.executeQuery("SHOW WARNINGS")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString("Level")).isEqualTo("Error");
                assertThat(rs.getString("Message")).contains("injected WAL fsync failure");
            }
            files.failing(false);
            s.execute("INSERT INTO d." + table + " VALUES (6, 'kept')");
            assertThat(count(s, table)).as("only the acknowledged row").isEqualTo(1);
        }
    }
}
