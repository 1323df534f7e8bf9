package io.shoaldb.testing.privilege;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.testing.TestServer;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every privilege against every kind of statement, over both protocols: one user per privilege (data privileges on
 * {@code p.*}, ADMIN_PRIV, GRANT_PRIV and USAGE_PRIV on {@code *.*}, and one with nothing), each running each
 * statement; what is allowed succeeds, what is not fails with MySQL's code (1142 table, 1044 database, 1227
 * ADMIN/GRANT) and changes nothing.
 */
class PrivilegeMatrixTest {
    private static final String TABLE = "(k INT NOT NULL, v VARCHAR(20) NULL) DUPLICATE KEY(k) "
            + "DISTRIBUTED BY HASH(k) BUCKETS 1";
    private static final List<String> PRIVILEGES = List.of("SELECT_PRIV", "LOAD_PRIV", "ALTER_PRIV", "CREATE_PRIV",
            "DROP_PRIV", "ADMIN_PRIV", "GRANT_PRIV", "USAGE_PRIV", "NONE");
    private static final Set<String> VISIBLE = Set.of("SELECT_PRIV", "LOAD_PRIV", "ALTER_PRIV", "CREATE_PRIV",
            "DROP_PRIV", "ADMIN_PRIV");

    @TempDir
    static Path dir;
    static TestServer server;

    /** One kind of statement: its text for a user, the privileges that allow it, the code that denies it. */
    record Kind(String name, String sqlTemplate, Set<String> allowedBy, int deniedCode) {
        String sql(String user) {
            return sqlTemplate.replace("{u}", user);
        }
    }

    private static final List<Kind> KINDS = List.of(
            new Kind("select", "SELECT * FROM p.t", Set.of("SELECT_PRIV", "ADMIN_PRIV"), 1142),
            new Kind("insert", "INSERT INTO p.t (k, v) VALUES (7, '{u}')", Set.of("LOAD_PRIV", "ADMIN_PRIV"), 1142),
            new Kind("insert select", "INSERT INTO p.t (k, v) SELECT k, v FROM p.src", Set.of("ADMIN_PRIV"), 1142),
            new Kind("create table", "CREATE TABLE p.c_{u} " + TABLE, Set.of("CREATE_PRIV", "ADMIN_PRIV"), 1142),
            new Kind("alter table", "ALTER TABLE p.alt ADD COLUMN a_{u} INT NULL", Set.of("ALTER_PRIV", "ADMIN_PRIV"),
                    1142),
            new Kind("drop table", "DROP TABLE p.d_{u}", Set.of("DROP_PRIV", "ADMIN_PRIV"), 1142),
            new Kind("truncate", "TRUNCATE TABLE p.tr", Set.of("LOAD_PRIV", "ADMIN_PRIV"), 1142),
            new Kind("show create table", "SHOW CREATE TABLE p.t", VISIBLE, 1142),
            new Kind("use", "USE p", VISIBLE, 1044),
            new Kind("create database", "CREATE DATABASE db_{u}", Set.of("ADMIN_PRIV"), 1044),
            new Kind("set global", "SET GLOBAL query_timeout = 301", Set.of("ADMIN_PRIV"), 1227),
            new Kind("show tablets", "SHOW TABLETS FROM p.t", Set.of("ADMIN_PRIV"), 1227),
            new Kind("create user", "CREATE USER 'x_{u}'@'%' IDENTIFIED BY 'x'", Set.of("GRANT_PRIV", "ADMIN_PRIV"),
                    1227));

