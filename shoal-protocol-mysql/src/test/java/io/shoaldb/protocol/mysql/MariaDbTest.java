package io.shoaldb.protocol.mysql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.Date;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class MariaDbTest {
    static ServerFixture fixture;

    @BeforeAll
    static void start() {
        fixture = new ServerFixture();
    }

    @AfterAll
    static void stop() {
        fixture.close();
    }

    @Test
    void textResultsRoundTripEveryType() throws SQLException {
        try (Connection c = fixture.mariaDb(""); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT ALL_TYPES")) {
            assertAllTypes(rs);
        }
        System.out.println("MariaDB connect statements: " + fixture.sessions.sessions.getFirst().statements);
    }

    @Test
    void binaryResultsRoundTripEveryType() throws SQLException {
        try (Connection c = fixture.mariaDb("useServerPrepStmts=true");
                PreparedStatement ps = c.prepareStatement("SELECT ALL_TYPES WHERE ?")) {
            ps.setInt(1, 1);
            try (ResultSet rs = ps.executeQuery()) {
                assertAllTypes(rs);
            }
        }
    }

    private static void assertAllTypes(ResultSet rs) throws SQLException {
        assertThat(rs.next()).isTrue();
        assertThat(rs.getBoolean("c_boolean")).isTrue();
        assertThat(rs.getLong("c_tinyint")).isEqualTo(-128);
        assertThat(rs.getInt("c_int")).isEqualTo(Integer.MIN_VALUE);
        assertThat(rs.getLong("c_bigint")).isEqualTo(Long.MIN_VALUE);
        assertThat(rs.getString("c_largeint")).isEqualTo("-170141183460469231731687303715884105728");
        assertThat(rs.getFloat("c_float")).isEqualTo(0.1f);
        assertThat(rs.getDouble("c_double")).isEqualTo(0.1 + 0.2);
        assertThat(rs.getBigDecimal("c_decimal")).isEqualTo(new BigDecimal("-123456789012345678.123456789"));
        assertThat(rs.getDate("c_date").toLocalDate()).isEqualTo(LocalDate.of(2024, 2, 29));
        assertThat(rs.getTimestamp("c_datetime6").toLocalDateTime())
                .isEqualTo(LocalDateTime.of(2024, 2, 29, 12, 34, 56, 123456000));
        assertThat(rs.getString("c_varchar")).isEqualTo("wörld ✓ 😀");
        assertThat(rs.getString("c_string")).isEqualTo("text");
        assertThat(rs.getString("c_json")).isEqualTo("{\"a\": [1, 2]}");
        assertThat(rs.next()).isTrue();
        assertThat(rs.getFloat("c_float")).isEqualTo(Float.MAX_VALUE);
        assertThat(rs.getDouble("c_double")).isEqualTo(Double.MIN_VALUE);
        assertThat(rs.getBigDecimal("c_largeint").toString()).isEqualTo("170141183460469231731687303715884105727");
        assertThat(rs.next()).isTrue();
        assertThat(rs.getObject("c_varchar")).isNull();
        assertThat(rs.next()).isFalse();
    }

    @Test
    void parametersDecode() throws SQLException {
        try (Connection c = fixture.mariaDb("useServerPrepStmts=true");
                PreparedStatement ps = c.prepareStatement("SELECT ECHO ?,?,?,?,?,?,?")) {
            ps.setLong(1, 42);
            ps.setString(2, "ñ");
            ps.setBigDecimal(3, new BigDecimal("1.25"));
            ps.setDate(4, Date.valueOf(LocalDate.of(2021, 3, 4)));
            ps.setTimestamp(5, Timestamp.valueOf(LocalDateTime.of(2021, 3, 4, 5, 6, 7, 890000000)));
            ps.setBytes(6, new byte[] {1, 2});
            ps.setNull(7, java.sql.Types.INTEGER);
            try (ResultSet rs = ps.executeQuery()) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString(2)).isEqualTo("ñ");
            }
            var parameters = fixture.sessions.lastSession().lastParameters;
            System.out.println("MariaDB parameter classes: " + parameters.stream()
                    .map(p -> p == null ? "null" : p.getClass().getSimpleName()).toList());
            assertThat(parameters.get(0)).isEqualTo(42L);
            assertThat(parameters.get(1)).isEqualTo("ñ");
            assertThat(parameters.get(2)).isEqualTo(new BigDecimal("1.25"));
            assertThat(parameters.get(3)).isIn(LocalDate.of(2021, 3, 4), LocalDateTime.of(2021, 3, 4, 0, 0));
            assertThat(parameters.get(4)).isEqualTo(LocalDateTime.of(2021, 3, 4, 5, 6, 7, 890000000));
            assertThat(parameters.get(5)).isEqualTo(new byte[] {1, 2});
            assertThat(parameters.get(6)).isNull();
        }
    }

    @Test
    void errorsAndUpdates() throws SQLException {
        try (Connection c = fixture.mariaDb(""); Statement s = c.createStatement()) {
            assertThatThrownBy(() -> s.executeQuery("FAIL")).isInstanceOfSatisfying(SQLException.class, e -> {
                assertThat(e.getErrorCode()).isEqualTo(1146);
                assertThat(e.getSQLState()).isEqualTo("42S02");
            });
            assertThat(s.executeUpdate("INSERT INTO t VALUES (1)")).isEqualTo(1);
        }
        assertThatThrownBy(() -> DriverManager.getConnection("jdbc:mariadb://127.0.0.1:" + fixture.server.port()
                + "/db?sslMode=disable", "alice", "wrong"))
                .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1045));
    }
}
