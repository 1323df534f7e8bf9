package io.shoaldb.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGKILL during concurrent commits on the normal path (multi-row INSERTs and BEGIN ... COMMIT
 * transactions): after the restart every acknowledged transaction is there whole, and the ones cut by the
 * kill are all there or not at all - never in part, never twice.
 */
class NormalLoadCrashTest {
    private static final int CYCLES = 3;
    private static final int WRITERS = 4;

    @TempDir
    Path dir;

    private final AtomicLong nextId = new AtomicLong(1);
    private final Set<Long> acknowledged = ConcurrentHashMap.newKeySet();
    private final List<List<Long>> inDoubt = java.util.Collections.synchronizedList(new ArrayList<>());

    @Test
    void acknowledgedTransactionsSurviveKillNineWholeAndCutOnesAreAtomic() throws Exception {
        long seed = System.nanoTime();
        System.out.println("NormalLoadCrashTest seed " + seed);
        Random random = new Random(seed);
        for (int cycle = 0; cycle < CYCLES; cycle++) {
            try (ServerProcess server = ServerProcess.start(dir)) {
                if (cycle == 0) {
                    try (Connection c = connect(server); Statement s = c.createStatement()) {
                        s.execute("CREATE DATABASE n");
                        s.execute("CREATE TABLE n.t (id BIGINT NOT NULL, v VARCHAR(20)) DUPLICATE KEY(id) "
                                + "DISTRIBUTED BY HASH(id) BUCKETS 3");
                    }
                } else {
                    verify(server);
                }
                CountDownLatch enough = new CountDownLatch(10 + random.nextInt(40));
                List<Thread> writers = new ArrayList<>();
                for (int w = 0; w < WRITERS; w++) {
                    long writerSeed = random.nextLong();
                    writers.add(Thread.ofPlatform().start(() -> write(server, writerSeed, enough)));
                }
                assertThat(enough.await(120, TimeUnit.SECONDS)).as("commits made progress").isTrue();
                server.kill();
                for (Thread writer : writers) {
                    writer.join();
                }
            }
        }
        try (ServerProcess server = ServerProcess.start(dir)) {
            verify(server);
        }
    }

    private void write(ServerProcess server, long seed, CountDownLatch enough) {
        Random random = new Random(seed);
        List<Long> pending = null;
        try (Connection c = connect(server); Statement s = c.createStatement()) {
            while (true) {
                pending = new ArrayList<>();
                boolean transaction = random.nextBoolean();
                int statements = transaction ? 2 + random.nextInt(3) : 1;
                if (transaction) {
                    s.execute("BEGIN");
                }
                for (int i = 0; i < statements; i++) {
                    StringBuilder sql = new StringBuilder("INSERT INTO n.t VALUES ");
                    int rows = 1 + random.nextInt(5);
                    for (int r = 0; r < rows; r++) {
                        long id = nextId.getAndIncrement();
                        pending.add(id);
                        sql.append(r == 0 ? "" : ", ").append('(').append(id).append(", 'v").append(id).append("')");
                    }
                    s.execute(sql.toString());
                }
                if (transaction) {
                    s.execute("COMMIT");
                }
                acknowledged.addAll(pending);
                pending = null;
                enough.countDown();
            }
        } catch (SQLException killed) {
            if (pending != null && !pending.isEmpty()) {
                inDoubt.add(pending);
            }
        }
    }

    private void verify(ServerProcess server) throws SQLException {
        Map<Long, Integer> counts = new HashMap<>();
        try (Connection c = connect(server); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT id, v FROM n.t")) {
            while (rs.next()) {
                long id = rs.getLong(1);
                assertThat(rs.getString(2)).isEqualTo("v" + id);
                counts.merge(id, 1, Integer::sum);
            }
        }
        assertThat(counts.values()).as("no row twice").allMatch(n -> n == 1);
        assertThat(counts.keySet()).as("every acknowledged row").containsAll(acknowledged);
        synchronized (inDoubt) {
            for (List<Long> cut : inDoubt) {
                long present = cut.stream().filter(counts::containsKey).count();
                assertThat(present).as("transaction %s is all or nothing", cut).isIn(0L, (long) cut.size());
                if (present > 0) {
                    acknowledged.addAll(cut);
                }
            }
            inDoubt.clear();
        }
        assertThat(acknowledged).as("nothing beyond what clients wrote").containsAll(counts.keySet());
    }

    private static Connection connect(ServerProcess server) throws SQLException {
        return DriverManager.getConnection(server.jdbcUrl("", ""), "root", "");
    }
}
