package io.shoaldb.testing.groupcommit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.testing.ServerProcess;
import io.shoaldb.testing.TestServer;
import io.shoaldb.testing.groupcommit.GcSql.Load;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Limits and faults of group commit, through the real server: the per-table WAL limit, schema change while
 * a batch is open (also across a kill), SHOW GROUP COMMIT while a batch is open, ALTER of the interval, a
 * UNIQUE KEY table with a sequence column, and request-id retries. Each test runs its own server.
 */
class GroupCommitLimitsTest {
    private static final String LONG_INTERVAL = "\"group_commit_interval_ms\" = \"600000\"";

    @TempDir
    Path dir;

    private static Connection connect(TestServer server, String database) throws SQLException {
        try (Connection c = server.connect(); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE IF NOT EXISTS " + database);
        }
        return DriverManager.getConnection(server.jdbcUrl(database, ""), "root", "");
    }

    private static void createT(Statement s, String properties) throws SQLException {
        s.execute("CREATE TABLE t (id INT NOT NULL, name VARCHAR(20) NULL) DUPLICATE KEY(id) "
                + "DISTRIBUTED BY HASH(id) BUCKETS 2 PROPERTIES (" + properties + ")");
    }

    @Test
    void asyncLoadsAreRefusedPastTheWalLimitAndAcceptedAgainOnceDrained() throws Exception {
        try (TestServer server = TestServer.start(dir, Map.of("group_commit_max_wal_num_per_table", "1"));
                Connection c = connect(server, "lim"); Statement s = c.createStatement()) {
            createT(s, LONG_INTERVAL);
            s.execute("SET group_commit = async_mode");
            Load first = GcSql.insert(s, "INSERT INTO t VALUES (1, 'a')");
            // Joining the batch that already has its WAL needs no new WAL: let in.
            assertThat(GcSql.insert(s, "INSERT INTO t VALUES (2, 'b')")).isEqualTo(first);
            assertThat(GcSql.groupCommitStatus(s, "lim", "t").get("WalFiles")).isEqualTo("1");
            // A light schema change makes the next load start a new batch, hence a second WAL, while the
            // first batch's WAL still exists: the second async WAL of the table is over the limit of 1.
            s.execute("ALTER TABLE t ADD COLUMN extra INT NULL");
            assertThatThrownBy(() -> s.executeUpdate("INSERT INTO t VALUES (3, 'c', 3)"))
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("Too many group commit async WALs for table t");
            // Sync loads write no WAL: not limited.
            s.execute("SET group_commit = sync_mode");
            assertThat(GcSql.insert(s, "INSERT INTO t VALUES (4, 'd', 4)").label()).matches(GcSql.GROUP_COMMIT_LABEL);
            // Once the WALs are drained (committed), async loads are accepted again.
            s.execute("SYNC GROUP COMMIT ON t");
            GcSql.await("WAL files drained", Duration.ofSeconds(10),
                    () -> "0".equals(GcSql.groupCommitStatus(s, "lim", "t").get("WalFiles")));
            s.execute("SET group_commit = async_mode");
            assertThat(GcSql.insert(s, "INSERT INTO t VALUES (5, 'e', 5)").label()).matches(GcSql.GROUP_COMMIT_LABEL);
            s.execute("SYNC GROUP COMMIT ON t");
            assertThat(GcSql.longs(s, "SELECT id FROM t ORDER BY id")).containsExactly(1L, 2L, 4L, 5L);
        }
    }

    @Test
    void schemaChangeWithABatchOpenLosesNothingAndOldRowsReadTheNewColumnsDefault() throws Exception {
        try (TestServer server = TestServer.start(dir); Connection c = connect(server, "sc");
                Statement s = c.createStatement()) {
            createT(s, LONG_INTERVAL);
            s.execute("SET group_commit = async_mode");
            Load before = GcSql.insert(s, "INSERT INTO t VALUES (1, 'a'), (2, 'b')");
            s.execute("ALTER TABLE t ADD COLUMN c INT NULL");
            s.execute("ALTER TABLE t ADD COLUMN d INT NOT NULL DEFAULT \"7\"");
            Load after = GcSql.insert(s, "INSERT INTO t VALUES (3, 'c', 30, 8)");
            assertThat(after.label()).as("new schema, new batch").isNotEqualTo(before.label());
            Load positional = GcSql.insert(s, "INSERT INTO t (id, name) VALUES (4, 'd')");
            assertThat(positional.label()).isEqualTo(after.label());
            s.execute("SYNC GROUP COMMIT ON t");
            assertThat(GcSql.rows(s, "SELECT id, name, c, d FROM t ORDER BY id"))
                    .containsExactly("1|a|NULL|7", "2|b|NULL|7", "3|c|30|8", "4|d|NULL|7");
        }
    }

