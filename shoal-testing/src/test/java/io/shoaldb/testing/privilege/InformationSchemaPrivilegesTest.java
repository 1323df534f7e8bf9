package io.shoaldb.testing.privilege;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.testing.TestServer;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * information_schema for users other than root: its privilege tables list the real grants (an administrator's
 * of every account, anyone else's its own), its catalog tables only the databases and tables the user may see, and
 * nobody may write to it (1044).
 */
class InformationSchemaPrivilegesTest {
    private static final String TABLE = "(k INT NOT NULL, v VARCHAR(20) NULL) UNIQUE KEY(k) "
            + "DISTRIBUTED BY HASH(k) BUCKETS 1";

    @TempDir
    static Path dir;
    static TestServer server;

    @BeforeAll
    static void start() throws Exception {
        server = TestServer.start(dir);
        try (Connection root = server.connect()) {
            Accounts.exec(root, "CREATE DATABASE a", "CREATE TABLE a.t1 " + TABLE, "CREATE TABLE a.t2 " + TABLE,
                    "CREATE DATABASE b", "CREATE TABLE b.t3 " + TABLE, "CREATE DATABASE c",
                    "CREATE TABLE c.t4 " + TABLE,
                    "CREATE USER 'u1'@'%' IDENTIFIED BY 'p1'",
                    "GRANT SELECT_PRIV ON a.t1 TO 'u1'@'%'",
                    "GRANT LOAD_PRIV, GRANT_PRIV ON b.* TO 'u1'@'%'",
                    "CREATE USER 'u2'@'%' IDENTIFIED BY 'p2'",
                    "GRANT SELECT_PRIV ON *.* TO 'u2'@'%'");
        }
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static Connection as(String user, String password) throws SQLException {
        return Accounts.connect(server.port(), user, password);
    }

    @Test
    void privilegeTablesListTheRealGrants() throws Exception {
        try (Connection u1 = as("u1", "p1")) {
            assertThat(Accounts.column(u1, "SELECT concat(grantee, ' ', privilege_type, ' ', is_grantable)"
                    + " FROM information_schema.user_privileges", 1)).isEmpty();
            assertThat(Accounts.column(u1, "SELECT concat(grantee, ' ', table_catalog, ' ', table_schema, ' ',"
                    + " privilege_type, ' ', is_grantable) FROM information_schema.schema_privileges"
                    + " ORDER BY privilege_type", 1))
                    .containsExactly("'u1'@'%' def b Grant_priv YES", "'u1'@'%' def b Load_priv YES");
            assertThat(Accounts.column(u1, "SELECT concat(grantee, ' ', table_schema, '.', table_name, ' ',"
                    + " privilege_type, ' ', is_grantable) FROM information_schema.table_privileges", 1))
                    .containsExactly("'u1'@'%' a.t1 Select_priv NO");
        }
        try (Connection u2 = as("u2", "p2")) {
            assertThat(Accounts.column(u2, "SELECT concat(grantee, ' ', privilege_type, ' ', is_grantable)"
                    + " FROM information_schema.user_privileges", 1)).containsExactly("'u2'@'%' Select_priv NO");
            assertThat(Accounts.column(u2, "SELECT count(*) FROM information_schema.schema_privileges", 1))
                    .containsExactly("0");
        }
        try (Connection root = server.connect()) {
            assertThat(Accounts.column(root, "SELECT DISTINCT grantee FROM information_schema.user_privileges"
                    + " ORDER BY grantee", 1)).containsExactly("'admin'@'%'", "'root'@'%'", "'u2'@'%'");
            assertThat(Accounts.column(root, "SELECT concat(grantee, ' ', table_schema, ' ', privilege_type)"
                    + " FROM information_schema.schema_privileges ORDER BY 1", 1))
                    .containsExactly("'u1'@'%' b Grant_priv", "'u1'@'%' b Load_priv");
            // A revoke shows at once.
            Accounts.exec(root, "REVOKE SELECT_PRIV ON a.t1 FROM 'u1'@'%'");
            assertThat(Accounts.column(root, "SELECT count(*) FROM information_schema.table_privileges", 1))
                    .containsExactly("0");
            Accounts.exec(root, "GRANT SELECT_PRIV ON a.t1 TO 'u1'@'%'");
        }
    }

    @Test
    void catalogTablesListOnlyWhatTheUserMaySee() throws Exception {
        try (Connection u1 = as("u1", "p1")) {
            assertThat(Accounts.column(u1, "SELECT schema_name FROM information_schema.schemata ORDER BY 1", 1))
                    .containsExactly("a", "b", "information_schema");
            assertThat(Accounts.column(u1, "SELECT concat(table_schema, '.', table_name) FROM"
                    + " information_schema.tables WHERE table_schema <> 'information_schema' ORDER BY 1", 1))
                    .containsExactly("a.t1", "b.t3");
            assertThat(Accounts.column(u1, "SELECT DISTINCT concat(table_schema, '.', table_name) FROM"
                    + " information_schema.columns WHERE table_schema <> 'information_schema' ORDER BY 1", 1))
                    .containsExactly("a.t1", "b.t3");
            assertThat(Accounts.column(u1, "SELECT DISTINCT concat(table_schema, '.', table_name) FROM"
                    + " information_schema.statistics ORDER BY 1", 1)).containsExactly("a.t1", "b.t3");
            // The same as SHOW TABLES and the other SHOW statements drivers send say.
            assertThat(Accounts.column(u1, "SHOW TABLES FROM a", 1)).containsExactly("t1");
            assertThat(Accounts.column(u1, "SHOW TABLE STATUS FROM a", 1)).containsExactly("t1");
            assertThat(Accounts.column(u1, "SHOW INDEX FROM a.t1", 3)).containsExactly("PRIMARY");
            assertThat(Accounts.errorOf(u1, "SHOW INDEX FROM a.t2")).isEqualTo(1142);
            // information_schema's own tables stay listed for everyone.
            assertThat(Accounts.column(u1, "SELECT count(*) FROM information_schema.tables"
                    + " WHERE table_name = 'user_privileges'", 1)).containsExactly("1");
        }
        try (Connection u2 = as("u2", "p2")) {
            assertThat(Accounts.column(u2, "SELECT schema_name FROM information_schema.schemata ORDER BY 1", 1))
                    .containsExactly("a", "b", "c", "information_schema");
        }
        try (Connection root = server.connect()) {
            assertThat(Accounts.column(root, "SELECT count(*) FROM information_schema.tables"
                    + " WHERE table_schema IN ('a', 'b', 'c')", 1)).containsExactly("4");
        }
    }

    @Test
    void nobodyWritesToInformationSchema() throws Exception {
        for (String[] login : new String[][] {{"root", ""}, {"u1", "p1"}}) {
            try (Connection c = as(login[0], login[1])) {
                for (String write : new String[] {
                        "INSERT INTO information_schema.engines VALUES ('X', 'NO', '', 'NO', 'NO', 'NO')",
                        "CREATE TABLE information_schema.mine " + TABLE,
                        "DROP TABLE information_schema.tables",
                        "TRUNCATE TABLE information_schema.tables",
                        "DROP DATABASE information_schema"}) {
                    assertThat(Accounts.messageOf(c, write)).as(write).startsWith("1044 Access denied for user '"
                            + login[0] + "'@'127.0.0.1' to database 'information_schema'");
                }
            }
        }
        assertThat(Accounts.streamLoad(server.httpPort(), "root", "", "information_schema", "engines", "X,NO\n"))
                .contains("to database 'information_schema'");
        try (Connection root = server.connect()) {
            assertThat(Accounts.errorOf(root, "CREATE DATABASE information_schema")).as("it exists").isEqualTo(1007);
            assertThat(Accounts.column(root, "SELECT count(*) FROM information_schema.engines", 1))
                    .containsExactly("1");
        }
    }
}
