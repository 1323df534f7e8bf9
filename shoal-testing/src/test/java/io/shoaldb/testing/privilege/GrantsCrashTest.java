package io.shoaldb.testing.privilege;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.testing.ServerProcess;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Accounts, passwords, roles and grants are durable: acknowledged, SIGKILL, restart, still in force. */
class GrantsCrashTest {
    @TempDir
    Path dir;

    @Test
    void grantsAndPasswordsSurviveKillNine() throws Exception {
        try (ServerProcess server = ServerProcess.start(dir)) {
            try (Connection root = DriverManager.getConnection(server.jdbcUrl("", ""), "root", "")) {
                Accounts.exec(root, "CREATE DATABASE k",
                        "CREATE TABLE k.t (k INT NOT NULL) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1",
                        "INSERT INTO k.t VALUES (1)",
                        "CREATE USER 'durable'@'%' IDENTIFIED BY 'first'", "GRANT SELECT_PRIV ON k.t TO 'durable'@'%'",
                        "CREATE ROLE 'loaders'", "GRANT LOAD_PRIV ON k.* TO ROLE 'loaders'",
                        "GRANT 'loaders' TO 'durable'@'%'",
                        "CREATE USER 'gone'@'%' IDENTIFIED BY 'x'", "GRANT SELECT_PRIV ON k.* TO 'gone'@'%'",
                        "SET PASSWORD FOR 'durable'@'%' = PASSWORD('second')", "DROP USER 'gone'@'%'",
                        "SET PASSWORD = PASSWORD('rootpw')");
            }
            server.kill();
        }
        try (ServerProcess server = ServerProcess.start(dir)) {
            try (Connection c = DriverManager.getConnection(server.jdbcUrl("", ""), "durable", "second")) {
                assertThat(Accounts.column(c, "SELECT count(*) FROM k.t", 1)).containsExactly("1");
                assertThat(Accounts.errorOf(c, "INSERT INTO k.t VALUES (2)")).isZero();
                assertThat(Accounts.errorOf(c, "DROP TABLE k.t")).isEqualTo(1142);
            }
            assertLoginFails(server, "durable", "first");
            assertLoginFails(server, "gone", "x");
            assertLoginFails(server, "root", "");
            try (Connection root = DriverManager.getConnection(server.jdbcUrl("", ""), "root", "rootpw")) {
                Accounts.exec(root, "REVOKE SELECT_PRIV ON k.t FROM 'durable'@'%'");
            }
            server.kill();
        }
        try (ServerProcess server = ServerProcess.start(dir);
                Connection c = DriverManager.getConnection(server.jdbcUrl("", ""), "durable", "second")) {
            assertThat(Accounts.errorOf(c, "SELECT count(*) FROM k.t")).isEqualTo(1142);
        }
    }

    private static void assertLoginFails(ServerProcess server, String user, String password) {
        try (Connection ignored = DriverManager.getConnection(server.jdbcUrl("", ""), user, password)) {
            throw new AssertionError("login must fail: " + user);
        } catch (SQLException e) {
            assertThat(e.getErrorCode()).isEqualTo(1045);
        }
    }
}