    /** An acknowledged async batch written under the old schema is replayed onto the new one after kill -9. */
    @Test
    void walWrittenBeforeASchemaChangeReplaysOntoTheNewSchemaAfterKillNine() throws Exception {
        Load acknowledged;
        try (ServerProcess server = ServerProcess.start(dir);
                Connection c = DriverManager.getConnection(server.jdbcUrl("", ""), "root", "");
                Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE scc");
            s.execute("USE scc");
            createT(s, LONG_INTERVAL);
            s.execute("SET group_commit = async_mode");
            acknowledged = GcSql.insert(s, "INSERT INTO t VALUES (1, 'a'), (2, 'b')");
            s.execute("ALTER TABLE t ADD COLUMN d INT NOT NULL DEFAULT \"7\"");
            s.execute("ALTER TABLE t DROP COLUMN name");
            assertThat(GcSql.count(s, "t")).isZero();
            server.kill();
        }
        try (ServerProcess server = ServerProcess.start(dir);
                Connection c = DriverManager.getConnection(server.jdbcUrl("scc", ""), "root", "");
                Statement s = c.createStatement()) {
            assertThat(GcSql.rows(s, "SELECT * FROM t ORDER BY id")).as("replayed " + acknowledged)
                    .containsExactly("1|7", "2|7");
            assertThat(GcSql.groupCommitStatus(s, "scc", "t").getOrDefault("LastReplayFailure", "")).isEmpty();
        }
    }

    @Test
    void showGroupCommitShowsTheOpenBatchItsRowsAndItsWal() throws Exception {
        try (TestServer server = TestServer.start(dir); Connection c = connect(server, "showgc");
                Statement s = c.createStatement()) {
            createT(s, LONG_INTERVAL);
            s.execute("SET group_commit = async_mode");
            Load load = GcSql.insert(s, "INSERT INTO t VALUES (1, 'a'), (2, 'b')");
            GcSql.insert(s, "INSERT INTO t VALUES (3, 'c')");
            Map<String, String> open = GcSql.groupCommitStatus(s, "showgc", "t");
            assertThat(open).containsEntry("Database", "showgc").containsEntry("Mode", "ASYNC")
                    .containsEntry("OpenLabel", load.label()).containsEntry("OpenTxnId", load.txnId())
                    .containsEntry("QueuedRows", "3").containsEntry("WalFiles", "1")
                    .containsEntry("Blocked", "false").containsEntry("LastReplayFailure", "");
            assertThat(Long.parseLong(open.get("QueuedBytes"))).isPositive();
            assertThat(Long.parseLong(open.get("WalBytes"))).isPositive();
            assertThat(Long.parseLong(open.get("BatchAgeMs"))).isNotNegative();
            // The WAL on disk: <wal dir>/<db id>/<table id>/<txnId>_<label>.
            List<Path> wals = walFiles();
            assertThat(wals).hasSize(1);
            assertThat(wals.getFirst().getFileName().toString()).isEqualTo(load.txnId() + "_" + load.label());

            s.execute("SYNC GROUP COMMIT ON t");
            Map<String, String> after = GcSql.groupCommitStatus(s, "showgc", "t");
            assertThat(after).containsEntry("OpenLabel", "").containsEntry("QueuedRows", "0")
                    .containsEntry("WalFiles", "0");
            assertThat(after.get("LastCommitTime")).matches("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\\.\\d{3}");
            assertThat(walFiles()).as("the WAL is gone (deleted or recycled) once its data is visible").isEmpty();
            assertThat(GcSql.count(s, "t")).isEqualTo(3);
        }
    }

