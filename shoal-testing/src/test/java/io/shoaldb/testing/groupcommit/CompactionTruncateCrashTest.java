package io.shoaldb.testing.groupcommit;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.testing.Await;
import io.shoaldb.testing.ServerProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGKILL while sync group commits, the background compactions they cause and TRUNCATE TABLE run on the same
 * tables (a compaction holds only its table's structure lock, so its commit record lands among the group
 * commits' records, and a truncate waits for it). Table {@code a} gets 1-row sync INSERTs from three clients:
 * after every restart each acknowledged row is there exactly once. Table {@code b} gets a client that inserts a
 * few dozen rows and truncates, over and over: rows acknowledged after the last acknowledged TRUNCATE are all
 * there, rows before it none, and rows between it and a TRUNCATE the kill cut are all there or all gone. Each
 * cycle is killed once the server has logged a few compactions since its start (servers started by tests log to
 * {@code log/shoal.log}).
 */
class CompactionTruncateCrashTest {
    private static final int CYCLES = 3;
    private static final int WRITERS_A = 3;

    @TempDir
    Path dir;

    private final AtomicLong nextId = new AtomicLong(1);
    private final Set<Long> acknowledgedA = ConcurrentHashMap.newKeySet();
    private final Set<Long> inDoubtA = ConcurrentHashMap.newKeySet();
    /** Table b: rows acknowledged since the last acknowledged TRUNCATE (they must be there). */
    private final Set<Long> sinceTruncate = ConcurrentHashMap.newKeySet();
    /** Table b: rows acknowledged before a TRUNCATE the kill cut (all there or all gone), and one cut INSERT. */
    private final Set<Long> beforeCutTruncate = ConcurrentHashMap.newKeySet();
    private final Set<Long> inDoubtB = ConcurrentHashMap.newKeySet();
    /** Table b: every row ever inserted before the last acknowledged TRUNCATE (must be gone). */
    private final Set<Long> truncatedAway = ConcurrentHashMap.newKeySet();
    private final List<String> unexpected = java.util.Collections.synchronizedList(new ArrayList<>());
    private volatile boolean killed;

    @Test
    void acknowledgedRowsAndTruncatesSurviveKillNineWhileCompactionsRun() throws Exception {
        long seed = System.nanoTime();
        System.out.println("CompactionTruncateCrashTest seed " + seed);
        Random random = new Random(seed);
        Path log = dir.resolve("log").resolve("shoal.log");
        for (int cycle = 0; cycle < CYCLES; cycle++) {
            long compactionsBefore = compactionLines(log);
            try (ServerProcess server = ServerProcess.start(dir)) {
                if (cycle == 0) {
                    try (Connection c = connect(server); Statement s = c.createStatement()) {
                        s.execute("CREATE DATABASE n");
                        s.execute("CREATE TABLE n.a (id BIGINT NOT NULL, v VARCHAR(20)) DUPLICATE KEY(id) "
                                + "DISTRIBUTED BY HASH(id) BUCKETS 2");
                        s.execute("CREATE TABLE n.b (id BIGINT NOT NULL, v VARCHAR(20)) DUPLICATE KEY(id) "
                                + "DISTRIBUTED BY HASH(id) BUCKETS 1");
                    }
                } else {
                    verify(server);
                }
                killed = false;
                List<Thread> clients = new ArrayList<>();
                for (int w = 0; w < WRITERS_A; w++) {
                    clients.add(Thread.ofPlatform().start(() -> writeA(server)));
                }
                long truncateSeed = random.nextLong();
                clients.add(Thread.ofPlatform().start(() -> writeAndTruncateB(server, new Random(truncateSeed))));
                int compactions = 4 + random.nextInt(8);
                Await.until(compactions + " compactions", Duration.ofSeconds(180), () -> {
                    assertThat(unexpected).as("statements that failed before the kill").isEmpty();
                    return compactionLines(log) - compactionsBefore >= compactions;
                });
                killed = true;
                server.kill();
                for (Thread client : clients) {
                    client.join();
                }
                assertThat(unexpected).as("statements that failed before the kill").isEmpty();
            }
        }
        try (ServerProcess server = ServerProcess.start(dir)) {
            verify(server);
        }
    }

    private void writeA(ServerProcess server) {
        long id = -1;
        try (Connection c = connect(server); Statement s = c.createStatement()) {
            s.execute("SET group_commit = sync_mode");
            while (!killed) {
                id = nextId.getAndIncrement();
                s.execute("INSERT INTO n.a VALUES (" + id + ", 'v" + id + "')");
                acknowledgedA.add(id);
                id = -1;
            }
        } catch (SQLException e) {
            if (id >= 0) {
                inDoubtA.add(id);
            }
            expectKilled(e);
        }
    }

    /** Inserts 20-60 rows into b one by one, truncates it, and again, until the kill. */
    private void writeAndTruncateB(ServerProcess server, Random random) {
        long id = -1;
        boolean truncating = false;
        try (Connection c = connect(server); Statement s = c.createStatement()) {
            s.execute("SET group_commit = sync_mode");
            while (!killed) {
                for (int i = 20 + random.nextInt(40); i > 0 && !killed; i--) {
                    id = nextId.getAndIncrement();
                    s.execute("INSERT INTO n.b VALUES (" + id + ", 'v" + id + "')");
                    sinceTruncate.add(id);
                    id = -1;
                }
                truncating = true;
                s.execute("TRUNCATE TABLE n.b");
                truncating = false;
                truncatedAway.addAll(sinceTruncate);
                sinceTruncate.clear();
            }
        } catch (SQLException e) {
            if (id >= 0) {
                inDoubtB.add(id);
            }
            if (truncating) {
                beforeCutTruncate.addAll(sinceTruncate);
                sinceTruncate.clear();
            }
            expectKilled(e);
        }
    }

    private void expectKilled(SQLException e) {
        if (!killed) {
            unexpected.add(e.toString());
        }
    }

    private void verify(ServerProcess server) throws SQLException {
        Map<Long, Integer> a = rows(server, "a");
        assertThat(a.values()).as("no row of a twice").allMatch(n -> n == 1);
        assertThat(a.keySet()).as("every acknowledged row of a").containsAll(acknowledgedA);
        Set<Long> writtenA = new HashSet<>(acknowledgedA);
        writtenA.addAll(inDoubtA);
        assertThat(writtenA).as("nothing in a beyond what clients wrote").containsAll(a.keySet());
        a.keySet().stream().filter(inDoubtA::contains).forEach(acknowledgedA::add);
        inDoubtA.clear();

        Map<Long, Integer> b = rows(server, "b");
        assertThat(b.values()).as("no row of b twice").allMatch(n -> n == 1);
        // filteredOn, not doesNotContainAnyElementsOf: no TRUNCATE may have finished before the first kill
        assertThat(b.keySet()).as("rows of b truncated by an acknowledged TRUNCATE").filteredOn(truncatedAway::contains)
                .isEmpty();
        if (!beforeCutTruncate.isEmpty()) {
            long present = beforeCutTruncate.stream().filter(b::containsKey).count();
            assertThat(present).as("rows of b before a TRUNCATE the kill cut are all there or all gone")
                    .isIn(0L, (long) beforeCutTruncate.size());
            (present == 0 ? truncatedAway : sinceTruncate).addAll(beforeCutTruncate);
            beforeCutTruncate.clear();
        }
        assertThat(b.keySet()).as("rows of b acknowledged since the last TRUNCATE").containsAll(sinceTruncate);
        Set<Long> expectedB = new HashSet<>(sinceTruncate);
        expectedB.addAll(inDoubtB);
        assertThat(expectedB).as("nothing in b beyond what is expected").containsAll(b.keySet());
        b.keySet().stream().filter(inDoubtB::contains).forEach(sinceTruncate::add);
        inDoubtB.stream().filter(id -> !b.containsKey(id)).forEach(truncatedAway::add);
        inDoubtB.clear();
    }

    private static Map<Long, Integer> rows(ServerProcess server, String table) throws SQLException {
        Map<Long, Integer> counts = new HashMap<>();
        try (Connection c = connect(server); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT id, v FROM n." + table)) {
            while (rs.next()) {
                long id = rs.getLong(1);
                assertThat(rs.getString(2)).isEqualTo("v" + id);
                counts.merge(id, 1, Integer::sum);
            }
        }
        return counts;
    }

    /** Compactions committed so far, as the server's log (kept across restarts) reports them. */
    private static long compactionLines(Path log) throws IOException {
        if (!Files.exists(log)) {
            return 0;
        }
        try (Stream<String> lines = Files.lines(log)) {
            return lines.filter(line -> line.contains("compacted table ")).count();
        }
    }

    private static Connection connect(ServerProcess server) throws SQLException {
        return DriverManager.getConnection(server.jdbcUrl("", ""), "root", "");
    }
}