    @BeforeAll
    static void start() throws Exception {
        server = TestServer.start(dir);
        try (Connection root = server.connect()) {
            Accounts.exec(root, "CREATE DATABASE p", "CREATE TABLE p.t " + TABLE, "CREATE TABLE p.src " + TABLE,
                    "CREATE TABLE p.alt " + TABLE, "CREATE TABLE p.tr " + TABLE,
                    "INSERT INTO p.src VALUES (1, 'a'), (2, 'b')");
            for (String privilege : PRIVILEGES) {
                String user = user(privilege);
                Accounts.exec(root, "CREATE USER '" + user + "'@'%' IDENTIFIED BY 'pw_" + user + "'",
                        "CREATE TABLE p.d_" + user + " " + TABLE);
                if (privilege.equals("NONE")) {
                    continue;
                }
                boolean global = Set.of("ADMIN_PRIV", "GRANT_PRIV", "USAGE_PRIV").contains(privilege);
                Accounts.exec(root, "GRANT " + privilege + " ON " + (global ? "*.*" : "p.*") + " TO '" + user + "'@'%'");
            }
        }
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static String user(String privilege) {
        return "u_" + privilege.toLowerCase(Locale.ROOT).replace("_priv", "");
    }

    @Test
    void everyPrivilegeAgainstEveryStatementKindOverMysql() throws Exception {
        List<String> wrong = new ArrayList<>();
        int cases = 0;
        for (String privilege : PRIVILEGES) {
            String user = user(privilege);
            try (Connection c = Accounts.connect(server.port(), user, "pw_" + user)) {
                for (Kind kind : KINDS) {
                    int expected = kind.allowedBy().contains(privilege) ? 0 : kind.deniedCode();
                    int actual = Accounts.errorOf(c, kind.sql(user));
                    cases++;
                    if (actual != expected) {
                        wrong.add(privilege + " x " + kind.name() + ": expected " + expected + ", got " + actual);
                    }
                }
            }
        }
        assertThat(wrong).as("mismatches of " + cases + " cases").isEmpty();
    }

    @Test
    void streamLoadNeedsLoadPrivilegeOnTheTable() throws Exception {
        for (String privilege : PRIVILEGES) {
            String user = user(privilege);
            String reply = Accounts.streamLoad(server.httpPort(), user, "pw_" + user, "p", "src", "9," + user + "\n");
            if (Set.of("LOAD_PRIV", "ADMIN_PRIV").contains(privilege)) {
                assertThat(reply).as(privilege).contains("\"Status\": \"Success\"");
            } else {
                assertThat(reply).as(privilege).contains("\"Status\": \"Fail\"")
                        .contains("LOAD command denied to user '" + user + "'@'127.0.0.1' for table 'p.src'");
            }
        }
        try (Connection root = server.connect()) {
            assertThat(Accounts.column(root, "SELECT v FROM p.src WHERE k = 9 ORDER BY v", 1))
                    .containsExactly("u_admin", "u_load");
        }
    }

    @Test
    void twoPhaseCommitNeedsLoadPrivilegeOnTheDatabase() throws Exception {
        String prepared = Accounts.put(server.httpPort(), "u_load", "pw_u_load", "/api/p/t/_stream_load", "5,two\n",
                "column_separator:,", "two_phase_commit:true", "label:matrix_2pc");
        assertThat(prepared).contains("\"Status\": \"Success\"");
        String denied = Accounts.put(server.httpPort(), "u_select", "pw_u_select", "/api/p/_stream_load_2pc", "",
                "label:matrix_2pc", "txn_operation:commit");
        assertThat(denied).contains("Fail").contains("Access denied for user 'u_select'@'127.0.0.1' to database 'p'");
        String committed = Accounts.put(server.httpPort(), "u_load", "pw_u_load", "/api/p/_stream_load_2pc", "",
                "label:matrix_2pc", "txn_operation:commit");
        assertThat(committed).contains("Success").contains("commit successfully");
    }

    @Test
    void theDatabaseNamedAtConnectNeedsAPrivilegeOnIt() throws Exception {
        try (Connection ignored = java.sql.DriverManager.getConnection("jdbc:mysql://127.0.0.1:" + server.port()
                + "/p?sslMode=DISABLED", "u_none", "pw_u_none")) {
            throw new AssertionError("connecting to p must fail");
        } catch (java.sql.SQLException e) {
            assertThat(e.getErrorCode()).isEqualTo(1044);
        }
        java.sql.DriverManager.getConnection("jdbc:mysql://127.0.0.1:" + server.port() + "/p?sslMode=DISABLED",
                "u_drop", "pw_u_drop").close();
    }

    @Test
    void adminEndpointsOverHttpNeedAdminPrivilege() throws Exception {
        for (String privilege : PRIVILEGES) {
            String user = user(privilege);
            int expected = privilege.equals("ADMIN_PRIV") ? 200 : 403;
            assertThat(Accounts.get(server.httpPort(), user, "pw_" + user, "/metrics")).as(privilege)
                    .isEqualTo(expected);
            assertThat(Accounts.get(server.httpPort(), user, "pw_" + user, "/api/get_wal_size")).as(privilege)
                    .isEqualTo(expected);
        }
        assertThat(Accounts.get(server.httpPort(), "u_admin", "wrong", "/metrics")).isEqualTo(401);
    }

    @Test
    void deniedTextsAreDorisTexts() throws Exception {
        try (Connection c = Accounts.connect(server.port(), "u_load", "pw_u_load")) {
            assertThat(Accounts.messageOf(c, "SELECT * FROM p.t"))
                    .isEqualTo("1142 SELECT command denied to user 'u_load'@'127.0.0.1' for table 'p.t'");
            assertThat(Accounts.messageOf(c, "SET GLOBAL query_timeout = 302")).isEqualTo(
                    "1227 Access denied; you need (at least one of) the (ADMIN) privilege(s) for this operation");
            assertThat(Accounts.messageOf(c, "CREATE DATABASE nope"))
                    .isEqualTo("1044 Access denied for user 'u_load'@'127.0.0.1' to database 'nope'");
        }
    }

    @Test
    void showDatabasesAndTablesListOnlyWhatTheUserMaySee() throws Exception {
        try (Connection root = server.connect()) {
            Accounts.exec(root, "CREATE DATABASE IF NOT EXISTS hidden",
                    "CREATE USER IF NOT EXISTS 'one_table'@'%' IDENTIFIED BY 'x'",
                    "GRANT SELECT_PRIV ON p.src TO 'one_table'@'%'");
        }
        try (Connection c = Accounts.connect(server.port(), "one_table", "x")) {
            assertThat(Accounts.column(c, "SHOW DATABASES", 1)).contains("p").doesNotContain("hidden");
            assertThat(Accounts.column(c, "SHOW TABLES FROM p", 1)).containsExactly("src");
            assertThat(Accounts.errorOf(c, "SELECT count(*) FROM p.src")).isZero();
            assertThat(Accounts.errorOf(c, "SELECT * FROM p.src JOIN p.t ON p.src.k = p.t.k")).isEqualTo(1142);
            assertThat(Accounts.errorOf(c, "SELECT * FROM p.src WHERE k IN (SELECT k FROM p.t)")).isEqualTo(1142);
            assertThat(Accounts.errorOf(c, "WITH x AS (SELECT k FROM p.t) SELECT * FROM x")).isEqualTo(1142);
            assertThat(Accounts.errorOf(c, "EXPLAIN SELECT * FROM p.t")).isEqualTo(1142);
            assertThat(Accounts.errorOf(c, "USE hidden")).isEqualTo(1044);
        }
        try (Connection c = Accounts.connect(server.port(), "u_none", "pw_u_none")) {
            assertThat(Accounts.column(c, "SHOW DATABASES", 1)).doesNotContain("p", "hidden");
        }
    }

    @Test
    void wrongPasswordsAndUnknownUsersAre1045() {
        for (Map.Entry<String, String> login : Map.of("u_select", "nope", "nobody", "pw").entrySet()) {
            try (Connection ignored = Accounts.connect(server.port(), login.getKey(), login.getValue())) {
                throw new AssertionError("login must fail: " + login);
            } catch (java.sql.SQLException e) {
                assertThat(e.getErrorCode()).isEqualTo(1045);
            }
        }
    }
}
