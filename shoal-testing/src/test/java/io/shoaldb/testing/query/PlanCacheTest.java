package io.shoaldb.testing.query;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.testing.TestServer;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Date;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The plan cache over Connector/J: a SELECT repeated with other literal values is answered from one cached plan
 * (plan_cache_hits in /metrics) with the answers of those values; literals that shape the plan (LIMIT, literal
 * types, IN-list lengths) get plans of their own; DDL makes cached plans stale; server-side prepared SELECTs bind
 * parameters of every type into a cached plan.
 */
class PlanCacheTest {
    private static final String TABLE = "CREATE TABLE t (k INT NOT NULL, v BIGINT, d DECIMAL(10,2), s VARCHAR(20), "
            + "dt DATE, f DOUBLE) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1";
    private static final String ROWS = "INSERT INTO t VALUES (1, 10, 1.50, 'apple', '2024-01-01', 0.5), "
            + "(2, 20, 2.25, 'banana', '2024-02-01', 1.5), (3, 30, 3.75, 'cherry', '2024-03-01', 2.5)";

    @TempDir
    Path dir;

    @Test
    void newLiteralValuesReuseThePlanWithTheirOwnAnswers() throws Exception {
        try (TestServer server = TestServer.start(dir); Connection c = connect(server, "");
                Statement s = c.createStatement()) {
            setUp(s);
            assertThat(single(s, "SELECT sum(v) FROM t WHERE k > 1")).isEqualTo("50");
            long hits = hits(server);
            assertThat(single(s, "SELECT sum(v) FROM t WHERE k > 1")).isEqualTo("50");
            assertThat(single(s, "SELECT sum(v) FROM t WHERE k > 2")).isEqualTo("30");
            assertThat(single(s, "SELECT sum(v) FROM t WHERE k > 0")).isEqualTo("60");
            assertThat(single(s, "SELECT sum(v) FROM t WHERE k > 3")).isNull();
            assertThat(hits(server) - hits).isEqualTo(4);
            // Strings, BETWEEN and IN lists are parameters too.
            assertThat(single(s, "SELECT count(*) FROM t WHERE s = 'apple'")).isEqualTo("1");
            assertThat(single(s, "SELECT count(*) FROM t WHERE s = 'berry'")).isEqualTo("0");
            assertThat(single(s, "SELECT count(*) FROM t WHERE s = 'cherry' OR s = 'apple'")).isEqualTo("2");
            assertThat(single(s, "SELECT sum(v) FROM t WHERE k BETWEEN 1 AND 2")).isEqualTo("30");
            assertThat(single(s, "SELECT sum(v) FROM t WHERE k BETWEEN 2 AND 3")).isEqualTo("50");
            assertThat(single(s, "SELECT sum(v) FROM t WHERE k IN (1, 3)")).isEqualTo("40");
            assertThat(single(s, "SELECT sum(v) FROM t WHERE k IN (2, 3)")).isEqualTo("50");
            assertThat(single(s, "SELECT sum(v) FROM t WHERE k IN (1, 2, 3)")).isEqualTo("60");
            assertThat(single(s, "SELECT sum(v) FROM t WHERE d >= 2.25")).isEqualTo("50");
            assertThat(single(s, "SELECT sum(v) FROM t WHERE d >= 3.00")).isEqualTo("30");
        }
    }

    @Test
    void queriesWithLeadingCommentsAndWithClausesAreCached() throws Exception {
        try (TestServer server = TestServer.start(dir); Connection c = connect(server, "");
                Statement s = c.createStatement()) {
            setUp(s);
            String commented = "-- report 7: totals\n/* tagged */ # more\nSELECT sum(v) FROM t WHERE k > %d";
            String with = "-- report 8\nWITH big AS (SELECT k, v FROM t WHERE k > %d) SELECT sum(v) FROM big";
            assertThat(single(s, commented.formatted(1))).isEqualTo("50");
            assertThat(single(s, with.formatted(1))).isEqualTo("50");
            long hits = hits(server);
            assertThat(single(s, commented.formatted(2))).isEqualTo("30");
            assertThat(single(s, with.formatted(2))).isEqualTo("30");
            assertThat(single(s, with.formatted(0))).isEqualTo("60");
            assertThat(hits(server) - hits).isEqualTo(3);
        }
    }

