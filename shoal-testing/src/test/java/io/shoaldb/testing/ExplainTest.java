package io.shoaldb.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * EXPLAIN, EXPLAIN ANALYZE and {@code enable_profile} + SHOW QUERY PROFILE through Connector/J and the mysql CLI,
 * over a dataset whose counts are known: 100 orders in 5 classes, 2,000 lines of which the 1,000 with an order
 * id below 100 join.
 */
class ExplainTest {
    private static final String QUERY = "SELECT o.c, count(*), sum(l.q) FROM l JOIN o ON l.oid = o.id"
            + " GROUP BY o.c ORDER BY o.c";
    @TempDir
    static Path dir;
    static TestServer server;

    @BeforeAll
    static void start() throws Exception {
        server = TestServer.start(dir);
        try (Connection c = server.connect(); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE ex");
            s.execute("CREATE TABLE ex.o (id INT, c INT) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 3"
                    + " PROPERTIES ('replication_num' = '1')");
            // 4 buckets against the orders' 3: a join of l and o cannot be colocated; lc, bucketed as o, can
            s.execute("CREATE TABLE ex.l (oid INT, q BIGINT) DUPLICATE KEY(oid) DISTRIBUTED BY HASH(oid) BUCKETS 4"
                    + " PROPERTIES ('replication_num' = '1')");
            s.execute("CREATE TABLE ex.lc (oid INT, q BIGINT) DUPLICATE KEY(oid) DISTRIBUTED BY HASH(oid) BUCKETS 3"
                    + " PROPERTIES ('replication_num' = '1')");
            StringJoiner orders = new StringJoiner(", ");
            for (int id = 0; id < 100; id++) {
                orders.add("(" + id + ", " + id % 5 + ")");
            }
            s.execute("INSERT INTO ex.o VALUES " + orders);
            StringJoiner lines = new StringJoiner(", ");
            for (int i = 0; i < 2000; i++) {
                lines.add("(" + i % 200 + ", 1)");
            }
            s.execute("INSERT INTO ex.l VALUES " + lines);
            s.execute("INSERT INTO ex.lc VALUES " + lines);
        }
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static Connection connect() throws SQLException {
        return DriverManager.getConnection(server.jdbcUrl("ex", ""), "root", "");
    }

    private static List<String> column(Statement s, String sql, String label) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (ResultSet rs = s.executeQuery(sql)) {
            assertThat(rs.getMetaData().getColumnLabel(1)).isEqualTo(label);
            while (rs.next()) {
                rows.add(rs.getString(1));
            }
        }
        return rows;
    }

