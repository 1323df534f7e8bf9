package io.shoaldb.testing.groupcommit;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.testing.ServerProcess;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The durability promise of every load path under SIGKILL: {@value #THREADS} clients load rows with unique ids
 * into a server in a child JVM, each load taking one of six routes - async, sync and normal-path INSERTs (some
 * group-commit INSERTs carrying a {@code group_commit_request_id}) and async, sync and normal-path Stream Loads
 * over HTTP - and the server is killed after a random number of acknowledgements; after each restart (WAL
 * replay runs before the server serves):
 * <ul>
 *   <li>every acknowledged id is present exactly once;</li>
 *   <li>no id is present twice, acknowledged or not; a load cut by the kill is wholly present or wholly
 *       absent, and once settled it stays that way in every later cycle;</li>
 *   <li>an INSERT cut by the kill that carried a request id is retried with the same id after the restart:
 *       the retry succeeds and the rows are there exactly once (loaded at most once across the crash);</li>
 *   <li>replay left no corrupt WAL and reports no failure.</li>
 * </ul>
 * An async load refused because the table has {@code group_commit_max_wal_num_per_table} WAL files (commits
 * lag behind acknowledged async loads, e.g. on a loaded machine) is back-pressure, not a failure: the refusal
 * comes before the load is accepted, so the writer retries it as a Doris client would, and it counts as
 * acknowledged only once a retry is. {@link #walLimitRefusalsAreRetriedAndLoseNothing} provokes such refusals.
 * Cycles: {@code -Dcrash.cycles} (default {@value #DEFAULT_CYCLES}), seed {@code -Dcrash.seed}; both printed.
 * {@code bench/crash-cycles.sh 100} runs 100. The kill comes after a random number of acknowledgements plus a
 * random delay of up to 3 ms, so it lands anywhere in a load's life (open, WAL fsync, commit, after commit).
 */
class LoadCrashCyclesTest {
    static final int DEFAULT_CYCLES = 10;
    static final int THREADS = 8;
    private static final String TABLE = "crash.t";
    private static final int[] INTERVALS_MS = {20, 100, 300, 1000, 5000};
    /** The refusal of an async load for too many WAL files (GROUP_COMMIT_TOO_MANY_WALS), by SQL and HTTP alike. */
    private static final String WAL_LIMIT_REFUSAL = "Too many group commit async WALs";
    /** How long a writer keeps retrying a load refused for too many WALs before reporting it. */
    private static final long WAL_LIMIT_RETRY_NANOS = TimeUnit.SECONDS.toNanos(60);
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private static final Pattern STREAM_LOAD_SUCCESS = Pattern.compile("\"Status\"\\s*:\\s*\"Success\"");

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

    private int requestIdInTen;
    /** Acknowledged loads by route, for the summary. */
    private final Map<Route, AtomicLong> acknowledgedByRoute = new ConcurrentHashMap<>();
    /** Loads refused for too many WAL files and retried. */
    private final AtomicLong walLimitRefusals = new AtomicLong();

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

    /** How a load reaches the table. */
    enum Route {
        ASYNC_INSERT("async_mode", false), SYNC_INSERT("sync_mode", false), NORMAL_INSERT("off_mode", false),
        ASYNC_STREAM("async_mode", true), SYNC_STREAM("sync_mode", true), NORMAL_STREAM("off_mode", true);

        final String groupCommit;
        final boolean streamLoad;

        Route(String groupCommit, boolean streamLoad) {
            this.groupCommit = groupCommit;
            this.streamLoad = streamLoad;
        }

        boolean groupCommitInsert() {
            return !streamLoad && this != NORMAL_INSERT;
        }
    }

    /** Out of ten loads: 4 async INSERTs, 2 sync, 1 normal-path, and one Stream Load of each mode. */
    private static final Route[] ROUTES_IN_TEN = {Route.ASYNC_INSERT, Route.ASYNC_INSERT, Route.ASYNC_INSERT,
        Route.ASYNC_INSERT, Route.SYNC_INSERT, Route.SYNC_INSERT, Route.NORMAL_INSERT, Route.ASYNC_STREAM,
        Route.SYNC_STREAM, Route.NORMAL_STREAM};

    private record Op(List<Long> ids, Route route, String requestId) {
        String sql() {
            return "INSERT INTO " + TABLE + " VALUES " + ids.stream().map(id -> "(" + id + ", 'v" + id + "')")
                    .collect(Collectors.joining(", "));
        }

        String csv() {
            return ids.stream().map(id -> id + ",v" + id + "\n").collect(Collectors.joining());
        }
    }

    @Test
    void everyAcknowledgedRowSurvivesKillNineExactlyOnce() throws Exception {
        run(Integer.getInteger("crash.cycles", DEFAULT_CYCLES), 4, INTERVALS_MS);
    }

    /**
     * With at most one WAL file per table and a 20 ms interval, an async load arriving while a sealed batch
     * commits is refused: the writers retry such refusals, and every acknowledged row still survives the kills.
     */
    @Test
    void walLimitRefusalsAreRetriedAndLoseNothing() throws Exception {
        run(3, 4, new int[] {20}, "--group_commit_max_wal_num_per_table=1");
        assertThat(walLimitRefusals.get()).as("async loads refused for too many WALs").isPositive();
    }

    /** Kill cycles with {@code requestIdInTen}/10 of the group-commit INSERTs carrying a request id. */
    private void run(int cycles, int requestIdInTen, int[] intervalsMs, String... serverArgs) throws Exception {
        this.requestIdInTen = requestIdInTen;
        long seed = Long.getLong("crash.seed", System.nanoTime());
        System.out.println("LoadCrashCyclesTest seed " + seed + " cycles " + cycles
                + ", request ids " + requestIdInTen + "/10 (rerun: -Dcrash.seed=" + seed + ")");
        Random random = new Random(seed);
        long started = System.nanoTime();
        long totalAcks = 0;
        for (int cycle = 0; cycle < cycles; cycle++) {
            cycleNow = cycle;
            long cycleStart = System.nanoTime();
            try (ServerProcess server = ServerProcess.start(dir, serverArgs)) {
                long startMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - cycleStart);
                if (cycle == 0) {
                    createTable(server);
                }
                settleAndVerify(server, cycle);
                int interval = intervalsMs[random.nextInt(intervalsMs.length)];
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
        try (ServerProcess server = ServerProcess.start(dir, serverArgs)) {
            settleAndVerify(server, cycles);
        }
        System.out.printf("LoadCrashCyclesTest: %d cycles, %d acknowledged loads %s, %d refusals for too many WALs "
                + "retried, %d ids checked, %d s%n", cycles, totalAcks, new TreeMap<>(acknowledgedByRoute),
                walLimitRefusals.get(), mustExist.size(),
                TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started));
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

    /** One client: loads by every route (a session per INSERT mode, HTTP for Stream Load) until the server dies. */
    private void write(ServerProcess server, long seed, AtomicBoolean killed, CountDownLatch enough,
            AtomicLong acks) {
        Random random = new Random(seed);
        Op op = null;
        Map<Route, Connection> sessions = new EnumMap<>(Route.class);
        try {
            for (Route route : List.of(Route.ASYNC_INSERT, Route.SYNC_INSERT, Route.NORMAL_INSERT)) {
                sessions.put(route, connect(server, "&sessionVariables=group_commit=" + route.groupCommit));
            }
            while (true) {
                int rows = 1 + random.nextInt(4);
                List<Long> ids = new ArrayList<>(rows);
                for (int i = 0; i < rows; i++) {
                    ids.add(nextId.getAndIncrement());
                }
                Route route = ROUTES_IN_TEN[random.nextInt(ROUTES_IN_TEN.length)];
                String requestId = route.groupCommitInsert() && random.nextInt(10) < requestIdInTen
                        ? "req-" + ids.getFirst() : null;
                op = new Op(ids, route, requestId);
                long firstTry = System.nanoTime();
                for (int attempt = 1; ; attempt++) {
                    try {
                        load(server, sessions, op);
                        break;
                    } catch (SQLException | IOException e) {
                        if (!killed.get() && refusedForTooManyWals(e)
                                && System.nanoTime() - firstTry < WAL_LIMIT_RETRY_NANOS) {
                            // Refused before it was accepted: nothing of it is loaded, so retrying is safe.
                            walLimitRefusals.incrementAndGet();
                            note(op, "refused for too many WALs, retried");
                            backOff(attempt);
                            continue;
                        }
                        if (killed.get() || !(e instanceof SQLException) || op.requestId() == null || attempt == 5) {
                            throw e;
                        }
                        // Alive and refused: a request id makes the retry safe.
                        unexpected.add(op + ": " + e.getMessage());
                    }
                }
                mustExist.addAll(ids);
                note(op, "acknowledged");
                acknowledgedByRoute.computeIfAbsent(route, r -> new AtomicLong()).incrementAndGet();
                op = null;
                acks.incrementAndGet();
                enough.countDown();
            }
        } catch (SQLException | IOException e) {
            if (op != null) {
                inDoubt.add(op);
                note(op, "cut by the kill");
            }
            if (!killed.get()) {
                unexpected.add("writer failed while the server was alive: " + e);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            unexpected.add("writer interrupted: " + e);
        } finally {
            for (Connection c : sessions.values()) {
                try {
                    c.close();
                } catch (SQLException ignored) {
                    // The server is gone; the socket is closed either way.
                }
            }
        }
    }

    /** One INSERT by a client that retries refusals for too many WALs (the previous retry's batch may commit). */
    private void insertRetryingWalLimit(Statement s, Op op) throws SQLException, InterruptedException {
        long firstTry = System.nanoTime();
        for (int attempt = 1; ; attempt++) {
            try {
                insert(s, op);
                return;
            } catch (SQLException e) {
                if (!refusedForTooManyWals(e) || System.nanoTime() - firstTry >= WAL_LIMIT_RETRY_NANOS) {
                    throw e;
                }
                walLimitRefusals.incrementAndGet();
                backOff(attempt);
            }
        }
    }

    private static boolean refusedForTooManyWals(Exception e) {
        return e.getMessage() != null && e.getMessage().contains(WAL_LIMIT_REFUSAL);
    }

    /**
     * A client's back-off before retrying a refused load (10, 20, 40 ... at most 200 ms): the refusal says the
     * table's commits lag, so retrying at once would only be refused again.
     */
    private static void backOff(int attempt) throws InterruptedException {
        Thread.sleep(Math.min(200, 10L << Math.min(attempt - 1, 5)));
    }

    private static void load(ServerProcess server, Map<Route, Connection> sessions, Op op)
            throws SQLException, IOException, InterruptedException {
        if (op.route().streamLoad) {
            streamLoad(server, op);
            return;
        }
        try (Statement s = sessions.get(op.route()).createStatement()) {
            insert(s, op);
        }
    }

    private static void insert(Statement s, Op op) throws SQLException {
        if (op.requestId() != null) {
            s.execute("SET group_commit_request_id = '" + op.requestId() + "'");
        }
        GcSql.Load load = GcSql.insert(s, op.sql());
        if (op.route() == Route.NORMAL_INSERT) {
            assertThat(load.status()).isEqualTo("VISIBLE");
        } else {
            assertThat(load.label()).startsWith("group_commit_");
        }
    }

    /** A Stream Load of the op's rows as CSV; an answer other than Success is an error the writer reports. */
    private static void streamLoad(ServerProcess server, Op op) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.httpPort()
                        + "/api/crash/t/_stream_load"))
                .PUT(HttpRequest.BodyPublishers.ofString(op.csv())).timeout(Duration.ofSeconds(60))
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString("root:".getBytes()))
                .header("column_separator", ",");
        if (op.route() != Route.NORMAL_STREAM) {
            request.header("group_commit", op.route().groupCommit);
        }
        HttpResponse<String> reply = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
        if (reply.statusCode() != 200 || !STREAM_LOAD_SUCCESS.matcher(reply.body()).find()) {
            throw new IOException("Stream Load refused: HTTP " + reply.statusCode() + " " + reply.body());
        }
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
                    s.execute("SET group_commit = " + op.route().groupCommit);
                    insertRetryingWalLimit(s, op);
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
