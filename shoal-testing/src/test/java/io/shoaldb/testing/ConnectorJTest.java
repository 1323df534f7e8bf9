package io.shoaldb.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.ResultSetMetaData;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** MySQL Connector/J against the real server, with the seed's URL flags. */
class ConnectorJTest {
    @TempDir
    static Path dir;
    static TestServer server;

    @BeforeAll
    static void start() throws Exception {
        server = TestServer.start(dir);
        try (Connection c = server.connect(); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE IF NOT EXISTS db");
        }
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static Connection seedConnection() throws SQLException {
        return DriverManager.getConnection(server.jdbcUrl("db", SeedStatements.SEED_URL_PARAMS), "root", "");
    }

    @Test
    void seedUrlConnectsAndSessionVariablesReachTheSession() throws SQLException {
        try (Connection c = seedConnection(); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT @@group_commit, DATABASE()")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getString(1)).isEqualTo("async_mode");
            assertThat(rs.getString(2)).isEqualTo("db");
        }
    }

    /**
     * A SELECT of session variables is parsed on its first run; once its tree is shared, the event loop that reads
     * it answers it at once. The client cannot tell the two apart: same values, labels, types and errors, and
     * what a statement on the session's own thread changed is what the next one on the loop reads.
     */
    @Test
    void sessionSelectsAnswerAlikeParsedAndAnsweredAtOnce() throws SQLException {
        String sql = "SELECT @@session.transaction_read_only, @@autocommit AS ac, DATABASE(), CONNECTION_ID(),"
                + " CONCAT(USER(), '!')";
        try (Connection c = seedConnection(); Statement s = c.createStatement()) {
            List<String> first = describe(s, sql);
            assertThat(first.getFirst()).isEqualTo("@@session.transaction_read_only BIGINT -5 java.lang.Long 0");
            for (int i = 0; i < 3; i++) {
                assertThat(describe(s, sql)).isEqualTo(first);
            }
            for (int i = 0; i < 2; i++) {
                assertThatThrownBy(() -> s.executeQuery("SELECT @@no_such_variable"))
                        .isInstanceOfSatisfying(SQLException.class, e -> {
                            assertThat(e.getErrorCode()).isEqualTo(1193);
                            assertThat(e.getMessage()).isEqualTo("Unknown system variable 'no_such_variable'");
                        });
            }
            s.execute("SET autocommit = 0");
            assertThat(describe(s, sql).get(1)).isEqualTo("ac BIGINT -5 java.lang.Long 0");
            s.execute("SET autocommit = 1");
            assertThat(describe(s, sql)).isEqualTo(first);
        }
    }

    /** Each column of the statement's one row: label, type name, JDBC type, Java class and value. */
    private static List<String> describe(Statement s, String sql) throws SQLException {
        List<String> columns = new ArrayList<>();
        try (ResultSet rs = s.executeQuery(sql)) {
            assertThat(rs.next()).isTrue();
            ResultSetMetaData meta = rs.getMetaData();
            for (int i = 1; i <= meta.getColumnCount(); i++) {
                columns.add(meta.getColumnLabel(i) + " " + meta.getColumnTypeName(i) + " " + meta.getColumnType(i)
                        + " " + meta.getColumnClassName(i) + " " + rs.getObject(i));
            }
            assertThat(rs.next()).isFalse();
        }
        return columns;
    }

    @Test
    void seedDdlRunsUnchangedAndShowCreateTableMatchesTheSeed() throws SQLException {
        try (Connection c = seedConnection(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS dt");
            s.execute(SeedStatements.CREATE_DT);
            s.execute(SeedStatements.CREATE_LINEITEM);
            try (ResultSet rs = s.executeQuery("SHOW CREATE TABLE dt")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString(1)).isEqualTo("dt");
                assertThat(rs.getString(2)).isEqualTo(SeedStatements.SHOW_CREATE_DT);
            }
        }
    }

    @Test
    void showCreateTableOutputCreatesAnEqualTable() throws SQLException {
        try (Connection c = seedConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE IF NOT EXISTS copies");
            s.execute(SeedStatements.CREATE_LINEITEM);
            s.execute("""
                    CREATE TABLE IF NOT EXISTS agg (
                      k1 INT NOT NULL COMMENT 'the key',
                      k2 VARCHAR(20) NOT NULL,
                      v1 BIGINT SUM DEFAULT "0",
                      v2 DATETIME(3) REPLACE NULL,
                      v3 DECIMAL(20,4) MAX NULL
                    ) AGGREGATE KEY(k1, k2) COMMENT 'totals'
                    DISTRIBUTED BY HASH(k1) BUCKETS AUTO
                    PROPERTIES ("group_commit_interval_ms" = "2000")""");
            for (String table : new String[] {"lineitem", "agg"}) {
                String original = showCreate(s, "db", table);
                s.execute("USE copies");
                s.execute(original);
                assertThat(showCreate(s, "copies", table)).isEqualTo(original);
                s.execute("USE db");
            }
        }
    }

    private static String showCreate(Statement s, String db, String table) throws SQLException {
        try (ResultSet rs = s.executeQuery("SHOW CREATE TABLE " + db + "." + table)) {
            assertThat(rs.next()).isTrue();
            return rs.getString(2);
        }
    }

    @Test
    void serverSidePreparedStatementsBindEveryParameterType() throws SQLException {
        try (Connection c = seedConnection();
                PreparedStatement ps = c.prepareStatement("SELECT ?, ?, ?, ?, ?")) {
            ps.setLong(1, 42);
            ps.setString(2, "it's \\ ok");
            ps.setBigDecimal(3, new java.math.BigDecimal("12.50"));
            ps.setNull(4, java.sql.Types.INTEGER);
            ps.setDouble(5, 1.5);
            try (ResultSet rs = ps.executeQuery()) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getLong(1)).isEqualTo(42);
                assertThat(rs.getString(2)).isEqualTo("it's \\ ok");
                assertThat(rs.getBigDecimal(3)).isEqualByComparingTo("12.50");
                assertThat(rs.getObject(4)).isNull();
                assertThat(rs.getDouble(5)).isEqualTo(1.5);
            }
        }
    }

    @Test
    void aNullParameterOfAPreparedSelectComparesAsNullAndRebindsLater() throws SQLException {
        try (Connection c = seedConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS nullable_keys (k INT NULL, v VARCHAR(10) NULL) "
                    + "DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1");
            s.execute("SET group_commit = off_mode");
            s.execute("INSERT INTO nullable_keys VALUES (1, 'one'), (NULL, 'none')");
            try (PreparedStatement ps = c.prepareStatement("SELECT count(*) FROM nullable_keys WHERE k = ? OR v = ?")) {
                ps.setNull(1, java.sql.Types.INTEGER);
                ps.setNull(2, java.sql.Types.VARCHAR);
                assertThat(count(ps)).isZero();
                ps.setInt(1, 1);
                ps.setString(2, "none");
                assertThat(count(ps)).isEqualTo(2);
                ps.setNull(1, java.sql.Types.INTEGER);
                assertThat(count(ps)).isEqualTo(1);
            }
        }
    }

    private static long count(PreparedStatement ps) throws SQLException {
        try (ResultSet rs = ps.executeQuery()) {
            assertThat(rs.next()).isTrue();
            return rs.getLong(1);
        }
    }

    @Test
    void errorsCarryMysqlNumbersAndSqlStates() throws SQLException {
        try (Connection c = seedConnection(); Statement s = c.createStatement()) {
            assertThatThrownBy(() -> s.execute("SELEC 1"))
                    .isInstanceOfSatisfying(SQLException.class, e -> {
                        assertThat(e.getErrorCode()).isEqualTo(1064);
                        assertThat(e.getSQLState()).isEqualTo("42000");
                        assertThat(e.getMessage()).contains("line 1");
                    });
            assertThatThrownBy(() -> s.execute("USE nosuch"))
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1049));
            // The connection survives errors.
            try (ResultSet rs = s.executeQuery("SELECT 1")) {
                assertThat(rs.next()).isTrue();
            }
        }
    }

    @Test
    void wrongPasswordIsRefusedWith1045() throws Exception {
        try (TestServer secured = TestServer.start(dir.resolve("secured"), Map.of("root_password", "s3cret"))) {
            assertThatThrownBy(() -> DriverManager.getConnection(secured.jdbcUrl("", ""), "root", "wrong"))
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1045));
            assertThatThrownBy(() -> DriverManager.getConnection(secured.jdbcUrl("", ""), "root", ""))
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1045));
            try (Connection c = DriverManager.getConnection(secured.jdbcUrl("", ""), "root", "s3cret");
                    Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT CURRENT_USER()")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString(1)).isEqualTo("'root'@'%'");
            }
        }
    }

    @Test
    void connectingToAnUnknownDatabaseFailsWith1049() {
        assertThatThrownBy(() -> DriverManager.getConnection(server.jdbcUrl("nosuch", ""), "root", ""))
                .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1049));
    }
}
