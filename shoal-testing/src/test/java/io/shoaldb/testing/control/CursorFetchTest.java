package io.shoaldb.testing.control;

import static org.assertj.core.api.Assertions.assertThat;

import com.mysql.cj.jdbc.result.ResultSetImpl;
import com.mysql.cj.protocol.a.result.ResultsetRowsCursor;
import io.shoaldb.testing.TestServer;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Cursor fetch (COM_STMT_EXECUTE with a cursor flag, then COM_STMT_FETCH), as Connector/J does with
 * {@code useCursorFetch=true} and a fetch size: a client reads a large result in pieces.
 */
class CursorFetchTest {
    private static final int ROWS = 20_000;

    @TempDir
    Path dir;

    private TestServer server;

    @BeforeEach
    void start() throws Exception {
        server = TestServer.start(dir);
        try (Connection c = server.connect(); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE d");
            s.execute("CREATE TABLE d.t (k INT, v VARCHAR(20)) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 4");
            String values = IntStream.range(0, ROWS).mapToObj(i -> "(" + i + ",'v" + i + "')")
                    .collect(Collectors.joining(","));
            s.execute("INSERT INTO d.t VALUES " + values);
        }
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private Connection cursorConnection() throws Exception {
        return DriverManager.getConnection(server.jdbcUrl("d", "useServerPrepStmts=true&useCursorFetch=true"),
                "root", "");
    }

    @Test
    void aLargeResultIsReadInPiecesAndCompletely() throws Exception {
        try (Connection c = cursorConnection();
                PreparedStatement ps = c.prepareStatement("SELECT k, v FROM t WHERE k >= ? ORDER BY k")) {
            ps.setFetchSize(1000);
            ps.setInt(1, 10);
            try (ResultSet rs = ps.executeQuery()) {
                assertThat(rs.unwrap(ResultSetImpl.class).getRows()).isInstanceOf(ResultsetRowsCursor.class);
                long count = 0;
                long sum = 0;
                int previous = -1;
                while (rs.next()) {
                    int k = rs.getInt(1);
                    assertThat(k).isGreaterThan(previous);
                    assertThat(rs.getString(2)).isEqualTo("v" + k);
                    previous = k;
                    count++;
                    sum += k;
                }
                assertThat(count).isEqualTo(ROWS - 10);
                assertThat(sum).isEqualTo((long) ROWS * (ROWS - 1) / 2 - 45);
            }
            // The statement runs again with a new cursor; closing one early (after a piece) is fine too.
            ps.setInt(1, ROWS - 5);
            try (ResultSet rs = ps.executeQuery()) {
                int n = 0;
                while (rs.next()) {
                    n++;
                }
                assertThat(n).isEqualTo(5);
            }
            ps.setInt(1, 0);
            try (ResultSet rs = ps.executeQuery()) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getInt(1)).isZero();
            }
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT count(*) FROM t")) {
                rs.next();
                assertThat(rs.getLong(1)).isEqualTo(ROWS);
            }
        }
    }

    @Test
    void anEmptyResultAndAStatementWithoutRowsWorkWithCursors() throws Exception {
        try (Connection c = cursorConnection()) {
            try (PreparedStatement ps = c.prepareStatement("SELECT k FROM t WHERE k < ?")) {
                ps.setFetchSize(10);
                ps.setInt(1, 0);
                try (ResultSet rs = ps.executeQuery()) {
                    assertThat(rs.next()).isFalse();
                }
            }
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO t VALUES (?, 'x')")) {
                ps.setFetchSize(10);
                ps.setInt(1, -1);
                assertThat(ps.executeUpdate()).isEqualTo(1);
            }
        }
    }
}
