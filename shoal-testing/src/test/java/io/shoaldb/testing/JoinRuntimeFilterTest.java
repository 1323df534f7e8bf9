package io.shoaldb.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Join builds with more distinct keys than an IN list holds still filter the probe scan exactly (a bitmap over the
 * keys' range), and colocated and partitioned joins publish runtime filters too. Orders {@code o} (20,000, every
 * other one flagged) and lines {@code l} (three per order) are bucketed alike on the order key; {@code b} holds the
 * orders again in another number of buckets, so a join with it cannot be colocated. EXPLAIN ANALYZE over the wire
 * shows the rows the line scan lets through.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class JoinRuntimeFilterTest {
    private static final String JOIN_O = "SELECT count(*), sum(qty) FROM l JOIN o ON lk = ok WHERE o.flag = 1";
    private static final String JOIN_B = "SELECT count(*), sum(qty) FROM l JOIN b ON lk = bk WHERE b.flag = 1";
    @TempDir
    static Path dir;
    private TestServer server;
    private Connection connection;
    private Statement s;

    @BeforeAll
    void load() throws Exception {
        server = TestServer.start(dir, Map.of());
        connection = server.connect();
        s = connection.createStatement();
        s.execute("CREATE DATABASE r");
        s.execute("USE r");
        s.execute("CREATE TABLE o (ok INT NOT NULL, flag INT NOT NULL) DUPLICATE KEY(ok) DISTRIBUTED BY HASH(ok) BUCKETS 4");
        s.execute("CREATE TABLE l (lk INT NOT NULL, qty INT NOT NULL) DUPLICATE KEY(lk) DISTRIBUTED BY HASH(lk) BUCKETS 4");
        s.execute("CREATE TABLE b (bk INT NOT NULL, flag INT NOT NULL) DUPLICATE KEY(bk) DISTRIBUTED BY HASH(bk) BUCKETS 3");
        StringBuilder sql = new StringBuilder("INSERT INTO o VALUES ");
        for (int k = 0; k < 20_000; k++) {
            sql.append(k == 0 ? "" : ",").append('(').append(3 * k + 1).append(',').append(k % 2).append(')');
        }
        s.execute(sql.toString());
        s.execute("INSERT INTO l SELECT ok, 1 FROM o UNION ALL SELECT ok, 2 FROM o UNION ALL SELECT ok, 3 FROM o");
        s.execute("INSERT INTO b SELECT ok, flag FROM o");
    }

    @AfterAll
    void stop() throws Exception {
        s.close();
        connection.close();
        server.close();
    }

    @Test
    void aColocatedJoinFiltersItsProbeScanByEveryBuildKey() throws Exception {
        assertTheScanPassesExactlyTheJoiningRows(JOIN_O, "HashJoin(INNER, COLOCATED)");
    }

    /**
     * A build that spills still filters the probe scan by every key, those written out to runs included: the spilling
     * build copies its keys (without them the scan passed all 60,000 lines).
     */
    @Test
    void aColocatedJoinWhoseBuildSpillsStillFiltersItsProbeScanByEveryBuildKey() throws Exception {
        s.execute("SET enable_force_spill = true");
        s.execute("SET min_revocable_mem = 16384");
        try {
            assertTheScanPassesExactlyTheJoiningRows(JOIN_O, "HashJoin(INNER, COLOCATED)");
            assertThat(longs("SELECT count(*) FROM l JOIN o ON lk = ok WHERE o.flag = 1 AND qty = 2"))
                    .containsExactly(10_000);
        } finally {
            s.execute("SET enable_force_spill = DEFAULT");
            s.execute("SET min_revocable_mem = DEFAULT");
        }
    }

    @Test
    void aBroadcastBuildOfManyKeysFiltersExactlyNotJustByItsRange() throws Exception {
        assertTheScanPassesExactlyTheJoiningRows(JOIN_B, "HashJoin(INNER, BROADCAST)");
    }

    /** 10,000 flagged orders: 30,000 of the 60,000 lines pass the scan, exactly those that join. */
    private void assertTheScanPassesExactlyTheJoiningRows(String query, String join) throws Exception {
        List<String> plan = explainAnalyze(query);
        assertThat(String.join("\n", plan)).contains(join);
        assertThat(scanRows(plan, "Scan r.l")).containsExactly(60_000L, 30_000L);
        assertThat(longs(query)).containsExactly(30_000, 60_000);
    }

    /**
     * TPC-H Q18's shape: the IN subquery's keys are compared with the orders side of a join of lines and orders; the
     * join makes that column equal to the line's key, so the line scan is filtered by the subquery's 33 keys.
     */
    @Test
    void aSemiJoinOnAnInnerJoinsBuildKeyFiltersTheScanOfItsProbeKey() throws Exception {
        String query = "SELECT count(*), sum(qty) FROM l JOIN o ON lk = ok"
                + " WHERE ok IN (SELECT lk FROM l GROUP BY lk HAVING max(qty) + lk < 103)";
        List<String> plan = explainAnalyze(query);
        String text = String.join("\n", plan);
        assertThat(text).contains("HashJoin(SEMI").contains("HashJoin(INNER");
        long[] rows = scanRows(plan, "Scan r.l");
        assertThat(rows[0]).as(text).isLessThanOrEqualTo(60_000L); // the keys' range also prunes pages
        assertThat(rows[1]).as(text).isEqualTo(99L);
        assertThat(longs(query)).containsExactly(99, 198);
    }

    @Test
    void aPartitionedJoinAnswersTheSameWithItsFilterOnTheScanBeforeTheExchange() throws Exception {
        s.execute("SET broadcast_row_count_limit = 0");
        try {
            List<String> plan = explainAnalyze(JOIN_B);
            assertThat(String.join("\n", plan)).contains("HashJoin(INNER, PARTITIONED)");
            long[] rows = scanRows(plan, "Scan r.l");
            assertThat(rows[0]).isEqualTo(60_000L);
            assertThat(rows[1]).isBetween(30_000L, 60_000L); // units opened before the build finished are not filtered
            assertThat(longs(JOIN_B)).containsExactly(30_000, 60_000);
            assertThat(longs("SELECT count(*) FROM l JOIN b ON lk = bk WHERE b.flag = 1 AND qty = 2"))
                    .containsExactly(10_000);
        } finally {
            s.execute("SET broadcast_row_count_limit = DEFAULT");
        }
    }

    private List<String> explainAnalyze(String query) throws SQLException {
        List<String> lines = new ArrayList<>();
        try (ResultSet rs = s.executeQuery("EXPLAIN ANALYZE " + query)) {
            while (rs.next()) {
                lines.add(rs.getString(1));
            }
        }
        return lines;
    }

    /** Rows read and rows out of the scan on the line starting with {@code scan} (its figures are on the next line). */
    private static long[] scanRows(List<String> plan, String scan) {
        for (int i = 0; i < plan.size() - 1; i++) {
            if (plan.get(i).strip().startsWith(scan)) {
                Matcher m = Pattern.compile("rows read (\\d+).*rows out (\\d+)").matcher(plan.get(i + 1));
                assertThat(m.find()).as(plan.get(i + 1)).isTrue();
                return new long[] {Long.parseLong(m.group(1)), Long.parseLong(m.group(2))};
            }
        }
        throw new AssertionError("no " + scan + " in\n" + String.join("\n", plan));
    }

    private long[] longs(String sql) throws SQLException {
        return SingleRow.longs(s, sql);
    }
}
