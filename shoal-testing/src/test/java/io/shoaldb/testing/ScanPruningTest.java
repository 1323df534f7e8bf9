package io.shoaldb.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Scans skip what zone maps rule out - by the query's own filter and by a join build's runtime filter - and
 * keep decoded pages in the page cache; the {@code /metrics} counters show it, and the answers stay right.
 * Table {@code f} holds four rowsets written as files (one segment each) of keys {@code [1000i, 1000i + 999]}.
 */
class ScanPruningTest {
    @TempDir
    Path dir;
    private TestServer server;
    private Connection connection;
    private Statement s;

    @BeforeEach
    void load() throws Exception {
        server = TestServer.start(dir, Map.of("inline_load_max_bytes", "0"));
        connection = server.connect();
        s = connection.createStatement();
        s.execute("CREATE DATABASE p");
        s.execute("USE p");
        s.execute("CREATE TABLE f (k INT NOT NULL, v BIGINT NOT NULL) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1");
        s.execute("CREATE TABLE d (dk INT NOT NULL, name VARCHAR(10) NOT NULL) DUPLICATE KEY(dk)"
                + " DISTRIBUTED BY HASH(dk) BUCKETS 1");
        for (int i = 0; i < 4; i++) {
            StringBuilder sql = new StringBuilder("INSERT INTO f VALUES ");
            for (int k = 1000 * i; k < 1000 * i + 1000; k++) {
                sql.append(k == 1000 * i ? "" : ",").append('(').append(k).append(',').append(2L * k).append(')');
            }
            s.execute(sql.toString());
        }
        s.execute("INSERT INTO d VALUES (1250, 'x'), (1260, 'x'), (3500, 'y')");
    }

    @AfterEach
    void stop() throws Exception {
        s.close();
        connection.close();
        server.close();
    }

    @Test
    void aRangeFilterReadsOnlyTheSegmentThatCanMatch() throws Exception {
        Map<String, Double> before = metrics();
        assertThat(longs("SELECT count(*), sum(v) FROM f WHERE k BETWEEN 1200 AND 1300")).containsExactly(101, 2 * 126250);
        Map<String, Double> after = metrics();
        assertThat(delta(before, after, "scan_segments_skipped_total")).isEqualTo(3);
        assertThat(delta(before, after, "scan_pages_read_total")).isEqualTo(1);
    }

    @Test
    void anInListSkipsSegmentsHoldingNoneOfItsValues() throws Exception {
        Map<String, Double> before = metrics();
        assertThat(longs("SELECT count(*) FROM f WHERE k IN (5, 3999)")).containsExactly(2);
        assertThat(delta(before, metrics(), "scan_segments_skipped_total")).isEqualTo(2);
    }

    @Test
    void aJoinBuildFiltersTheProbeScanAtRunTime() throws Exception {
        Map<String, Double> before = metrics();
        assertThat(longs("SELECT count(*), sum(f.v) FROM f JOIN d ON f.k = d.dk WHERE d.name = 'x'"))
                .containsExactly(2, 2 * (1250 + 1260));
        Map<String, Double> after = metrics();
        // d's build keys (1250, 1260) rule out three of f's four segments; d itself has one segment.
        assertThat(delta(before, after, "scan_segments_skipped_total")).isEqualTo(3);
        assertThat(longs("SELECT count(*) FROM f JOIN d ON f.k = d.dk")).containsExactly(3);
        assertThat(longs("SELECT count(*) FROM f LEFT JOIN d ON f.k = d.dk")).containsExactly(4000);
    }

    @Test
    void aRepeatedScanTakesItsPagesFromThePageCache() throws Exception {
        long[] first = longs("SELECT count(*), sum(v) FROM f");
        Map<String, Double> before = metrics();
        assertThat(longs("SELECT count(*), sum(v) FROM f")).containsExactly(first);
        Map<String, Double> after = metrics();
        assertThat(first).containsExactly(4000, 2L * (3999L * 4000 / 2));
        // footer + one page of v per segment
        assertThat(delta(before, after, "storage_page_cache_hit_total")).isEqualTo(8);
        assertThat(delta(before, after, "storage_page_cache_miss_total")).isZero();
        assertThat(after.get("storage_page_cache_bytes")).isPositive();
    }

    private long[] longs(String sql) throws SQLException {
        return SingleRow.longs(s, sql);
    }

    private static double delta(Map<String, Double> before, Map<String, Double> after, String name) {
        assertThat(after).containsKey(name);
        return after.get(name) - before.getOrDefault(name, 0.0);
    }

    private Map<String, Double> metrics() throws Exception {
        Map<String, Double> out = new HashMap<>();
        Matcher m = Pattern.compile("(?m)^((?:scan|storage_page_cache)_[a-z_]+)(?:\\{[^}]*\\})? (\\S+)$").matcher(server.metrics());
        while (m.find()) {
            out.put(m.group(1), Double.parseDouble(m.group(2)));
        }
        return out;
    }
}