    private List<Path> walFiles() throws IOException {
        Path wal = dir.resolve("data").resolve("wal");
        if (!Files.exists(wal)) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(wal)) {
            return files.filter(Files::isRegularFile)
                    .filter(f -> f.getFileName().toString().matches("\\d+_.*")) // not the request ids, not spares
                    .toList();
        }
    }

    @Test
    void alteredIntervalAppliesFromTheNextBatch() throws Exception {
        try (TestServer server = TestServer.start(dir); Connection c = connect(server, "iv");
                Statement s = c.createStatement()) {
            createT(s, LONG_INTERVAL);
            s.execute("SET group_commit = async_mode");
            Load first = GcSql.insert(s, "INSERT INTO t VALUES (1, 'a')");
            s.execute("ALTER TABLE t SET (\"group_commit_interval_ms\" = \"300\")");
            // (Doris keeps the open batch; ShoalDB may seal it on ALTER: either way it is not re-timed.)
            GcSql.insert(s, "INSERT INTO t VALUES (2, 'b')");
            s.execute("SYNC GROUP COMMIT ON t");
            assertThat(GcSql.count(s, "t")).isEqualTo(2);
            // The next batch commits after 300 ms, long before the old 10-minute interval.
            Load next = GcSql.insert(s, "INSERT INTO t VALUES (3, 'c')");
            assertThat(next.label()).isNotEqualTo(first.label());
            Duration took = GcSql.await("the 300 ms interval commit", Duration.ofSeconds(30),
                    () -> GcSql.count(s, "t") == 3);
            System.out.println("batch with the altered 300 ms interval visible after " + took.toMillis() + " ms");
        }
    }

    @Test
    void uniqueKeyTableKeepsTheHighestSequenceWhateverTheCommitOrder() throws Exception {
        try (TestServer server = TestServer.start(dir); Connection c = connect(server, "uq");
                Statement s = c.createStatement()) {
            s.execute("CREATE TABLE u (k INT NOT NULL, seq INT NOT NULL, v VARCHAR(20) NULL) UNIQUE KEY(k) "
                    + "DISTRIBUTED BY HASH(k) BUCKETS 2 PROPERTIES (\"function_column.sequence_col\" = \"seq\", "
                    + LONG_INTERVAL + ")");
            s.execute("SET group_commit = async_mode");
            // Same batch, the higher sequence arrives first.
            Load a = GcSql.insert(s, "INSERT INTO u VALUES (1, 9, 'nine')");
            assertThat(GcSql.insert(s, "INSERT INTO u VALUES (1, 4, 'four')")).isEqualTo(a);
            // Key 2: the newer version commits first (this batch), the older one in a later batch.
            GcSql.insert(s, "INSERT INTO u VALUES (2, 10, 'newer'), (3, 1, 'first')");
            s.execute("SYNC GROUP COMMIT ON u");
            Load later = GcSql.insert(s, "INSERT INTO u VALUES (2, 2, 'older'), (3, 5, 'second')");
            assertThat(later.label()).isNotEqualTo(a.label());
            s.execute("SYNC GROUP COMMIT ON u");
            // And through sync mode, a lower sequence committed last.
            s.execute("SET group_commit = sync_mode");
            GcSql.insert(s, "INSERT INTO u VALUES (1, 3, 'three'), (4, 8, 'eight')");
            GcSql.insert(s, "INSERT INTO u VALUES (4, 7, 'seven')");
            List<String> expected = List.of("1|9|nine", "2|10|newer", "3|5|second", "4|8|eight");
            assertThat(GcSql.rows(s, "SELECT k, seq, v FROM u ORDER BY k")).containsExactlyElementsOf(expected);
            server.restart();
            try (Connection again = DriverManager.getConnection(server.jdbcUrl("uq", ""), "root", "");
                    Statement s2 = again.createStatement()) {
                assertThat(GcSql.rows(s2, "SELECT k, seq, v FROM u ORDER BY k")).containsExactlyElementsOf(expected);
            }
        }
    }

    @Test
    void retryWithTheSameRequestIdReturnsTheOriginalLabelAndLoadsOnce() throws Exception {
        try (TestServer server = TestServer.start(dir)) {
            Load original;
            Load originalSync;
            try (Connection c = connect(server, "rid"); Statement s = c.createStatement()) {
                createT(s, LONG_INTERVAL);
                s.execute("SET group_commit = async_mode");
                s.execute("SET group_commit_request_id = 'client-1:42'");
                original = GcSql.insert(s, "INSERT INTO t VALUES (1, 'a'), (2, 'b')");
                assertThat(original.label()).matches(GcSql.GROUP_COMMIT_LABEL);
                // The id applies to the next group-commit INSERT only: this one loads.
                GcSql.insert(s, "INSERT INTO t VALUES (3, 'c')");
            }
            // The client lost the answer and retries on a new connection, before and after the commit.
            try (Connection c = connect(server, "rid"); Statement s = c.createStatement()) {
                s.execute("SET group_commit = async_mode");
                s.execute("SET group_commit_request_id = 'client-1:42'");
                assertThat(GcSql.insert(s, "INSERT INTO t VALUES (1, 'a'), (2, 'b')")).isEqualTo(original);
                s.execute("SYNC GROUP COMMIT ON t");
                s.execute("SET group_commit_request_id = 'client-1:42'");
                assertThat(GcSql.insert(s, "INSERT INTO t VALUES (1, 'a'), (2, 'b')")).isEqualTo(original);
                // Sync mode: the same.
                s.execute("SET group_commit = sync_mode");
                s.execute("SET group_commit_request_id = 'client-1:43'");
                originalSync = GcSql.insert(s, "INSERT INTO t VALUES (4, 'd')");
                s.execute("SET group_commit_request_id = 'client-1:43'");
                assertThat(GcSql.insert(s, "INSERT INTO t VALUES (4, 'd')")).isEqualTo(originalSync);
                assertThat(GcSql.longs(s, "SELECT id FROM t ORDER BY id")).containsExactly(1L, 2L, 3L, 4L);
            }
            // After a restart the ids are remembered (request-id log).
            server.restart();
            try (Connection c = DriverManager.getConnection(server.jdbcUrl("rid", ""), "root", "");
                    Statement s = c.createStatement()) {
                s.execute("SET group_commit = async_mode");
                s.execute("SET group_commit_request_id = 'client-1:42'");
                assertThat(GcSql.insert(s, "INSERT INTO t VALUES (1, 'a'), (2, 'b')")).isEqualTo(original);
                s.execute("SET group_commit = sync_mode");
                s.execute("SET group_commit_request_id = 'client-1:43'");
                assertThat(GcSql.insert(s, "INSERT INTO t VALUES (4, 'd')")).isEqualTo(originalSync);
                s.execute("SYNC GROUP COMMIT ON t");
                assertThat(GcSql.longs(s, "SELECT id FROM t ORDER BY id")).containsExactly(1L, 2L, 3L, 4L);
            }
        }
    }
}