    @Test
    void explainOfJoinAndAggregateShowsExchangesJoinBuildAndDrivers() throws Exception {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute("SET parallel_pipeline_task_num = 3");
            s.execute("SET broadcast_row_count_limit = 0");
            List<String> plan = column(s, "EXPLAIN " + QUERY, "Explain String");
            String text = String.join("\n", plan);
            assertThat(plan.getFirst()).isEqualTo("PIPELINE 0: result, drivers=1, sink=RESULT");
            assertThat(text).contains("sink=EXCHANGE(MERGE) ordering=[$0 ASC NULLS FIRST] producers=3")
                    .contains("sink=EXCHANGE(HASH) keys=[$0]")
                    .contains("sink=HASH_BUILD(INNER, PARTITIONED)").contains("drivers=3")
                    .contains("HashAggregate(PARTIAL)").contains("HashAggregate(FINAL)").contains("Scan ex.l")
                    .contains("<- PIPELINE").doesNotContain("rows out");
            assertThat(column(s, "EXPLAIN VERBOSE " + QUERY, "Explain String")).isEqualTo(plan);
            assertThat(column(s, "explain graph " + QUERY, "Explain String")).isEqualTo(plan);

            s.execute("SET broadcast_row_count_limit = 1000000");
            String broadcast = String.join("\n", column(s, "EXPLAIN " + QUERY, "Explain String"));
            assertThat(broadcast).contains("sink=HASH_BUILD(INNER, BROADCAST)").contains("tables=1");
        }
    }

    @Test
    void aColocatedJoinAndAggregationShowNoExchangeAndScansByBucket() throws Exception {
        String query = "SELECT l.oid, count(*), sum(o.c) FROM lc l JOIN o ON l.oid = o.id GROUP BY l.oid";
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute("SET parallel_pipeline_task_num = 2");
            s.execute("SET broadcast_row_count_limit = 0");
            String plan = String.join("\n", column(s, "EXPLAIN " + query, "Explain String"));
            assertThat(plan).contains("sink=HASH_BUILD(INNER, COLOCATED)").contains("HashJoin(INNER, COLOCATED)")
                    .containsPattern("Scan ex.lc .* by bucket").contains("HashAggregate(SINGLE)")
                    .doesNotContain("EXCHANGE(HASH)").doesNotContain("PARTIAL");
            List<String> profile = column(s, "EXPLAIN ANALYZE " + query, "Explain String");
            // 100 order ids, each joined by its 10 lines, one group per id although no exchange merges the drivers
            assertThat(profile.getFirst()).matches("QUERY \\d+: 100 rows in [0-9.]+ ms, scans read 2100 rows \\(\\d+ bytes\\)");
            assertThat(rowsOut(profile, "HashJoin(INNER")).isEqualTo(1000);
            assertThat(rowsOut(profile, "HashAggregate(SINGLE)")).isEqualTo(100);
        }
    }

    @Test
    void countOfAWholeDuplicateTableDecodesNoColumn() throws Exception {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            String plan = String.join("\n", column(s, "EXPLAIN SELECT count(*) FROM l", "Explain String"));
            assertThat(plan).contains("Scan ex.l columns=[] outputs=[]");
            List<String> profile = column(s, "EXPLAIN ANALYZE SELECT count(*) FROM l", "Explain String");
            // 2,000 rows counted from the pages' row counts: nothing decoded, so less than a byte per row (the
            // batches' own headers) where reading the INT key held 4 or more
            Matcher read = Pattern
                    .compile("QUERY \\d+: 1 rows in [0-9.]+ ms, scans read 2000 rows \\((\\d+) bytes\\)")
                    .matcher(profile.getFirst());
            assertThat(read.matches()).as(profile.getFirst()).isTrue();
            assertThat(Long.parseLong(read.group(1))).isLessThan(2000);
            assertThat(column(s, "SELECT count(*) FROM l", "count(*)")).containsExactly("2000");
            String filtered = String.join("\n", column(s, "EXPLAIN SELECT count(*) FROM l WHERE q > 0", "Explain String"));
            assertThat(filtered).contains("Scan ex.l columns=[q]");
        }
    }

    @Test
    void explainAnalyzeCountsAreTheRealCounts() throws Exception {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute("SET parallel_pipeline_task_num = 2");
            s.execute("SET broadcast_row_count_limit = 1000000");
            List<String> profile = column(s, "EXPLAIN ANALYZE " + QUERY, "Explain String");
            assertThat(profile.getFirst()).matches("QUERY \\d+: 5 rows in [0-9.]+ ms, scans read 2100 rows \\(\\d+ bytes\\)");
            // The broadcast build's runtime filter (order ids 0-99) lets only the 1,000 lines that join leave the scan.
            assertThat(rowsOut(profile, "Scan ex.l")).isEqualTo(1000);
            assertThat(rowsOut(profile, "Scan ex.o")).isEqualTo(100);
            assertThat(rowsOut(profile, "HashJoin(INNER")).isEqualTo(joinedRows(s));
            assertThat(rowsOut(profile, "HashAggregate(FINAL)")).isEqualTo(5);
            assertThat(String.join("\n", profile)).contains("to sink 5 rows").contains("self cpu")
                    .contains("peak memory").contains("drivers 2");
        }
    }

    @Test
    void enableProfileKeepsTheProfileForShowQueryProfile() throws Exception {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute("SET enable_profile = true");
            s.execute("SET broadcast_row_count_limit = 1000000");
            int rows = 0;
            try (ResultSet rs = s.executeQuery(QUERY)) {
                while (rs.next()) {
                    rows++;
                }
            }
            assertThat(rows).isEqualTo(5);
            String id;
            try (ResultSet rs = s.executeQuery("SHOW QUERY PROFILE \"/\"")) {
                assertThat(rs.getMetaData().getColumnLabel(1)).isEqualTo("QueryId");
                assertThat(rs.next()).isTrue();
                id = rs.getString("QueryId");
                assertThat(rs.getString("SQL")).isEqualTo(QUERY);
                assertThat(rs.getString("QueryState")).isEqualTo("EOF");
                assertThat(rs.getString("DefaultDb")).isEqualTo("ex");
            }
            List<String> profile = column(s, "SHOW QUERY PROFILE \"/" + id + "\"", "Profile");
            assertThat(profile.getFirst()).isEqualTo("Query ID: " + id);
            assertThat(rowsOut(profile, "Scan ex.l")).isEqualTo(1000);
            assertThat(rowsOut(profile, "HashAggregate(FINAL)")).isEqualTo(5);

            s.execute("SET enable_profile = false");
            s.executeQuery("SELECT count(*) FROM o").close();
            try (ResultSet rs = s.executeQuery("SHOW QUERY PROFILE")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString("QueryId")).as("an unprofiled query keeps no profile").isEqualTo(id);
            }
            assertThatThrownBy(() -> s.executeQuery("SHOW QUERY PROFILE \"/no-such-query\""))
                    .isInstanceOf(SQLException.class).hasMessageContaining("no-such-query has no profile");
        }
    }

    @Test
    void mysqlCliPrintsThePlan() throws Exception {
        Process process = new ProcessBuilder("mysql", "-h127.0.0.1", "-P" + server.port(), "-uroot", "--batch",
                "--skip-ssl", "ex").redirectErrorStream(true).start();
        process.getOutputStream().write(("EXPLAIN " + QUERY + ";\n").getBytes(StandardCharsets.UTF_8));
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(output).isZero();
        assertThat(output).startsWith("Explain String\nPIPELINE 0: result").contains("Scan ex.o");
    }

    private static long joinedRows(Statement s) throws SQLException {
        try (ResultSet rs = s.executeQuery("SELECT count(*) FROM l JOIN o ON l.oid = o.id")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getLong(1)).isEqualTo(1000);
            return rs.getLong(1);
        }
    }

    /** The "rows out" counted for the first operator whose line starts with {@code label}. */
    private static long rowsOut(List<String> lines, String label) {
        for (int i = 0; i < lines.size() - 1; i++) {
            if (lines.get(i).trim().startsWith(label)) {
                Matcher m = Pattern.compile("rows out (\\d+)").matcher(lines.get(i + 1));
                assertThat(m.find()).as("counters under " + lines.get(i)).isTrue();
                return Long.parseLong(m.group(1));
            }
        }
        throw new AssertionError("no operator " + label + " in\n" + String.join("\n", lines));
    }
}
