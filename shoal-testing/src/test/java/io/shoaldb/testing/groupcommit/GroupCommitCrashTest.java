package io.shoaldb.testing.groupcommit;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.testing.ServerProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The durability promise of group commit under SIGKILL: {@value #THREADS} clients run async and sync
 * INSERTs of rows with unique ids (some carrying a {@code group_commit_request_id}) against a server in a
 * child JVM, which is killed after a random number of acknowledgements; after each restart (WAL replay runs
 * before the server serves):
 * <ul>
 *   <li>every acknowledged id is present exactly once;</li>
 *   <li>no id is present twice, acknowledged or not; an INSERT cut by the kill is wholly present or wholly
 *       absent, and once settled it stays that way in every later cycle;</li>
 *   <li>an INSERT cut by the kill that carried a request id is retried with the same id after the restart:
 *       the retry succeeds and the rows are there exactly once (loaded at most once across the crash);</li>
 *   <li>replay left no corrupt WAL and reports no failure.</li>
 * </ul>
 * Cycles: {@code -Dcrash.cycles} (default {@value #DEFAULT_CYCLES}), seed {@code -Dcrash.seed}; both printed.
 * {@code bench/crash-cycles.sh 100} runs 100. The kill comes after a random number of acknowledgements plus a
 * random delay of up to 3 ms, so it lands anywhere in a batch's life (open, WAL fsync, commit, after commit).
 */
class GroupCommitCrashTest {
    static final int DEFAULT_CYCLES = 10;
    static final int THREADS = 8;
    private static final String TABLE = "crash.t";
    private static final int[] INTERVALS_MS = {20, 100, 300, 1000, 5000};

    @TempDir
    Path dir;

    private final AtomicLong nextId = new AtomicLong(1);
    /** Ids whose INSERT was acknowledged, or which a check found present: each must be there exactly once. */
    private final Set<Long> mustExist = ConcurrentHashMap.newKeySet();
    /** Ids of INSERTs cut by a kill and found absent after it: they must never appear. */
    private final Set<Long> mustNotExist = new HashSet<>();
    /** INSERTs whose outcome the client does not know (cut by the kill), to settle after the restart. */
    private final List<Op> inDoubt = Collections.synchronizedList(new ArrayList<>());
    /** Errors while the server was alive: none expected. */
    private final List<String> unexpected = Collections.synchronizedList(new ArrayList<>());

    private int asyncInTen;
    private int requestIdInTen;

    /** What happened to each id, for the failure message. */
    private final Map<Long, String> history = new ConcurrentHashMap<>();
    private volatile int cycleNow;

    private void note(Op op, String what) {
        String line = "cycle " + cycleNow + " " + what + " " + op;
        for (long id : op.ids()) {
            history.merge(id, line, (a, b) -> a + "; " + b);
        }
    }

    private String explain(List<Long> ids) {
        return ids.stream().map(id -> id + ": " + history.getOrDefault(id, "?")).collect(Collectors.joining("\n"));
    }

    private record Op(List<Long> ids, boolean async, String requestId) {
        String sql() {
            return "INSERT INTO " + TABLE + " VALUES " + ids.stream().map(id -> "(" + id + ", 'v" + id + "')")
                    .collect(Collectors.joining(", "));
        }
    }

    @Test
    void everyAcknowledgedRowSurvivesKillNineExactlyOnce() throws Exception {
        run(Integer.getInteger("crash.cycles", DEFAULT_CYCLES), 6, 4);
    }

    /** Kill cycles with {@code asyncInTen}/10 async INSERTs and {@code requestIdInTen}/10 with a request id. */
    private void run(int cycles, int asyncInTen, int requestIdInTen) throws Exception {
        this.asyncInTen = asyncInTen;
        this.requestIdInTen = requestIdInTen;
        long seed = Long.getLong("crash.seed", System.nanoTime());
        System.out.println("GroupCommitCrashTest seed " + seed + " cycles " + cycles + " async " + asyncInTen
                + "/10, request ids " + requestIdInTen + "/10 (rerun: -Dcrash.seed=" + seed + ")");
        Random random = new Random(seed);
        long started = System.nanoTime();
        long totalAcks = 0;
        for (int cycle = 0; cycle < cycles; cycle++) {
            cycleNow = cycle;
            long cycleStart = System.nanoTime();
            try (ServerProcess server = ServerProcess.start(dir)) {
                long startMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - cycleStart);
                if (cycle == 0) {
                    createTable(server);
                }
                settleAndVerify(server, cycle);
                int interval = INTERVALS_MS[random.nextInt(INTERVALS_MS.length)];
                try (Connection c = connect(server, ""); Statement s = c.createStatement()) {
                    s.execute("ALTER TABLE " + TABLE + " SET (\"group_commit_interval_ms\" = \"" + interval + "\")");
                }
                int acksBeforeKill = 20 + random.nextInt(150);
                AtomicBoolean killed = new AtomicBoolean();
                CountDownLatch enough = new CountDownLatch(acksBeforeKill);
                AtomicLong acks = new AtomicLong();
                List<Thread> writers = new ArrayList<>();
                for (int t = 0; t < THREADS; t++) {
                    long writerSeed = random.nextLong();
                    writers.add(Thread.ofPlatform().name("gc-writer-" + t)
                            .start(() -> write(server, writerSeed, killed, enough, acks)));
                }
                boolean reached = enough.await(60, TimeUnit.SECONDS);
                // Not a synchronisation: a random offset so the kill is not always right after an ack.
                java.util.concurrent.locks.LockSupport.parkNanos(random.nextInt(3_000_000));
                killed.set(true);
                server.kill();
                for (Thread writer : writers) {
                    writer.join();
                }
                assertThat(reached).as("cycle " + cycle + ": " + acksBeforeKill + " acks within 60 s; got "
                        + acks.get() + "; errors " + unexpected).isTrue();
                assertThat(unexpected).as("errors while the server was alive").isEmpty();
                totalAcks += acks.get();
                System.out.printf("cycle %d: interval %d ms, killed after %d acks (target %d), %d in doubt; "
                        + "server start %d ms, cycle %d ms%n", cycle, interval, acks.get(), acksBeforeKill,
                        inDoubt.size(), startMs, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - cycleStart));
            }
        }
        cycleNow = cycles;
        try (ServerProcess server = ServerProcess.start(dir)) {
            settleAndVerify(server, cycles);
        }
        System.out.printf("GroupCommitCrashTest: %d cycles, %d acknowledged INSERTs, %d ids checked, %d s%n",
                cycles, totalAcks, mustExist.size(), TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started));
    }

    private static Connection connect(ServerProcess server, String params) throws SQLException {
        return DriverManager.getConnection(server.jdbcUrl("", "socketTimeout=60000" + params), "root", "");
    }

    private static void createTable(ServerProcess server) throws SQLException {
        try (Connection c = connect(server, ""); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE crash");
            s.execute("CREATE TABLE " + TABLE + " (id BIGINT NOT NULL, v VARCHAR(32) NULL) DUPLICATE KEY(id) "
                    + "DISTRIBUTED BY HASH(id) BUCKETS 4");
        }
    }

    /** One client: async and sync INSERTs on two sessions until the server dies. */
    private void write(ServerProcess server, long seed, AtomicBoolean killed, CountDownLatch enough,
            AtomicLong acks) {
        Random random = new Random(seed);
        Op op = null;
        try (Connection async = connect(server, "&sessionVariables=group_commit=async_mode");
                Connection sync = connect(server, "&sessionVariables=group_commit=sync_mode");
                Statement asyncStatement = async.createStatement();
                Statement syncStatement = sync.createStatement()) {
            while (true) {
                int rows = 1 + random.nextInt(4);
                List<Long> ids = new ArrayList<>(rows);
                for (int i = 0; i < rows; i++) {
                    ids.add(nextId.getAndIncrement());
                }
                boolean isAsync = random.nextInt(10) < asyncInTen;
                String requestId = random.nextInt(10) < requestIdInTen ? "req-" + ids.getFirst() : null;
                op = new Op(ids, isAsync, requestId);
                Statement s = isAsync ? asyncStatement : syncStatement;
                for (int attempt = 1; ; attempt++) {
                    try {
                        run(s, op);
                        break;
                    } catch (SQLException e) {
                        if (killed.get() || op.requestId() == null || attempt == 5) {
                            throw e;
                        }
                        // Alive and refused: a request id makes the retry safe.
                        unexpected.add(op + ": " + e.getMessage());
                    }
                }
                mustExist.addAll(ids);
                note(op, "acknowledged");
                op = null;
                acks.incrementAndGet();
                enough.countDown();
            }
        } catch (SQLException e) {
            if (op != null) {
                inDoubt.add(op);
                note(op, "cut by the kill");
            }
            if (!killed.get()) {
                unexpected.add("writer failed while the server was alive: " + e);
            }
        }
    }

    private static void run(Statement s, Op op) throws SQLException {
        if (op.requestId() != null) {
            s.execute("SET group_commit_request_id = '" + op.requestId() + "'");
        }
        GcSql.Load load = GcSql.insert(s, op.sql());
        assertThat(load.label()).startsWith("group_commit_");
    }

    /**
     * After a restart: retries the cut INSERTs that had a request id (they must now succeed and load at most
     * once), settles the others by what is there, then checks every id.
     */
    private void settleAndVerify(ServerProcess server, int cycle) throws Exception {
        assertNoCorruptWal(cycle);
        try (Connection c = connect(server, ""); Statement s = c.createStatement()) {
            List<Op> retried = new ArrayList<>();
            for (Op op : List.copyOf(inDoubt)) {
                if (op.requestId() != null) {
                    s.execute("SET group_commit = " + (op.async() ? "async_mode" : "sync_mode"));
                    run(s, op);
                    note(op, "retried after restart, acknowledged");
                    retried.add(op);
                }
            }
            s.execute("SYNC GROUP COMMIT ON " + TABLE);
            for (Op op : retried) {
                mustExist.addAll(op.ids());
            }

            Map<String, String> status = GcSql.groupCommitStatus(s, "crash", "t");
            assertThat(status.getOrDefault("LastReplayFailure", "")).as("cycle " + cycle + " replay").isEmpty();

            List<Long> ids = GcSql.longs(s, "SELECT id FROM " + TABLE);
            Map<Long, Integer> counts = new HashMap<>();
            for (long id : ids) {
                counts.merge(id, 1, Integer::sum);
            }
            List<Long> duplicated = counts.entrySet().stream().filter(e -> e.getValue() > 1).map(Map.Entry::getKey)
                    .sorted().limit(20).toList();
            assertThat(duplicated).as("cycle %d: ids present more than once:%n%s", cycle, explain(duplicated)).isEmpty();
            assertThat(GcSql.longs(s, "SELECT id, count(*) FROM " + TABLE + " GROUP BY id HAVING count(*) > 1"))
                    .as("cycle %d: GROUP BY id HAVING count(*) > 1", cycle).isEmpty();
            assertThat(GcSql.count(s, TABLE)).isEqualTo(ids.size());
            List<Long> missing = mustExist.stream().filter(id -> !counts.containsKey(id)).sorted().limit(20).toList();
            assertThat(missing).as("cycle %d: acknowledged ids missing (of %d):%n%s", cycle, mustExist.size(),
                    explain(missing)).isEmpty();
            List<Long> resurrected = mustNotExist.stream().filter(counts::containsKey).sorted().limit(20).toList();
            assertThat(resurrected).as("cycle %d: ids found absent after an earlier crash reappeared:%n%s", cycle,
                    explain(resurrected)).isEmpty();
            Set<Long> issued = new HashSet<>(mustExist);
            for (Op op : inDoubt) {
                long present = op.ids().stream().filter(counts::containsKey).count();
                assertThat(present).as("cycle %d: INSERT cut by the kill is all or nothing: %s", cycle, op)
                        .isIn(0L, (long) op.ids().size());
                (present == 0 ? mustNotExist : mustExist).addAll(op.ids());
                issued.addAll(op.ids());
            }
            List<Long> strangers = counts.keySet().stream().filter(id -> !issued.contains(id)).sorted().limit(20)
                    .toList();
            assertThat(strangers).as("cycle %d: ids nobody inserted", cycle).isEmpty();
            // The payload survived intact too.
            assertThat(GcSql.rows(s, "SELECT id, v FROM " + TABLE)).allMatch(r -> r.equals(
                    r.substring(0, r.indexOf('|')) + "|v" + r.substring(0, r.indexOf('|'))), "v = 'v' || id");
            inDoubt.clear();
            System.out.printf("cycle %d verified: %d rows, %d acknowledged ids, %d retried by request id%n",
                    cycle, ids.size(), mustExist.size(), retried.size());
        }
    }

    private void assertNoCorruptWal(int cycle) throws IOException {
        Path wal = dir.resolve("data").resolve("wal");
        if (!Files.exists(wal)) {
            return;
        }
        try (Stream<Path> files = Files.walk(wal)) {
            assertThat(files.filter(f -> f.getFileName().toString().endsWith(".corrupt")).toList())
                    .as("cycle %d: WALs found corrupt by replay", cycle).isEmpty();
        }
    }
}
