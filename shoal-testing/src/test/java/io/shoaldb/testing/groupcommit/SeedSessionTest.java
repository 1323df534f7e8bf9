package io.shoaldb.testing.groupcommit;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.testing.TestServer;
import io.shoaldb.testing.groupcommit.GcSql.Load;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The seed's {@code mysql>} session (Doris "Group Commit", INSERT INTO VALUES): async inserts merged into
 * one load (same label and txnId), not visible at once, visible after the interval; sync inserts visible on
 * return; off_mode and the fallbacks (WITH LABEL, an expression, BEGIN/COMMIT, INSERT ... SELECT) on the
 * normal path. Each test
 * has its own database on one shared server.
 */
class SeedSessionTest {
    /** The seed's DDL, verbatim. */
    static final String CREATE_DT = """
            CREATE TABLE `dt` (
                `id` int(11) NOT NULL,
                `name` varchar(50) NULL,
                `score` int(11) NULL
            ) ENGINE=OLAP
            DUPLICATE KEY(`id`)
            DISTRIBUTED BY HASH(`id`) BUCKETS 1
            PROPERTIES (
                "replication_num" = "1",
                "group_commit_mode" = "async_mode"
            );""";
    /** Long enough that nothing but SYNC GROUP COMMIT commits the batch while a test looks at it. */
    private static final String LONG_INTERVAL = "ALTER TABLE dt SET (\"group_commit_interval_ms\" = \"600000\")";

    @TempDir
    static Path dir;
    static TestServer server;

    @BeforeAll
    static void start() throws IOException {
        server = TestServer.start(dir);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static Connection open(String database) throws SQLException {
        try (Connection c = server.connect(); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE IF NOT EXISTS " + database);
        }
        return DriverManager.getConnection(server.jdbcUrl(database, ""), "root", "");
    }

    @Test
    void asyncInsertsShareOneLoadAndAreVisibleOnlyAfterItCommits() throws Exception {
        try (Connection c = open("seed_async"); Statement s = c.createStatement()) {
            s.execute(CREATE_DT);
            s.execute(LONG_INTERVAL);
            s.execute("set group_commit = async_mode;");
            Load first = GcSql.insert(s, "insert into dt values(1, 'Bob', 90), (2, 'Alice', 99);");
            assertThat(s.getUpdateCount()).isEqualTo(2);
            Load second = GcSql.insert(s, "insert into dt(id, name) values(3, 'John');");
            assertThat(s.getUpdateCount()).isEqualTo(1);

            assertThat(first.label()).matches(GcSql.GROUP_COMMIT_LABEL);
            assertThat(first.status()).isEqualTo("PREPARE");
            assertThat(first.txnId()).matches("[0-9]+");
            assertThat(second).as("merged into the same load").isEqualTo(first);
            // The data is not immediately queryable.
            assertThat(GcSql.count(s, "dt")).isZero();

            s.execute("SYNC GROUP COMMIT ON dt");
            assertThat(GcSql.rows(s, "select id, name, score from dt order by id"))
                    .containsExactly("1|Bob|90", "2|Alice|99", "3|John|NULL");
        }
    }

    @Test
    void asyncRowsBecomeVisibleWhenTheIntervalEnds() throws Exception {
        try (Connection c = open("seed_interval"); Statement s = c.createStatement()) {
            s.execute(CREATE_DT);
            s.execute("ALTER TABLE dt SET (\"group_commit_interval_ms\" = \"500\")");
            s.execute("set group_commit = async_mode");
            long sent = System.nanoTime();
            Load load = GcSql.insert(s, "insert into dt values(1, 'Bob', 90), (2, 'Alice', 99)");
            assertThat(load.label()).matches(GcSql.GROUP_COMMIT_LABEL);
            // Nobody asks for a commit: the interval alone must make the rows visible.
            GcSql.await("the interval commit", Duration.ofSeconds(30), () -> GcSql.count(s, "dt") == 2);
            long visibleAfterMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - sent);
            System.out.println("async rows visible " + visibleAfterMs + " ms after the insert was sent");
            // The batch opened after the insert was sent, and async batches wait for their interval.
            assertThat(visibleAfterMs).as("async batch kept open for its interval").isGreaterThanOrEqualTo(450);
        }
    }

    @Test
    void syncInsertsAreVisibleOnReturnWithoutWaitingOutTheInterval() throws Exception {
        try (Connection c = open("seed_sync"); Statement s = c.createStatement()) {
            s.execute(CREATE_DT); // default interval: 10 s
            s.execute("set group_commit = sync_mode;");
            long start = System.nanoTime();
            Load load = GcSql.insert(s, "insert into dt values(4, 'Bob', 90), (5, 'Alice', 99);");
            long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertThat(load.label()).matches(GcSql.GROUP_COMMIT_LABEL);
            assertThat(load.status()).isEqualTo("PREPARE");
            // The data is queryable immediately.
            assertThat(GcSql.rows(s, "select id, name, score from dt order by id"))
                    .containsExactly("4|Bob|90", "5|Alice|99");
            // Beyond Doris: a lone sync insert commits at once instead of idling out the 10 s interval.
            assertThat(tookMs).as("lone sync insert latency (ms)").isLessThan(5_000);
        }
    }

