package io.shoaldb.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGKILLs the server in the middle of a stream of DDL, restarts it, and checks that every acknowledged
 * DDL is there and that the one in flight is either wholly there or wholly absent.
 */
class CatalogCrashTest {
    private static final int CYCLES = 4;
    private static final String ALTERED = "\"group_commit_interval_ms\" = \"1234\"";

    @TempDir
    Path dir;

    /** What the client knows: acknowledged tables and whether their ALTER was acknowledged. */
    private final Map<String, Boolean> acknowledged = new HashMap<>();
    private final Set<String> dropped = new HashSet<>();
    /** Statements cut by the kill: the server decides, and the next check settles them. */
    private final Set<String> inDoubt = new HashSet<>();

    @Test
    void acknowledgedDdlSurvivesKillNine() throws Exception {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        System.out.println("CatalogCrashTest seed " + seed);
        for (int cycle = 0; cycle < CYCLES; cycle++) {
            try (ServerProcess server = ServerProcess.start(dir)) {
                verify(server);
                int operationsBeforeKill = 5 + random.nextInt(40);
                CountDownLatch enough = new CountDownLatch(operationsBeforeKill);
                String[] inFlight = new String[1];
                Thread writer = Thread.ofPlatform().start(() -> writeUntilKilled(server, random.nextLong(), enough,
                        inFlight));
                assertThat(enough.await(120, TimeUnit.SECONDS)).as("DDL progress").isTrue();
                server.kill();
                writer.join();
            }
        }
        try (ServerProcess server = ServerProcess.start(dir)) {
            verify(server);
        }
    }

    private void writeUntilKilled(ServerProcess server, long seed, CountDownLatch enough, String[] inFlight) {
        Random random = new Random(seed);
        try (Connection c = DriverManager.getConnection(server.jdbcUrl("", ""), "root", "");
                Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE IF NOT EXISTS crash");
            while (true) {
                int choice = random.nextInt(10);
                String live = acknowledged.isEmpty() ? null
                        : acknowledged.keySet().stream().skip(random.nextInt(acknowledged.size())).findFirst().get();
                if (choice < 6 || live == null) {
                    String name = "t" + System.nanoTime();
                    inFlight[0] = name;
                    s.execute("CREATE TABLE crash." + name + " (k BIGINT NOT NULL, v VARCHAR(20) NULL) "
                            + "DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 2");
                    synchronized (this) {
                        acknowledged.put(name, false);
                    }
                } else if (choice < 8) {
                    inFlight[0] = live;
                    s.execute("ALTER TABLE crash." + live + " SET (" + ALTERED + ")");
                    synchronized (this) {
                        acknowledged.put(live, true);
                    }
                } else {
                    inFlight[0] = live;
                    s.execute("DROP TABLE crash." + live);
                    synchronized (this) {
                        acknowledged.remove(live);
                        dropped.add(live);
                    }
                }
                inFlight[0] = null;
                enough.countDown();
            }
        } catch (SQLException killed) {
            // The server was killed under us: the statement in flight has an unknown outcome.
            synchronized (this) {
                if (inFlight[0] != null) {
                    inDoubt.add(inFlight[0]);
                }
            }
        }
    }

    private synchronized void verify(ServerProcess server) throws SQLException {
        try (Connection c = DriverManager.getConnection(server.jdbcUrl("", ""), "root", "");
                Statement s = c.createStatement()) {
            if (acknowledged.isEmpty() && dropped.isEmpty()) {
                return;
            }
            Set<String> present = new HashSet<>();
            try (ResultSet rs = s.executeQuery("SHOW TABLES FROM crash")) {
                while (rs.next()) {
                    present.add(rs.getString(1));
                }
            }
            for (Map.Entry<String, Boolean> table : acknowledged.entrySet()) {
                if (inDoubt.contains(table.getKey())) {
                    continue;
                }
                assertThat(present).as("acknowledged table").contains(table.getKey());
                String ddl = showCreate(s, table.getKey());
                assertThat(ddl.contains(ALTERED)).as("ALTER of " + table.getKey()).isEqualTo(table.getValue());
            }
            for (String table : dropped) {
                if (!inDoubt.contains(table)) {
                    assertThat(present).as("dropped table").doesNotContain(table);
                }
            }
            // Whatever exists is whole: it can be described, and it is one the client asked for.
            for (String table : present) {
                assertThat(acknowledged.containsKey(table) || inDoubt.contains(table)).as(table).isTrue();
                assertThat(showCreate(s, table)).contains("`k` bigint(20) NOT NULL");
            }
            // Settle the statement in doubt by what the server says now, so later cycles check it too.
            for (String table : inDoubt) {
                if (present.contains(table)) {
                    acknowledged.put(table, showCreate(s, table).contains(ALTERED));
                    dropped.remove(table);
                } else {
                    acknowledged.remove(table);
                    dropped.add(table);
                }
            }
            inDoubt.clear();
        }
    }

    private static String showCreate(Statement s, String table) throws SQLException {
        try (ResultSet rs = s.executeQuery("SHOW CREATE TABLE crash." + table)) {
            assertThat(rs.next()).isTrue();
            return rs.getString(2);
        }
    }
}
