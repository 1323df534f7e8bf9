package io.shoaldb.testing.vault;

import io.shoaldb.testing.ResultRows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.objectstore.testing.S3TestServer;
import io.shoaldb.testing.ServerProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * CREATE STORAGE VAULT against a real S3-compatible server, SHOW STORAGE VAULTS, the default vault; durable across
 * SIGKILL; admins only; the secret key never shown nor logged.
 */
class StorageVaultStatementsTest {
    private static final String SECRET = S3TestServer.SECRET_KEY;

    @TempDir
    Path dir;

    private static String create(String name, S3TestServer s3, String secret) {
        return "CREATE STORAGE VAULT " + name + " PROPERTIES (\"type\" = \"S3\", \"s3.endpoint\" = \"127.0.0.1:"
                + s3.port() + "\", \"s3.region\" = \"" + S3TestServer.REGION + "\", \"s3.bucket\" = \"shoal\", "
                + "\"s3.root.path\" = \"" + name + "\", \"s3.access_key\" = \"" + S3TestServer.ACCESS_KEY + "\", "
                + "\"s3.secret_key\" = \"" + secret + "\", \"provider\" = \"S3\", \"use_path_style\" = \"true\")";
    }

    @Test
    void vaultsAreCheckedShownWithoutTheirSecretAndDurable() throws Exception {
        try (S3TestServer s3 = S3TestServer.start(Files.createDirectories(dir.resolve("s3")), "shoal")) {
            try (ServerProcess server = ServerProcess.start(dir.resolve("shoal"));
                 Connection root = DriverManager.getConnection(server.jdbcUrl("", ""), "root", "");
                 Statement st = root.createStatement()) {
                st.execute(create("hot_vault", s3, SECRET));
                st.execute(create("cold_vault", s3, SECRET));
                st.execute(create("hot_vault", s3, SECRET).replace("VAULT hot_vault", "VAULT IF NOT EXISTS hot_vault"));
                assertError(st, create("hot_vault", s3, SECRET), "Storage vault 'hot_vault' already exists");
                assertError(st, create("bad_key", s3, "not-the-secret"), "Cannot reach storage vault 'bad_key'");
                assertError(st, create("bad_bucket", s3, SECRET).replace("\"shoal\"", "\"no-such-bucket\""),
                        "Cannot reach storage vault 'bad_bucket'");
                assertError(st, create("no_type", s3, SECRET).replace("\"type\" = \"S3\", ", ""),
                        "Missing property 'type' for storage vault 'no_type'");
                st.execute("CREATE DATABASE d");
                assertError(st, "CREATE TABLE d.t (k INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1"
                        + " PROPERTIES ('storage_vault_name' = 'nope')", "Storage vault 'nope' does not exist");
                assertThat(rows(st, "SHOW TABLES FROM d")).isEmpty();
                st.execute("SET cold_vault AS DEFAULT STORAGE VAULT");
                assertError(st, "SET nope AS DEFAULT STORAGE VAULT", "Storage vault 'nope' does not exist");
                st.execute("CREATE USER 'plain' IDENTIFIED BY 'pw'");
                try (Connection plain = DriverManager.getConnection(server.jdbcUrl("", ""), "plain", "pw");
                     Statement p = plain.createStatement()) {
                    assertThatThrownBy(() -> p.executeQuery("SHOW STORAGE VAULTS"))
                            .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1227));
                }
                server.kill();
            }
            try (ServerProcess server = ServerProcess.start(dir.resolve("shoal"));
                 Connection root = DriverManager.getConnection(server.jdbcUrl("", ""), "root", "");
                 Statement st = root.createStatement()) {
                List<List<String>> rows = rows(st, "SHOW STORAGE VAULTS");
                assertThat(rows).extracting(r -> r.get(0)).containsExactly("cold_vault", "hot_vault");
                assertThat(rows).extracting(r -> r.get(3)).containsExactly("true", "false");
                assertThat(rows.get(1).get(2)).contains("\"s3.root.path\" = \"hot_vault\"", "\"type\" = \"S3\"",
                        "\"s3.secret_key\" = \"xxxxxx\"").doesNotContain(SECRET);
                st.execute("UNSET DEFAULT STORAGE VAULT");
                assertThat(rows(st, "SHOW STORAGE VAULT")).extracting(r -> r.get(3)).containsOnly("false");
                assertThat(server.terminate()).isEqualTo(143);
            }
        }
        List<String> audit = Files.readAllLines(dir.resolve("shoal").resolve("log").resolve("shoal.audit.log"));
        assertThat(audit).anySatisfy(l -> assertThat(l).contains("CREATE STORAGE VAULT `hot_vault`"));
        assertThat(audit).noneSatisfy(l -> assertThat(l).contains(SECRET));
    }

    private static void assertError(Statement st, String sql, String message) {
        assertThatThrownBy(() -> st.execute(sql)).as(sql).isInstanceOfSatisfying(SQLException.class,
                e -> assertThat(e.getMessage()).contains(message));
    }

    private static List<List<String>> rows(Statement s, String sql) throws SQLException {
        return ResultRows.of(s, sql);
    }
}
