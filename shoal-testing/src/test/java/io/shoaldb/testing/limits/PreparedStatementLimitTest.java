package io.shoaldb.testing.limits;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.testing.TestServer;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * MySQL's {@code max_prepared_stmt_count}: server-side prepared statements open in all sessions together are
 * bounded; one more is refused with error 1461, and closing statements (or their connection) frees places.
 */
class PreparedStatementLimitTest {
    /** Server-side statements, and no silent fallback to client-side ones when the server refuses a prepare. */
    private static final String SERVER_SIDE = "useServerPrepStmts=true&emulateUnsupportedPstmts=false";

    @TempDir
    Path dir;

    @Test
    void preparesBeyondTheLimitAreRefusedWith1461UntilStatementsClose() throws Exception {
        try (TestServer server = TestServer.start(dir);
                Connection admin = server.connect();
                Statement s = admin.createStatement()) {
            s.execute("SET GLOBAL max_prepared_stmt_count = 3");
            try (ResultSet rs = s.executeQuery("SHOW VARIABLES LIKE 'max_prepared_stmt_count'")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString(2)).isEqualTo("3");
            }
            Connection first = DriverManager.getConnection(server.jdbcUrl("", SERVER_SIDE), "root", "");
            List<PreparedStatement> open = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                open.add(first.prepareStatement("SELECT ? + " + i));
            }
            assertThatThrownBy(() -> first.prepareStatement("SELECT ? + 3"))
                    .isInstanceOfSatisfying(SQLException.class, e -> {
                        assertThat(e.getErrorCode()).isEqualTo(1461);
                        assertThat(e.getSQLState()).isEqualTo("42000");
                        assertThat(e.getMessage()).isEqualTo(
                                "Can't create more than max_prepared_stmt_count statements (current value: 3)");
                    });
            // the limit is over all sessions, as in MySQL
            try (Connection second = DriverManager.getConnection(server.jdbcUrl("", SERVER_SIDE), "root", "")) {
                assertThatThrownBy(() -> second.prepareStatement("SELECT ?"))
                        .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1461));
                open.removeFirst().close(); // COM_STMT_CLOSE frees a place
                // COM_STMT_CLOSE has no reply; a round trip on the same connection orders it before the next prepare
                try (Statement sync = first.createStatement()) {
                    sync.execute("SELECT 1");
                }
                try (PreparedStatement p = second.prepareStatement("SELECT ? * 2")) {
                    p.setInt(1, 21);
                    try (ResultSet rs = p.executeQuery()) {
                        assertThat(rs.next()).isTrue();
                        assertThat(rs.getLong(1)).isEqualTo(42);
                    }
                }
            }
            // a closed connection gives back all of its statements (its session closes after the socket does)
            first.close();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            List<PreparedStatement> again = new ArrayList<>();
            try (Connection third = DriverManager.getConnection(server.jdbcUrl("", SERVER_SIDE), "root", "")) {
                while (again.size() < 3) {
                    try {
                        again.add(third.prepareStatement("SELECT ? + " + again.size()));
                    } catch (SQLException e) {
                        assertThat(e.getErrorCode()).isEqualTo(1461);
                        assertThat(System.nanoTime()).as("places freed by the closed connection").isLessThan(deadline);
                        Thread.onSpinWait();
                    }
                }
                assertThat(again).hasSize(3);
            }
        }
    }

    @Test
    void connectorJsDefaultFallsBackToClientSideStatementsAtTheLimit() throws Exception {
        try (TestServer server = TestServer.start(dir);
                Connection admin = server.connect();
                Statement s = admin.createStatement()) {
            s.execute("SET GLOBAL max_prepared_stmt_count = 0");
            try (Connection c = DriverManager.getConnection(server.jdbcUrl("", "useServerPrepStmts=true"), "root", "");
                    PreparedStatement p = c.prepareStatement("SELECT ? + 1")) {
                p.setInt(1, 41);
                try (ResultSet rs = p.executeQuery()) {
                    assertThat(rs.next()).isTrue();
                    assertThat(rs.getLong(1)).isEqualTo(42);
                }
            }
        }
    }
}