    /** Concurrent sync inserts share commits (same label and txnId) and each sees its rows on return. */
    @Test
    void concurrentSyncInsertsShareCommitsAndAreEachVisibleOnReturn() throws Exception {
        int threads = 16;
        int insertsPerThread = 15;
        try (Connection c = open("seed_concurrent"); Statement s = c.createStatement()) {
            s.execute(CREATE_DT.replace("BUCKETS 1", "BUCKETS 4"));
        }
        Map<String, Integer> loadsPerLabel = new ConcurrentHashMap<>();
        List<String> failures = java.util.Collections.synchronizedList(new ArrayList<>());
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int thread = t;
            workers.add(Thread.ofPlatform().start(() -> {
                try (Connection c = open("seed_concurrent"); Statement s = c.createStatement()) {
                    s.execute("set group_commit = sync_mode");
                    for (int i = 0; i < insertsPerThread; i++) {
                        int id = thread * 1000 + i;
                        Load load = GcSql.insert(s, "insert into dt values(" + id + ", 'n', " + i + ")");
                        loadsPerLabel.merge(load.label() + " " + load.txnId(), 1, Integer::sum);
                        if (GcSql.longs(s, "select id from dt where id = " + id).size() != 1) {
                            failures.add("id " + id + " not visible when its sync insert returned (" + load + ")");
                        }
                    }
                } catch (Exception e) {
                    failures.add(e.toString());
                }
            }));
        }
        for (Thread worker : workers) {
            worker.join();
        }
        assertThat(failures).isEmpty();
        int inserts = threads * insertsPerThread;
        System.out.println(inserts + " concurrent sync inserts committed in " + loadsPerLabel.size() + " loads");
        assertThat(loadsPerLabel.keySet()).allMatch(l -> l.startsWith("group_commit_"));
        assertThat(loadsPerLabel.values().stream().mapToInt(Integer::intValue).sum()).isEqualTo(inserts);
        assertThat(loadsPerLabel.size()).as("some sync inserts merged into one commit").isLessThan(inserts);
        try (Connection c = open("seed_concurrent"); Statement s = c.createStatement()) {
            assertThat(GcSql.count(s, "dt")).isEqualTo(inserts);
        }
    }

    @Test
    void tablePropertyAppliesUnlessTheSessionChoosesAndOffModeIsTheNormalPath() throws Exception {
        try (Connection c = open("seed_off"); Statement s = c.createStatement()) {
            s.execute(CREATE_DT);
            s.execute(LONG_INTERVAL);
            // No session choice: the table's "group_commit_mode" = "async_mode" applies.
            Load byProperty = GcSql.insert(s, "insert into dt values(1, 'Bob', 90)");
            assertThat(byProperty.label()).matches(GcSql.GROUP_COMMIT_LABEL);
            assertThat(byProperty.status()).isEqualTo("PREPARE");
            // The session variable wins over the table property.
            s.execute("set group_commit = off_mode;");
            Load off = GcSql.insert(s, "insert into dt values(2, 'Alice', 99)");
            assertThat(off.label()).startsWith("label_").doesNotStartWith("group_commit_");
            assertThat(off.status()).isEqualTo("VISIBLE");
            assertThat(off.txnId()).matches("[0-9]+").isNotEqualTo(byProperty.txnId());
            assertThat(GcSql.longs(s, "select id from dt")).containsExactly(2L);
            s.execute("SYNC GROUP COMMIT ON dt");
            assertThat(GcSql.count(s, "dt")).isEqualTo(2);
        }
    }

    @Test
    void loadsGroupCommitCannotTakeFallBackToTheNormalPath() throws Exception {
        try (Connection c = open("seed_fallback"); Statement s = c.createStatement()) {
            s.execute(CREATE_DT);
            s.execute(LONG_INTERVAL);
            s.execute("set group_commit = async_mode");

            Load labelled = GcSql.insert(s, "insert into dt WITH LABEL my_label_1 values(1, 'Bob', 90)");
            assertThat(labelled).isEqualTo(new Load("my_label_1", "VISIBLE", labelled.txnId()));
            assertThat(GcSql.count(s, "dt")).as("visible at once: normal path").isEqualTo(1);

            Load expression = GcSql.insert(s, "insert into dt values(1 + 100, 'Expr', 2 * 5)");
            assertThat(expression.label()).doesNotStartWith("group_commit_");
            assertThat(expression.status()).isEqualTo("VISIBLE");
            assertThat(GcSql.rows(s, "select id, name, score from dt order by id"))
                    .containsExactly("1|Bob|90", "101|Expr|10");

            s.execute("BEGIN");
            Load inTxn = GcSql.insert(s, "insert into dt values(7, 'Txn', 1)");
            assertThat(inTxn.label()).doesNotStartWith("group_commit_");
            s.execute("COMMIT");
            Load committed = GcSql.parse(GcSql.info(s));
            assertThat(committed.label()).isEqualTo(inTxn.label());
            assertThat(committed.status()).isEqualTo("VISIBLE");
            assertThat(GcSql.count(s, "dt")).isEqualTo(3);

            // And the plain literal insert right after still goes through group commit.
            Load plain = GcSql.insert(s, "insert into dt values(8, 'Plain', 1)");
            assertThat(plain.label()).matches(GcSql.GROUP_COMMIT_LABEL);
            s.execute("SYNC GROUP COMMIT");
            assertThat(GcSql.count(s, "dt")).isEqualTo(4);

            // INSERT ... SELECT: the normal path, one visible transaction, affected rows = rows loaded.
            Load fromQuery = GcSql.insert(s, "insert into dt select id + 1000, name, score from dt where id < 100");
            assertThat(s.getUpdateCount()).isEqualTo(3);
            assertThat(fromQuery.label()).startsWith("label_");
            assertThat(fromQuery.status()).isEqualTo("VISIBLE");
            assertThat(GcSql.count(s, "dt")).as("visible at once").isEqualTo(7);
            Load labelledQuery = GcSql.insert(s,
                    "insert into dt WITH LABEL my_select_1 (id, name) select id + 2000, name from dt where id = 1");
            assertThat(labelledQuery).isEqualTo(new Load("my_select_1", "VISIBLE", labelledQuery.txnId()));
            assertThat(Long.parseLong(labelledQuery.txnId())).isGreaterThan(Long.parseLong(fromQuery.txnId()));
        }
    }

    /** The same session typed into the {@code mysql} CLI (installed by .ci/run), output as the seed shows it. */
    @Test
    void theSeedSessionThroughTheMysqlCli() throws Exception {
        String session = "CREATE DATABASE cli_seed;\nUSE cli_seed;\n" + CREATE_DT + "\n" + LONG_INTERVAL + ";\n"
                + """
                set group_commit = async_mode;
                insert into dt values(1, 'Bob', 90), (2, 'Alice', 99);
                insert into dt(id, name) values(3, 'John');
                select * from dt;
                SYNC GROUP COMMIT;
                select * from dt order by id;
                set group_commit = sync_mode;
                insert into dt values(4, 'Bob', 90), (5, 'Alice', 99);
                select * from dt order by id;
                set group_commit = off_mode;
                insert into dt values(6, 'Carol', 70);
                """;
        String out = mysql(session);
        Matcher info = Pattern.compile("\\{'label':'([^']*)', 'status':'([A-Z]+)', 'txnId':'([0-9]+)'").matcher(out);
        List<String> infos = new ArrayList<>();
        while (info.find()) {
            infos.add(info.group(1) + " " + info.group(2) + " " + info.group(3));
        }
        assertThat(infos).as(out).hasSize(4);
        assertThat(infos.get(0)).as(out).matches("group_commit_[0-9a-f]{16}_[0-9a-f]{16} PREPARE [0-9]+")
                .isEqualTo(infos.get(1));
        assertThat(infos.get(2)).matches("group_commit_\\S+ PREPARE [0-9]+").isNotEqualTo(infos.get(0));
        assertThat(infos.get(3)).matches("label_\\S+ VISIBLE [0-9]+");
        assertThat(out).contains("Query OK, 2 rows affected").contains("Query OK, 1 row affected");
        // The select right after the async inserts: empty; after the commit: the three rows.
        assertThat(out.indexOf("Empty set")).as(out).isBetween(out.indexOf("insert into dt(id, name)"),
                out.indexOf("SYNC GROUP COMMIT"));
        assertThat(out).containsPattern("\\|\\s+3 \\| John\\s+\\|\\s+NULL \\|")
                .contains("3 rows in set").contains("5 rows in set");
    }

    private static String mysql(String sql) throws IOException, InterruptedException {
        List<String> command = List.of("mysql", "-h127.0.0.1", "-P" + server.port(), "-uroot", "--skip-ssl",
                "--table", "-vvv");
        Process process;
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new AssertionError("the mysql CLI is not installed (.ci/run installs mariadb-client)", e);
        }
        process.getOutputStream().write(sql.getBytes(StandardCharsets.UTF_8));
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(output).isZero();
        return output;
    }
}
