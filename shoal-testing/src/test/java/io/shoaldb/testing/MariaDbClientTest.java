package io.shoaldb.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** MariaDB Connector/J, which sends a different connect sequence than MySQL's driver. */
class MariaDbClientTest {
    @TempDir
    Path dir;

    @Test
    void connectsRunsDdlAndPreparedStatements() throws Exception {
        try (TestServer server = TestServer.start(dir)) {
            String url = "jdbc:mariadb://127.0.0.1:" + server.port() + "/?sslMode=disable&useServerPrepStmts=true";
            try (Connection c = DriverManager.getConnection(url, "root", ""); Statement s = c.createStatement()) {
                s.execute("CREATE DATABASE m");
                s.execute("USE m");
                s.execute(SeedStatements.CREATE_DT);
                try (ResultSet rs = s.executeQuery("SHOW TABLES")) {
                    assertThat(rs.next()).isTrue();
                    assertThat(rs.getString(1)).isEqualTo("dt");
                }
                try (PreparedStatement ps = c.prepareStatement("SELECT ?, @@group_commit")) {
                    ps.setString(1, "x");
                    try (ResultSet rs = ps.executeQuery()) {
                        assertThat(rs.next()).isTrue();
                        assertThat(rs.getString(1)).isEqualTo("x");
                        assertThat(rs.getString(2)).isEqualTo("off_mode");
                    }
                }
                assertThatThrownBy(() -> s.execute("CREATE TABLE dt (a INT) DISTRIBUTED BY HASH(a) BUCKETS 1"))
                        .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1050));
            }
        }
    }
}
