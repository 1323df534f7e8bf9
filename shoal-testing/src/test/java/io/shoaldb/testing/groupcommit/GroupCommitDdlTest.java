package io.shoaldb.testing.groupcommit;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.testing.TestServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Table DDL against rows group commit holds: TRUNCATE drains them, DROP discards them, CREATE races cleanly. */
class GroupCommitDdlTest {
    private static final String TABLE = "CREATE TABLE %s t (id INT NOT NULL, v VARCHAR(10)) DUPLICATE KEY(id)"
            + " DISTRIBUTED BY HASH(id) BUCKETS 2 PROPERTIES (\"group_commit_interval_ms\" = \"600000\")";

    @TempDir
    Path dir;

    @Test
    void truncateRemovesRowsAcknowledgedBeforeIt() throws Exception {
        try (TestServer server = TestServer.start(dir); Connection c = server.connect();
                Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE d");
            s.execute("USE d");
            s.execute(TABLE.formatted(""));
            s.execute("SET group_commit = async_mode");
            s.execute("INSERT INTO t VALUES (1, 'a'), (2, 'b')");
            assertThat(GcSql.count(s, "t")).as("acknowledged, waiting for the 10-minute interval").isZero();
            s.execute("TRUNCATE TABLE t");
            s.execute("SYNC GROUP COMMIT ON t");
            assertThat(GcSql.count(s, "t")).as("rows acknowledged before TRUNCATE stay truncated").isZero();
            s.execute("INSERT INTO t VALUES (3, 'c')");
            s.execute("SYNC GROUP COMMIT ON t");
            assertThat(GcSql.longs(s, "SELECT id FROM t")).containsExactly(3L);
        }
        try (TestServer server = TestServer.start(dir); Connection c = server.connect();
                Statement s = c.createStatement()) {
            assertThat(GcSql.longs(s, "SELECT id FROM d.t")).containsExactly(3L);
        }
    }

    @Test
    void dropTableDiscardsItsQueueAndWals() throws Exception {
        try (TestServer server = TestServer.start(dir); Connection c = server.connect();
                Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE d");
            s.execute("USE d");
            s.execute(TABLE.formatted(""));
            s.execute("SET group_commit = async_mode");
            s.execute("INSERT INTO t VALUES (1, 'a'), (2, 'b')");
            assertThat(GcSql.groupCommitStatus(s, "d", "t")).containsEntry("WalFiles", "1");
            assertThat(walFiles()).hasSize(1);
            s.execute("DROP TABLE t");
            assertThat(GcSql.groupCommitStatus(s, "d", "t")).as("no queue left").isEmpty();
            assertThat(walFiles()).as("no WAL left").isEmpty();
            s.execute(TABLE.formatted(""));
            assertThat(GcSql.count(s, "t")).isZero();
        }
        try (TestServer server = TestServer.start(dir); Connection c = server.connect();
                Statement s = c.createStatement()) {
            assertThat(GcSql.count(s, "d.t")).as("nothing of the dropped table came back").isZero();
        }
    }

    @Test
    void concurrentCreateTableIfNotExistsMakesExactlyOneTable() throws Exception {
        int clients = 32;
        try (TestServer server = TestServer.start(dir); Connection c = server.connect();
                Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE d");
            ExecutorService pool = Executors.newFixedThreadPool(clients);
            try {
                for (int round = 0; round < 5; round++) {
                    String name = "t" + round;
                    CountDownLatch go = new CountDownLatch(1);
                    List<Future<Void>> creates = new ArrayList<>();
                    for (int i = 0; i < clients; i++) {
                        creates.add(pool.submit(() -> {
                            try (Connection own = server.connect(); Statement st = own.createStatement()) {
                                st.execute("USE d");
                                go.await();
                                st.execute(TABLE.formatted("IF NOT EXISTS").replace(" t ", " " + name + " "));
                            }
                            return null;
                        }));
                    }
                    go.countDown();
                    for (Future<Void> f : creates) {
                        f.get(60, TimeUnit.SECONDS); // no client got an error
                    }
                    assertThat(GcSql.rows(s, "SHOW TABLES FROM d")).filteredOn(name::equals).hasSize(1);
                    s.execute("INSERT INTO d." + name + " VALUES (1, 'x')");
                    assertThat(GcSql.count(s, "d." + name)).isEqualTo(1);
                }
            } finally {
                pool.shutdownNow();
            }
        }
    }

    private List<Path> walFiles() throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            return all.filter(p -> p.getFileName().toString().contains("group_commit_")).toList();
        }
    }
}
