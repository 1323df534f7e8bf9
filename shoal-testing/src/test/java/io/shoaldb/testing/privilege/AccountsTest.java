package io.shoaldb.testing.privilege;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.testing.TestServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Accounts, host matching, roles, REVOKE on open sessions, SHOW GRANTS / ROLES, KILL, bad input, the mysql CLI. */
class AccountsTest {
    private static final String TABLE = "(k INT NOT NULL, v VARCHAR(20) NULL) DUPLICATE KEY(k) "
            + "DISTRIBUTED BY HASH(k) BUCKETS 1";

    @TempDir
    static Path dir;
    static TestServer server;

    @BeforeAll
    static void start() throws Exception {
        server = TestServer.start(dir);
        try (Connection root = server.connect()) {
            Accounts.exec(root, "CREATE DATABASE a", "CREATE TABLE a.t " + TABLE, "INSERT INTO a.t VALUES (1, 'x')");
        }
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static Connection root() throws SQLException {
        return server.connect();
    }

    @Test
    void theMostSpecificHostDecidesThePasswordAndThePrivileges() throws Exception {
        try (Connection root = root()) {
            Accounts.exec(root, "CREATE USER 'h'@'%' IDENTIFIED BY 'any'",
                    "CREATE USER 'h'@'127.0.0.1' IDENTIFIED BY 'local'",
                    "CREATE USER 'far'@'10.9.9.9' IDENTIFIED BY 'far'",
                    "GRANT SELECT_PRIV ON a.* TO 'h'@'127.0.0.1'");
        }
        try (Connection c = Accounts.connect(server.port(), "h", "local")) {
            assertThat(Accounts.column(c, "SELECT current_user()", 1)).containsExactly("'h'@'127.0.0.1'");
            assertThat(Accounts.errorOf(c, "SELECT * FROM a.t")).isZero();
        }
        assertLoginFails("h", "any");
        assertLoginFails("far", "far");
        // HTTP picks the account the same way: the right password authenticates (then LOAD_PRIV is missing)...
        assertThat(Accounts.streamLoad(server.httpPort(), "h", "local", "a", "t", "9,h\n"))
                .contains("LOAD command denied to user 'h'@'127.0.0.1' for table 'a.t'");
        // ...the '%' account's password does not
        assertThat(Accounts.get(server.httpPort(), "h", "any", "/api/get_wal_size")).isEqualTo(401);
    }

    @Test
    void globalCreatePrivilegeCreatesDatabasesAndTablesInThem() throws Exception {
        try (Connection root = root()) {
            Accounts.exec(root, "CREATE USER 'maker'@'%' IDENTIFIED BY 'p'", "GRANT CREATE_PRIV ON *.* TO 'maker'@'%'");
        }
        try (Connection maker = Accounts.connect(server.port(), "maker", "p")) {
            Accounts.exec(maker, "CREATE DATABASE made", "CREATE TABLE made.t " + TABLE, "USE made");
            assertThat(Accounts.column(maker, "SHOW DATABASES", 1)).contains("made", "a");
            assertThat(Accounts.errorOf(maker, "INSERT INTO made.t VALUES (1, 'x')")).isEqualTo(1142);
            assertThat(Accounts.errorOf(maker, "DROP TABLE made.t")).isEqualTo(1142);
            assertThat(Accounts.errorOf(maker, "DROP DATABASE made")).isEqualTo(1044);
        }
    }

    @Test
    void rolesGiveTheirPrivilegesAndRevokeActsOnOpenSessions() throws Exception {
        try (Connection root = root()) {
            Accounts.exec(root, "CREATE ROLE 'readers'", "GRANT SELECT_PRIV ON a.t TO ROLE 'readers'",
                    "CREATE USER 'r1'@'%' IDENTIFIED BY 'p' DEFAULT ROLE 'readers'",
                    "CREATE USER 'r2'@'%' IDENTIFIED BY 'p'", "GRANT 'readers' TO 'r2'@'%'",
                    "CREATE USER 'direct'@'%' IDENTIFIED BY 'p'", "GRANT LOAD_PRIV, SELECT_PRIV ON a.t TO 'direct'@'%'");
            try (Connection r1 = Accounts.connect(server.port(), "r1", "p");
                    Connection r2 = Accounts.connect(server.port(), "r2", "p");
                    Connection direct = Accounts.connect(server.port(), "direct", "p")) {
                assertThat(Accounts.errorOf(r1, "SELECT * FROM a.t")).isZero();
                assertThat(Accounts.errorOf(r2, "SELECT * FROM a.t")).isZero();
                assertThat(Accounts.errorOf(direct, "INSERT INTO a.t VALUES (2, 'd')")).isZero();

                Accounts.exec(root, "REVOKE 'readers' FROM 'r2'@'%'", "REVOKE SELECT_PRIV ON a.t FROM ROLE 'readers'",
                        "REVOKE LOAD_PRIV ON a.t FROM 'direct'@'%'");
                assertThat(Accounts.errorOf(r1, "SELECT * FROM a.t")).isEqualTo(1142);
                assertThat(Accounts.errorOf(r2, "SELECT * FROM a.t")).isEqualTo(1142);
                assertThat(Accounts.errorOf(direct, "INSERT INTO a.t VALUES (3, 'd')")).isEqualTo(1142);
                assertThat(Accounts.errorOf(direct, "SELECT * FROM a.t")).isZero();

                Accounts.exec(root, "GRANT SELECT_PRIV ON a.* TO ROLE 'readers'");
                assertThat(Accounts.errorOf(r1, "SELECT * FROM a.t")).isZero();
                Accounts.exec(root, "DROP ROLE 'readers'");
                assertThat(Accounts.errorOf(r1, "SELECT * FROM a.t")).isEqualTo(1142);
            }
        }
    }

    @Test
    void showGrantsAndRoles() throws Exception {
        try (Connection root = root()) {
            Accounts.exec(root, "CREATE ROLE 'auditors'", "GRANT SELECT_PRIV ON *.* TO ROLE 'auditors'",
                    "CREATE USER 'g'@'%' IDENTIFIED BY 'p' DEFAULT ROLE 'auditors'",
                    "GRANT LOAD_PRIV, ALTER_PRIV ON a.* TO 'g'@'%'", "GRANT DROP_PRIV ON a.t TO 'g'@'%'");
            List<String> row = new ArrayList<>();
            for (int i = 1; i <= 8; i++) {
                row.add(Accounts.column(root, "SHOW GRANTS FOR 'g'@'%'", i).getFirst());
            }
            assertThat(row).containsExactly("'g'@'%'", "", "Yes", "auditors", "Select_priv", null,
                    "internal.a: Load_priv,Alter_priv", "internal.a.t: Drop_priv");
            assertThat(Accounts.column(root, "SHOW ALL GRANTS", 1)).contains("'root'@'%'", "'admin'@'%'", "'g'@'%'");
            assertThat(Accounts.column(root, "SHOW ROLES", 1)).contains("admin", "operator", "auditors");
            assertThat(Accounts.column(root, "SHOW GRANTS", 4)).containsExactly("operator");
        }
        try (Connection g = Accounts.connect(server.port(), "g", "p")) {
            assertThat(Accounts.column(g, "SHOW GRANTS", 1)).containsExactly("'g'@'%'");
            assertThat(Accounts.errorOf(g, "SHOW GRANTS FOR 'root'@'%'")).isEqualTo(1227);
            assertThat(Accounts.errorOf(g, "SHOW ALL GRANTS")).isEqualTo(1227);
            assertThat(Accounts.errorOf(g, "SHOW ROLES")).isEqualTo(1227);
        }
    }

    @Test
    void passwordsChangeBySetPasswordAndAlterUserAndHashes() throws Exception {
        try (Connection root = root()) {
            Accounts.exec(root, "CREATE USER 'pw'@'%' IDENTIFIED BY 'one'", "CREATE USER 'other'@'%' IDENTIFIED BY 'o'");
        }
        try (Connection c = Accounts.connect(server.port(), "pw", "one")) {
            Accounts.exec(c, "SET PASSWORD = PASSWORD('two')");
            assertThat(Accounts.errorOf(c, "SET PASSWORD FOR 'other'@'%' = PASSWORD('mine')")).isEqualTo(1227);
        }
        assertLoginFails("pw", "one");
        Accounts.connect(server.port(), "pw", "two").close();
        try (Connection root = root()) {
            Accounts.exec(root, "ALTER USER 'pw'@'%' IDENTIFIED BY 'three'");
            Accounts.connect(server.port(), "pw", "three").close();
            // MySQL's stored form of the password 'password'
            Accounts.exec(root, "SET PASSWORD FOR 'pw'@'%' = '*2470C0C06DEE42FD1618BB99005ADCA2EC9D1E19'");
            Accounts.connect(server.port(), "pw", "password").close();
            Accounts.exec(root, "CREATE USER 'hashed'@'%' IDENTIFIED BY PASSWORD '*2470C0C06DEE42FD1618BB99005ADCA2EC9D1E19'");
            Accounts.connect(server.port(), "hashed", "password").close();
            assertThat(Accounts.errorOf(root, "SET PASSWORD FOR 'pw'@'%' = '*XYZ'")).isEqualTo(1372);
        }
    }

    @Test
    void theBuiltinAdminIsAnAdministratorAndGrantPrivCannotMakeOne() throws Exception {
        try (Connection admin = Accounts.connect(server.port(), "admin", "")) {
            assertThat(Accounts.column(admin, "SELECT current_user()", 1)).containsExactly("'admin'@'%'");
            assertThat(Accounts.errorOf(admin, "SELECT * FROM a.t")).isZero();
            Accounts.exec(admin, "CREATE USER 'granter'@'%' IDENTIFIED BY 'p'", "GRANT GRANT_PRIV ON *.* TO 'granter'@'%'",
                    "CREATE USER 'target'@'%'");
        }
        try (Connection granter = Accounts.connect(server.port(), "granter", "p")) {
            assertThat(Accounts.errorOf(granter, "GRANT SELECT_PRIV ON a.* TO 'target'@'%'")).isZero();
            assertThat(Accounts.messageOf(granter, "GRANT ADMIN_PRIV ON *.* TO 'target'@'%'")).startsWith("1227 ");
            assertThat(Accounts.messageOf(granter, "GRANT 'admin' TO 'granter'@'%'")).startsWith("1227 ");
            assertThat(Accounts.messageOf(granter, "SET PASSWORD FOR 'root'@'%' = PASSWORD('mine')"))
                    .contains("Can not change the password of root");
            assertThat(Accounts.messageOf(granter, "ALTER USER 'admin'@'%' IDENTIFIED BY 'mine'")).startsWith("1227 ");
            assertThat(Accounts.errorOf(granter, "DROP USER 'root'@'%'")).isEqualTo(1105);
        }
    }

    @Test
    void killingAnotherUsersConnectionNeedsAdmin() throws Exception {
        try (Connection root = root()) {
            Accounts.exec(root, "CREATE USER 'k1'@'%' IDENTIFIED BY 'p'", "CREATE USER 'k2'@'%' IDENTIFIED BY 'p'");
            try (Connection k1 = Accounts.connect(server.port(), "k1", "p");
                    Connection k1b = Accounts.connect(server.port(), "k1", "p");
                    Connection k2 = Accounts.connect(server.port(), "k2", "p")) {
                long k2Id = Long.parseLong(Accounts.column(k2, "SELECT connection_id()", 1).getFirst());
                long k1bId = Long.parseLong(Accounts.column(k1b, "SELECT connection_id()", 1).getFirst());
                assertThat(Accounts.messageOf(k1, "KILL QUERY " + k2Id)).isEqualTo("1095 You are not owner of thread "
                        + k2Id);
                assertThat(Accounts.errorOf(k1, "KILL QUERY " + k1bId)).isZero();
                assertThat(Accounts.column(k1, "SHOW PROCESSLIST", 2)).containsOnly("k1");
                assertThat(Accounts.errorOf(root, "KILL QUERY " + k2Id)).isZero();
                assertThat(Accounts.column(root, "SHOW PROCESSLIST", 2)).contains("k1", "k2", "root");
            }
        }
    }

    @Test
    void badInputGetsClearErrorsAndChangesNothing() throws Exception {
        try (Connection root = root()) {
            String huge = "u".repeat(100_000);
            assertThat(Accounts.messageOf(root, "CREATE USER '" + huge + "'@'%'"))
                    .startsWith("1470 String 'uuu").contains("is too long for user name (should be no longer than 64)")
                    .hasSizeLessThan(500);
            assertThat(Accounts.messageOf(root, "CREATE USER 'u'@'" + "h".repeat(300) + "'")).startsWith("1470 ");
            Accounts.exec(root, "CREATE USER 'bad'@'%'");
            assertThat(Accounts.messageOf(root, "GRANT FLY_PRIV ON a.* TO 'bad'@'%'"))
                    .startsWith("1105 Unknown privilege type FLY_PRIV");
            assertThat(Accounts.messageOf(root, "GRANT SELECT_PRIV ON missing.* TO 'bad'@'%'"))
                    .isEqualTo("1049 Unknown database 'missing'");
            assertThat(Accounts.messageOf(root, "GRANT SELECT_PRIV ON a.missing TO 'bad'@'%'"))
                    .isEqualTo("1146 Table 'a.missing' doesn't exist");
            assertThat(Accounts.messageOf(root, "GRANT ADMIN_PRIV ON a.* TO 'bad'@'%'"))
                    .contains("ADMIN_PRIV can only be granted on *.*");
            assertThat(Accounts.messageOf(root, "GRANT SELECT_PRIV ON a.* TO 'ghost'@'%'"))
                    .isEqualTo("1396 Operation GRANT failed for 'ghost'@'%'");
            assertThat(Accounts.messageOf(root, "GRANT 'no_such_role' TO 'bad'@'%'")).startsWith("1396 ");
            assertThat(Accounts.messageOf(root, "REVOKE SELECT_PRIV ON a.* FROM 'bad'@'%'"))
                    .isEqualTo("1141 There is no such grant defined for user 'bad' on host '%'");
            assertThat(Accounts.messageOf(root, "CREATE USER 'bad'@'%'"))
                    .isEqualTo("1396 Operation CREATE USER failed for 'bad'@'%'");
            assertThat(Accounts.messageOf(root, "DROP USER 'root'@'%'")).contains("Can not drop the built-in user");
            assertThat(Accounts.messageOf(root, "DROP ROLE 'admin'")).contains("Can not drop the built-in role");
            assertThat(Accounts.messageOf(root, "REVOKE 'operator' FROM 'root'@'%'")).contains("Can not revoke");
            assertThat(Accounts.messageOf(root, "GRANT SELECT_PRIV ON a.* 'bad'")).startsWith("1064 ");
            assertThat(Accounts.column(root, "SHOW GRANTS FOR 'bad'@'%'", 5)).containsExactly((String) null);
            Accounts.exec(root, "DROP USER 'bad'@'%'", "DROP USER IF EXISTS 'bad'@'%'");
            assertThat(Accounts.errorOf(root, "DROP USER 'bad'@'%'")).isEqualTo(1396);
        }
    }

    @Test
    void theMysqlCliLogsInAsACreatedUserAndSeesDenials() throws Exception {
        try (Connection root = root()) {
            Accounts.exec(root, "CREATE USER 'cli'@'%' IDENTIFIED BY 'cli-pw'", "GRANT SELECT_PRIV ON a.t TO 'cli'@'%'");
        }
        Cli ok = mysql("cli", "cli-pw", "SELECT k FROM a.t WHERE k = 1;\n");
        assertThat(ok.exitCode()).as(ok.output()).isZero();
        assertThat(ok.output()).contains("k\n1\n");
        Cli denied = mysql("cli", "cli-pw", "INSERT INTO a.t VALUES (5, 'no');\n");
        assertThat(denied.exitCode()).isNotZero();
        assertThat(denied.output()).contains("ERROR 1142").contains("LOAD command denied to user 'cli'");
        Cli badPassword = mysql("cli", "wrong", "SELECT 1;\n");
        assertThat(badPassword.output()).contains("ERROR 1045");
    }

    private record Cli(int exitCode, String output) {
    }

    private static Cli mysql(String user, String password, String sql) throws IOException, InterruptedException {
        Process process = new ProcessBuilder("mysql", "-h127.0.0.1", "-P" + server.port(), "-u" + user,
                "-p" + password, "--batch", "--skip-ssl").redirectErrorStream(true).start();
        process.getOutputStream().write(sql.getBytes(StandardCharsets.UTF_8));
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new Cli(process.exitValue(), output);
    }

    private static void assertLoginFails(String user, String password) {
        assertThatThrownBy(() -> Accounts.connect(server.port(), user, password).close())
                .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1045));
    }
}
