package io.shoaldb.testing.privilege;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mysql.cj.jdbc.JdbcConnection;
import io.shoaldb.testing.TestServer;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Created accounts with COM_CHANGE_USER and caching_sha2_password: after a change of user the new account's
 * privileges apply, and the fast-path cache never outlives a password change or a dropped account.
 */
class ChangeUserAndCachedPasswordsTest {
    private static final String TABLE = "(k INT NOT NULL, v VARCHAR(20) NULL) DUPLICATE KEY(k) "
            + "DISTRIBUTED BY HASH(k) BUCKETS 1";
    private static final String SHA2 = "defaultAuthenticationPlugin=caching_sha2_password";
    /** Connector/J's refusal to fetch the RSA key: the server asked for full authentication (the cache missed). */
    private static final String NO_KEY_RETRIEVAL = "Public Key Retrieval is not allowed";

    @TempDir
    Path dir;

    private TestServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private Connection connect(String user, String password, String params) throws SQLException {
        return DriverManager.getConnection("jdbc:mysql://127.0.0.1:" + server.port() + "/?" + params, user, password);
    }

    @Test
    void privilegesFollowTheUserAcrossChangeUser() throws Exception {
        server = TestServer.start(dir);
        try (Connection root = server.connect()) {
            Accounts.exec(root, "CREATE DATABASE a", "CREATE TABLE a.t " + TABLE, "INSERT INTO a.t VALUES (1, 'x')",
                    "CREATE USER 'reader'@'%' IDENTIFIED BY 'r-pw'", "GRANT SELECT_PRIV ON a.* TO 'reader'@'%'");
        }
        try (Connection c = server.connect()) {
            JdbcConnection jdbc = c.unwrap(JdbcConnection.class);
            assertThat(Accounts.errorOf(c, "INSERT INTO a.t VALUES (2, 'root')")).isZero();

            jdbc.changeUser("reader", "r-pw");
            assertThat(Accounts.column(c, "SELECT current_user()", 1)).containsExactly("'reader'@'%'");
            assertThat(Accounts.column(c, "SELECT count(*) FROM a.t", 1)).containsExactly("2");
            assertThat(Accounts.errorOf(c, "INSERT INTO a.t VALUES (3, 'reader')")).isEqualTo(1142);
            assertThat(Accounts.errorOf(c, "CREATE DATABASE b")).isEqualTo(1044);
            assertThat(Accounts.errorOf(c, "SET GLOBAL query_timeout = 900")).isEqualTo(1227);
            assertThat(Accounts.column(c, "SELECT `user` FROM information_schema.processlist", 1))
                    .as("a user sees only its own sessions").containsOnly("reader");

            jdbc.changeUser("root", "");
            assertThat(Accounts.column(c, "SELECT current_user()", 1)).containsExactly("'root'@'%'");
            assertThat(Accounts.errorOf(c, "INSERT INTO a.t VALUES (3, 'root')")).isZero();
            assertThat(Accounts.errorOf(c, "SET GLOBAL query_timeout = 900")).isZero();

            // A wrong password for the limited user ends the connection rather than leaving root's session on.
            assertThatThrownBy(() -> jdbc.changeUser("reader", "wrong")).isInstanceOfSatisfying(SQLException.class,
                    e -> assertThat(e.getErrorCode()).as(e.getMessage()).isEqualTo(1045));
        }
    }

    @Test
    void theFastPathForgetsAChangedPasswordAndADroppedUser() throws Exception {
        server = TestServer.start(dir, Map.of("default_authentication_plugin", "caching_sha2_password"));
        try (Connection root = server.connect()) {
            Accounts.exec(root, "CREATE USER 'cached'@'%' IDENTIFIED BY 'old-pw'");
        }
        // Full authentication over TLS fills the cache; without TLS the fast path then needs no RSA key.
        connect("cached", "old-pw", "sslMode=REQUIRED&" + SHA2).close();
        try (Connection c = connect("cached", "old-pw", "sslMode=DISABLED&" + SHA2)) {
            assertThat(Accounts.column(c, "SELECT current_user()", 1)).containsExactly("'cached'@'%'");
        }

        try (Connection root = server.connect()) {
            Accounts.exec(root, "SET PASSWORD FOR 'cached'@'%' = PASSWORD('new-pw')");
        }
        assertThatThrownBy(() -> connect("cached", "old-pw", "sslMode=DISABLED&" + SHA2).close())
                .as("the old password is no longer cached").hasMessageContaining(NO_KEY_RETRIEVAL);
        assertThatThrownBy(() -> connect("cached", "old-pw", "sslMode=REQUIRED&" + SHA2).close())
                .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1045));
        connect("cached", "new-pw", "sslMode=REQUIRED&" + SHA2).close();
        connect("cached", "new-pw", "sslMode=DISABLED&" + SHA2).close();

        // A dropped user's cached password opens nothing.
        try (Connection root = server.connect()) {
            Accounts.exec(root, "DROP USER 'cached'@'%'");
        }
        assertThatThrownBy(() -> connect("cached", "new-pw", "sslMode=DISABLED&" + SHA2).close())
                .hasMessageContaining(NO_KEY_RETRIEVAL);
        assertThatThrownBy(() -> connect("cached", "new-pw", "sslMode=REQUIRED&" + SHA2).close())
                .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1045));
    }
}