    @Test
    void literalsThatShapeThePlanAreKeptApart() throws Exception {
        try (TestServer server = TestServer.start(dir); Connection c = connect(server, "");
                Statement s = c.createStatement()) {
            setUp(s);
            // An INT literal and a DECIMAL one compare differently with an INT column.
            assertThat(single(s, "SELECT sum(v) FROM t WHERE k > 1")).isEqualTo("50");
            assertThat(single(s, "SELECT sum(v) FROM t WHERE k > 1.5")).isEqualTo("50");
            assertThat(single(s, "SELECT sum(v) FROM t WHERE k > 2.5")).isEqualTo("30");
            assertThat(single(s, "SELECT sum(v) FROM t WHERE k = 2.0")).isEqualTo("20");
            assertThat(single(s, "SELECT sum(v) FROM t WHERE k = 2.5")).isNull();
            assertThat(rows(s, "SELECT k FROM t ORDER BY k LIMIT 1")).containsExactly("1");
            assertThat(rows(s, "SELECT k FROM t ORDER BY k LIMIT 2")).containsExactly("1", "2");
            assertThat(rows(s, "SELECT k FROM t ORDER BY k LIMIT 1 OFFSET 2")).containsExactly("3");
            // A select-list literal is part of the answer, not a parameter.
            assertThat(rows(s, "SELECT k + 1 FROM t WHERE k = 1")).containsExactly("2");
            assertThat(rows(s, "SELECT k + 5 FROM t WHERE k = 1")).containsExactly("6");
            assertThat(rows(s, "SELECT k FROM t WHERE k > 1 ORDER BY 1")).containsExactly("2", "3");
            assertThat(rows(s, "SELECT k FROM t WHERE dt > DATE '2024-01-15' ORDER BY k")).containsExactly("2", "3");
            assertThat(rows(s, "SELECT k FROM t WHERE dt > DATE '2024-02-15' ORDER BY k")).containsExactly("3");
            assertThat(rows(s, "SELECT k FROM t WHERE s LIKE 'b%'")).containsExactly("2");
            assertThat(rows(s, "SELECT k FROM t WHERE s LIKE 'c%'")).containsExactly("3");
            assertThat(rows(s, "SELECT k FROM t WHERE s = 'it''s' OR k = 1")).containsExactly("1");
        }
    }

    @Test
    void queriesReadingTheClockAreNotCached() throws Exception {
        try (TestServer server = TestServer.start(dir); Connection c = connect(server, "");
                Statement s = c.createStatement()) {
            setUp(s);
            long hits = hits(server);
            for (String sql : List.of("SELECT count(*) FROM t WHERE dt < now() AND k > 1",
                    "SELECT count(*) FROM t WHERE dt < CURRENT_DATE AND k > 1", "SELECT k, now() FROM t WHERE k = 1")) {
                s.executeQuery(sql).close();
                s.executeQuery(sql).close();
            }
            assertThat(hits(server)).isEqualTo(hits);
        }
    }

    @Test
    void ddlMakesCachedPlansStale() throws Exception {
        try (TestServer server = TestServer.start(dir); Connection c = connect(server, "");
                Statement s = c.createStatement()) {
            setUp(s);
            assertThat(single(s, "SELECT sum(v) FROM t WHERE k > 1")).isEqualTo("50");
            assertThat(rows(s, "SELECT * FROM t WHERE k = 1")).containsExactly("1");
            s.execute("ALTER TABLE t ADD COLUMN extra INT DEFAULT \"7\"");
            try (ResultSet rs = s.executeQuery("SELECT * FROM t WHERE k = 1")) {
                assertThat(rs.getMetaData().getColumnCount()).isEqualTo(7);
            }
            s.execute("DROP TABLE t");
            s.execute("CREATE TABLE t (k INT NOT NULL, v BIGINT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1");
            s.execute("INSERT INTO t VALUES (2, 1000), (5, 2000)");
            assertThat(single(s, "SELECT sum(v) FROM t WHERE k > 1")).isEqualTo("3000");
            s.execute("DROP TABLE t");
            try {
                s.executeQuery("SELECT sum(v) FROM t WHERE k > 1");
                throw new AssertionError("a dropped table was read");
            } catch (SQLException expected) {
                assertThat(expected.getErrorCode()).isEqualTo(1146);
            }
        }
    }

