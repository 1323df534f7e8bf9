package io.shoaldb.testing.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.testing.TestServer;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server's {@code mem_limit} bounds loads and queries together: a query that would take the server past it is
 * cancelled with Doris's process-memory error while its own {@code exec_mem_limit} is far away, loads go on, and the
 * memory is given back.
 */
class ServerMemoryTest {
    private static final long MEM_LIMIT = 8L << 20;
    /** Four million groups: a hash table far over 8 MB, far under the default exec_mem_limit of 2 GB. */
    private static final String FOUR_MILLION_GROUPS = "SELECT a.k * 2000 + b.k AS g, count(*) FROM t a, t b GROUP BY g";

    @TempDir
    Path dir;
    private TestServer server;

    @BeforeEach
    void start() throws Exception {
        server = TestServer.start(dir, Map.of("mem_limit", "8M", "storage_page_cache_limit", "0"));
        try (Connection c = server.connect(); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE d");
            s.execute("CREATE TABLE d.t (k INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1");
            String values = IntStream.range(0, 2000).mapToObj(i -> "(" + i + ")").collect(Collectors.joining(","));
            s.execute("INSERT INTO d.t VALUES " + values);
        }
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private static long longValue(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            assertThat(rs.next()).isTrue();
            return rs.getLong(1);
        }
    }

    @Test
    void aQueryThatWouldPassTheServersLimitIsCancelledAndLoadsGoOn() throws Exception {
        assertThat(server.metric("memory_limit_bytes")).isEqualTo(MEM_LIMIT);
        try (Connection c = server.connect(); Statement s = c.createStatement()) {
            s.execute("USE d");
            s.execute("SET enable_spill = false");
            assertThatThrownBy(() -> s.executeQuery(FOUR_MILLION_GROUPS))
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("[MEM_LIMIT_EXCEEDED] process memory not enough")
                    .hasMessageContaining("mem_limit of " + MEM_LIMIT + " bytes")
                    .satisfies(e -> assertThat(((SQLException) e).getErrorCode()).isEqualTo(1105));
            assertThat(server.metric("memory_queries_bytes")).isZero();

            s.execute("SET group_commit = sync_mode");
            s.execute("INSERT INTO t VALUES (2000), (2001)");
            assertThat(longValue(s, "SELECT count(*) FROM (SELECT k, count(*) FROM t GROUP BY k) g")).isEqualTo(2002);
        }
    }
}
