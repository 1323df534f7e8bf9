package io.shoaldb.protocol.mysql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Connection;
import java.sql.Date;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class ConnectorJTest {
    static ServerFixture fixture;

    @BeforeAll
    static void start() {
        fixture = new ServerFixture();
    }

    @AfterAll
    static void stop() {
        fixture.close();
        assertThat(fixture.sessions.callsOffVirtualThreads).isEmpty();
    }

    @Test
    void connectsAndQueries() throws SQLException {
        try (Connection c = fixture.connectorJ(); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT 1")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getInt(1)).isEqualTo(1);
            assertThat(c.getMetaData().getDatabaseProductVersion()).isEqualTo(TestSessions.VERSION);
        }
        assertThat(fixture.sessions.opened.getLast().initialDatabase()).isEqualTo("db");
        assertThat(fixture.sessions.opened.getLast().user()).isEqualTo("root");
    }

    @Test
    void textResultsRoundTripEveryType() throws SQLException {
        try (Connection c = fixture.connectorJ(); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT ALL_TYPES")) {
            assertAllTypes(rs);
        }
    }

    @Test
    void binaryResultsRoundTripEveryType() throws SQLException {
        try (Connection c = fixture.connectorJ();
                PreparedStatement ps = c.prepareStatement("SELECT ALL_TYPES WHERE ? = ?")) {
            ps.setInt(1, 1);
            ps.setInt(2, 1);
            try (ResultSet rs = ps.executeQuery()) {
                assertAllTypes(rs);
            }
        }
    }

    static void assertAllTypes(ResultSet rs) throws SQLException {
        assertThat(rs.next()).isTrue();
        assertThat(rs.getBoolean("c_boolean")).isTrue();
        assertThat(rs.getLong("c_tinyint")).isEqualTo(-128);
        assertThat(rs.getLong("c_smallint")).isEqualTo(-32768);
        assertThat(rs.getInt("c_int")).isEqualTo(Integer.MIN_VALUE);
        assertThat(rs.getLong("c_bigint")).isEqualTo(Long.MIN_VALUE);
        assertThat(rs.getBigDecimal("c_largeint").toBigInteger())
                .isEqualTo(new BigInteger("-170141183460469231731687303715884105728"));
        assertThat(rs.getString("c_largeint")).isEqualTo("-170141183460469231731687303715884105728");
        assertThat(rs.getFloat("c_float")).isEqualTo(0.1f);
        assertThat(rs.getDouble("c_double")).isEqualTo(0.1 + 0.2);
        assertThat(rs.getBigDecimal("c_decimal")).isEqualTo(new BigDecimal("-123456789012345678.123456789"));
        assertThat(rs.getDate("c_date").toLocalDate()).isEqualTo(LocalDate.of(2024, 2, 29));
        assertThat(rs.getTimestamp("c_datetime").toLocalDateTime()).isEqualTo(LocalDateTime.of(1999, 12, 31, 23, 59, 59));
        assertThat(rs.getTimestamp("c_datetime6").toLocalDateTime())
                .isEqualTo(LocalDateTime.of(2024, 2, 29, 12, 34, 56, 123456000));
        assertThat(rs.getObject("c_datetime6", LocalDateTime.class))
                .isEqualTo(LocalDateTime.of(2024, 2, 29, 12, 34, 56, 123456000));
        assertThat(rs.getString("c_char")).isEqualTo("héllo");
        assertThat(rs.getString("c_varchar")).isEqualTo("wörld ✓ 😀");
        assertThat(rs.getString("c_string")).isEqualTo("text");
        assertThat(rs.getString("c_json")).isEqualTo("{\"a\": [1, 2]}");
        assertThat(rs.getLong("c_notnull")).isEqualTo(7);

        assertThat(rs.next()).isTrue();
        assertThat(rs.getBoolean("c_boolean")).isFalse();
        assertThat(rs.getLong("c_tinyint")).isEqualTo(127);
        assertThat(rs.getLong("c_smallint")).isEqualTo(32767);
        assertThat(rs.getInt("c_int")).isEqualTo(Integer.MAX_VALUE);
        assertThat(rs.getLong("c_bigint")).isEqualTo(Long.MAX_VALUE);
        assertThat(rs.getString("c_largeint")).isEqualTo("170141183460469231731687303715884105727");
        assertThat(rs.getFloat("c_float")).isEqualTo(Float.MAX_VALUE);
        assertThat(rs.getDouble("c_double")).isEqualTo(Double.MIN_VALUE);
        assertThat(rs.getBigDecimal("c_decimal")).isEqualTo(new BigDecimal("0.500000000"));
        assertThat(rs.getString("c_decimal")).isEqualTo("0.500000000");
        assertThat(rs.getObject("c_date", LocalDate.class)).isEqualTo(LocalDate.of(1, 1, 1));
        assertThat(rs.getObject("c_datetime", LocalDateTime.class)).isEqualTo(LocalDateTime.of(9999, 12, 31, 0, 0));
        assertThat(rs.getObject("c_datetime6", LocalDateTime.class))
                .isEqualTo(LocalDateTime.of(1970, 1, 1, 0, 0, 0, 1000));
        assertThat(rs.getString("c_char")).isEmpty();
        assertThat(rs.getString("c_json")).isEqualTo("null");

        assertThat(rs.next()).isTrue();
        for (int i = 1; i < TestSessions.ALL_TYPES.size(); i++) {
            assertThat(rs.getObject(i)).as("column %d", i).isNull();
            assertThat(rs.wasNull()).isTrue();
        }
        assertThat(rs.getLong(1)).isZero();
        assertThat(rs.getLong("c_notnull")).isEqualTo(1);
        assertThat(rs.next()).isFalse();

        var meta = rs.getMetaData();
        assertThat(meta.getColumnCount()).isEqualTo(TestSessions.ALL_TYPES.size());
        assertThat(meta.getColumnType(2)).isEqualTo(Types.TINYINT);
        assertThat(meta.getColumnType(4)).isEqualTo(Types.INTEGER);
        assertThat(meta.getColumnType(5)).isEqualTo(Types.BIGINT);
        assertThat(meta.getColumnType(9)).isEqualTo(Types.DECIMAL);
        assertThat(meta.getScale(9)).isEqualTo(9);
        assertThat(meta.getColumnType(10)).isEqualTo(Types.DATE);
        assertThat(meta.getColumnType(11)).isEqualTo(Types.TIMESTAMP);
        assertThat(meta.isNullable(17)).isEqualTo(java.sql.ResultSetMetaData.columnNoNulls);
    }

    @Test
    void parametersDecodeToJavaClasses() throws SQLException {
        try (Connection c = fixture.connectorJ();
                PreparedStatement ps = c.prepareStatement("SELECT ECHO ?,?,?,?,?,?,?,?,?,?,?,?,?")) {
            ps.setLong(1, Long.MIN_VALUE);
            ps.setInt(2, -5);
            ps.setString(3, "päråm ✓");
            ps.setBigDecimal(4, new BigDecimal("-12345678901234567890.0123456789"));
            ps.setDate(5, Date.valueOf(LocalDate.of(2020, 1, 2)));
            ps.setTimestamp(6, Timestamp.valueOf(LocalDateTime.of(2020, 1, 2, 3, 4, 5, 600000000)));
            ps.setDouble(7, 1.0 / 3);
            ps.setFloat(8, 1.5f);
            ps.setBytes(9, new byte[] {0, 1, (byte) 0xFF});
            ps.setNull(10, Types.VARCHAR);
            ps.setBoolean(11, true);
            ps.setShort(12, (short) 300);
            ps.setObject(13, new BigInteger("18446744073709551615"));
            try (ResultSet rs = ps.executeQuery()) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getLong(1)).isEqualTo(Long.MIN_VALUE);
                assertThat(rs.getString(3)).isEqualTo("päråm ✓");
                assertThat(rs.getBigDecimal(4)).isEqualByComparingTo("-12345678901234567890.0123456789");
                assertThat(rs.getDouble(7)).isEqualTo(1.0 / 3);
            }
            var parameters = fixture.sessions.lastSession().lastParameters;
            assertThat(parameters.get(0)).isEqualTo(Long.MIN_VALUE);
            assertThat(parameters.get(1)).isEqualTo(-5L);
            assertThat(parameters.get(2)).isEqualTo("päråm ✓");
            assertThat(parameters.get(3)).isEqualTo(new BigDecimal("-12345678901234567890.0123456789"));
            assertThat(parameters.get(4)).isEqualTo(LocalDate.of(2020, 1, 2));
            assertThat(parameters.get(5)).isEqualTo(LocalDateTime.of(2020, 1, 2, 3, 4, 5, 600000000));
            assertThat(parameters.get(6)).isEqualTo(1.0 / 3);
            assertThat(parameters.get(7)).isEqualTo(1.5f);
            assertThat(parameters.get(8)).isEqualTo(new byte[] {0, 1, (byte) 0xFF});
            assertThat(parameters.get(9)).isNull();
            assertThat(parameters.get(10)).isEqualTo(1L);
            assertThat(parameters.get(11)).isEqualTo(300L);
            System.out.println("Connector/J parameter classes: " + parameters.stream()
                    .map(p -> p == null ? "null" : p.getClass().getSimpleName()).toList());
        }
    }

    @Test
    void statementErrorsKeepTheConnection() throws SQLException {
        try (Connection c = fixture.connectorJ(); Statement s = c.createStatement()) {
            assertThatThrownBy(() -> s.executeQuery("SELECT FAIL")).isInstanceOfSatisfying(SQLException.class, e -> {
                assertThat(e.getErrorCode()).isEqualTo(1146);
                assertThat(e.getSQLState()).isEqualTo("42S02");
                assertThat(e.getMessage()).isEqualTo("Table 'db.missing' doesn't exist");
            });
            assertThatThrownBy(() -> s.executeQuery("SELECT BOOM")).isInstanceOfSatisfying(SQLException.class,
                    e -> assertThat(e.getErrorCode()).isEqualTo(1105));
            // Connector/J reads the whole result in executeQuery, so the ERR after the first row surfaces there.
            assertThatThrownBy(() -> {
                try (ResultSet rs = s.executeQuery("SELECT MIDFAIL")) {
                    while (rs.next()) {
                        rs.getLong(1);
                    }
                }
            }).isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1365));
            try (PreparedStatement ps = c.prepareStatement("SELECT ALL_TYPES WHERE ?")) {
                ps.setInt(1, 1);
                try (ResultSet rs = ps.executeQuery()) {
                    assertThat(rs.next()).isTrue();
                }
            }
            try (ResultSet rs = s.executeQuery("SELECT 1")) {
                assertThat(rs.next()).isTrue();
            }
        }
    }

    @Test
    void updatesReportCountsAndTransactions() throws SQLException {
        try (Connection c = fixture.connectorJ(); Statement s = c.createStatement()) {
            assertThat(s.executeUpdate("INSERT INTO t VALUES (1)")).isEqualTo(1);
            c.setAutoCommit(false);
            s.execute("BEGIN");
            c.commit();
            c.setAutoCommit(true);
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO t VALUES (?)")) {
                for (int i = 0; i < 3; i++) {
                    ps.setInt(1, i);
                    ps.addBatch();
                }
                ps.executeBatch();
            }
            assertThat(fixture.sessions.lastSession().statements)
                    .anyMatch(sql -> sql.startsWith("PREPARE INSERT INTO t VALUES (?),(?),(?)"));
        }
    }

    @Test
    void wrongPasswordAndUnknownDatabaseAreRefused() {
        assertThatThrownBy(() -> java.sql.DriverManager.getConnection(fixture.mysqlUrl("db",
                ServerFixture.CONNECTOR_J_FLAGS), "alice", "wrong"))
                .isInstanceOfSatisfying(SQLException.class, e -> {
                    assertThat(e.getErrorCode()).isEqualTo(1045);
                    assertThat(e.getMessage()).contains("Access denied for user 'alice'@'127.0.0.1' (using password: YES)");
                });
        assertThatThrownBy(() -> fixture.connectorJ("nope", ServerFixture.CONNECTOR_J_FLAGS))
                .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1049));
    }

    @Test
    void defaultSslModeFallsBackToPlainConnection() throws SQLException {
        try (Connection c = java.sql.DriverManager.getConnection(fixture.mysqlUrl("db", "useServerPrepStmts=true"),
                "alice", "secret"); Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT 1")) {
            assertThat(rs.next()).isTrue();
        }
    }

    @Test
    void cachingSha2ClientIsSwitchedToNativePassword() throws SQLException {
        try (Connection c = java.sql.DriverManager.getConnection(fixture.mysqlUrl("db",
                ServerFixture.CONNECTOR_J_FLAGS + "&defaultAuthenticationPlugin=caching_sha2_password"),
                "alice", "secret"); Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT 1")) {
            assertThat(rs.next()).isTrue();
        }
    }

    @Test
    void longQueryAndLongParameterCrossTheSixteenMegabyteBoundary() throws SQLException {
        String big = "é".repeat(9_000_000); // 18 MB of UTF-8
        try (Connection c = fixture.connectorJ()) {
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT LENGTH " + big)) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getLong(1)).isEqualTo(14 + big.length());
            }
            try (PreparedStatement ps = c.prepareStatement("SELECT ECHO ?")) {
                ps.setString(1, big);
                try (ResultSet rs = ps.executeQuery()) {
                    assertThat(rs.next()).isTrue();
                    assertThat(rs.getString(1)).isEqualTo(big);
                }
            }
        }
    }

    @Test
    void streamsArriveAsLongData() throws SQLException {
        try (Connection c = fixture.connectorJ(); PreparedStatement ps = c.prepareStatement("SELECT ECHO ?,?")) {
            ps.setBinaryStream(1, new java.io.ByteArrayInputStream(new byte[] {1, 2, 3}));
            ps.setCharacterStream(2, new java.io.StringReader("chåracters"));
            try (ResultSet rs = ps.executeQuery()) {
                assertThat(rs.next()).isTrue();
            }
            var parameters = fixture.sessions.lastSession().lastParameters;
            assertThat(parameters.get(0)).isEqualTo(new byte[] {1, 2, 3});
            // Connector/J declares a character stream as BLOB, so it arrives as the UTF-8 bytes.
            assertThat(parameters.get(1)).isEqualTo("chåracters".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
    }

    @Test
    void largeResultsStream() throws SQLException {
        try (Connection c = fixture.connectorJ(); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT ROWS 200000")) {
            long count = 0;
            while (rs.next()) {
                assertThat(rs.getLong(1)).isEqualTo(count);
                count++;
            }
            assertThat(count).isEqualTo(200000);
        }
    }

    @Test
    void closingTheConnectionClosesTheSessionOnce() throws SQLException {
        TestSessions.TestSession session;
        try (Connection c = fixture.connectorJ()) {
            session = fixture.sessions.lastSession();
            assertThat(c.isValid(5)).isTrue();
        }
        ServerFixture.await(() -> session.closes.get() == 1, "session close");
        assertThat(session.closes.get()).isEqualTo(1);
    }

    @Test
    void whatConnectorJSendsOnConnect() throws SQLException {
        try (Connection c = fixture.connectorJ()) {
            assertThat(c.isValid(5)).isTrue();
            System.out.println("Connector/J connect statements: " + fixture.sessions.lastSession().statements);
        }
    }

    @Test
    void cursorFetchRequestsGetTheWholeResult() throws SQLException {
        try (Connection c = fixture.connectorJ("db", ServerFixture.CONNECTOR_J_FLAGS + "&useCursorFetch=true");
                PreparedStatement ps = c.prepareStatement("SELECT ROWS ?")) {
            ps.setFetchSize(10);
            ps.setInt(1, 0);
            try (ResultSet rs = ps.executeQuery()) {
                int count = 0;
                while (rs.next()) {
                    count++;
                }
                assertThat(count).isEqualTo(3);
            }
        }
    }

    @Test
    void rewrittenStatementBatchesRunAsMultiStatements() throws SQLException {
        try (Connection c = fixture.connectorJ(); Statement s = c.createStatement()) {
            for (int i = 0; i < 5; i++) {
                s.addBatch("INSERT INTO t VALUES (" + i + ")");
            }
            s.addBatch("SET @a = ';'");
            assertThat(s.executeBatch()).containsExactly(1, 1, 1, 1, 1, 0);
            assertThat(fixture.sessions.lastSession().statements).endsWith("INSERT INTO t VALUES (4)", "SET @a = ';'");
        }
    }
}