    @Test
    void preparedSelectsBindParametersOfEveryType() throws Exception {
        try (TestServer server = TestServer.start(dir); Connection c = connect(server, "useServerPrepStmts=true");
                Statement s = c.createStatement()) {
            setUp(s);
            try (PreparedStatement p = c.prepareStatement("SELECT sum(v) FROM t WHERE k > ?")) {
                long hits = hits(server);
                for (int k = 0; k <= 3; k++) {
                    p.setInt(1, k);
                    assertThat(single(p)).isEqualTo(new String[] {"60", "50", "30", null}[k]);
                }
                assertThat(hits(server) - hits).isGreaterThanOrEqualTo(3);
            }
            try (PreparedStatement p = c.prepareStatement("SELECT k FROM t WHERE v = ?")) {
                p.setLong(1, 20L);
                assertThat(single(p)).isEqualTo("2");
                p.setLong(1, 30L);
                assertThat(single(p)).isEqualTo("3");
            }
            try (PreparedStatement p = c.prepareStatement("SELECT k FROM t WHERE d = ?")) {
                p.setBigDecimal(1, new BigDecimal("2.25"));
                assertThat(single(p)).isEqualTo("2");
                p.setBigDecimal(1, new BigDecimal("3.75"));
                assertThat(single(p)).isEqualTo("3");
            }
            try (PreparedStatement p = c.prepareStatement("SELECT k FROM t WHERE s = ?")) {
                p.setString(1, "banana");
                assertThat(single(p)).isEqualTo("2");
                p.setString(1, "cherry");
                assertThat(single(p)).isEqualTo("3");
                p.setString(1, "it's");
                assertThat(single(p)).isNull();
            }
            try (PreparedStatement p = c.prepareStatement("SELECT k FROM t WHERE dt = ?")) {
                p.setDate(1, Date.valueOf("2024-02-01"));
                assertThat(single(p)).isEqualTo("2");
                p.setDate(1, Date.valueOf("2024-03-01"));
                assertThat(single(p)).isEqualTo("3");
            }
            try (PreparedStatement p = c.prepareStatement("SELECT k FROM t WHERE f < ? ORDER BY k DESC LIMIT 1")) {
                p.setDouble(1, 1.0);
                assertThat(single(p)).isEqualTo("1");
                p.setDouble(1, 2.0);
                assertThat(single(p)).isEqualTo("2");
            }
        }
    }

    @Test
    void aZeroSizeTurnsTheCacheOff() throws Exception {
        try (TestServer server = TestServer.start(dir, Map.of("plan_cache_size", "0"));
                Connection c = connect(server, ""); Statement s = c.createStatement()) {
            setUp(s);
            assertThat(single(s, "SELECT sum(v) FROM t WHERE k > 1")).isEqualTo("50");
            assertThat(single(s, "SELECT sum(v) FROM t WHERE k > 1")).isEqualTo("50");
            assertThat(hits(server)).isZero();
        }
    }

    private static void setUp(Statement s) throws SQLException {
        s.execute("CREATE DATABASE db");
        s.execute("USE db");
        s.execute(TABLE);
        s.execute(ROWS);
    }

    private static Connection connect(TestServer server, String params) throws SQLException {
        return DriverManager.getConnection(server.jdbcUrl("", params), "root", "");
    }

    private static String single(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            assertThat(rs.next()).isTrue();
            String value = rs.getString(1);
            assertThat(rs.next()).isFalse();
            return value;
        }
    }

    private static String single(PreparedStatement p) throws SQLException {
        try (ResultSet rs = p.executeQuery()) {
            if (!rs.next()) {
                return null;
            }
            String value = rs.getString(1);
            assertThat(rs.next()).isFalse();
            return value;
        }
    }

    private static List<String> rows(Statement s, String sql) throws SQLException {
        List<String> out = new ArrayList<>();
        try (ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        }
        return out;
    }

    private static long hits(TestServer server) throws Exception {
        return (long) server.metric("plan_cache_hits_total");
    }
}
