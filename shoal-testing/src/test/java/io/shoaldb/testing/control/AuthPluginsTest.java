package io.shoaldb.testing.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mysql.cj.jdbc.JdbcConnection;
import io.shoaldb.testing.TestServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * caching_sha2_password and mysql_native_password with real clients: MySQL Connector/J, MariaDB Connector/J, the
 * mysql CLI (MariaDB's, with its caching_sha2_password plugin) and PyMySQL; first logins (full authentication:
 * the password over TLS, or RSA-encrypted without TLS) and later ones (the fast path from the in-memory cache),
 * wrong passwords on both paths, and COM_CHANGE_USER.
 */
class AuthPluginsTest {
    static final String PASSWORD = "s3cret-pw";
    static final String SHA2 = "defaultAuthenticationPlugin=caching_sha2_password";
    /** Connector/J's refusal to fetch the server's RSA key: the sign that the server asked for full authentication. */
    static final String NO_KEY_RETRIEVAL = "Public Key Retrieval is not allowed";

    /** Logs in with PyMySQL; prints "OK <cipher or plain>" or "ERROR <code>". */
    static final String PYMYSQL_LOGIN = """
            import sys, pymysql
            port, password, ssl = int(sys.argv[1]), sys.argv[2], sys.argv[3] == "tls"
            kwargs = {"ssl": {"check_hostname": False}} if ssl else {}
            try:
                c = pymysql.connect(host="127.0.0.1", port=port, user="root", password=password, **kwargs)
            except pymysql.err.OperationalError as e:
                print("ERROR", e.args[0])
                sys.exit(0)
            cur = c.cursor()
            cur.execute("SHOW STATUS LIKE 'Ssl_cipher'")
            print("OK", cur.fetchone()[1] or "plain")
            c.close()
            """;

    @TempDir
    Path dir;

    private TestServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private void start(String defaultPlugin) throws Exception {
        server = TestServer.start(dir, Map.of("root_password", PASSWORD, "default_authentication_plugin",
                defaultPlugin));
    }

    private Connection connectorJ(String password, String params) throws SQLException {
        return DriverManager.getConnection("jdbc:mysql://127.0.0.1:" + server.port() + "/?" + params, "root",
                password);
    }

    private static String one(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            assertThat(rs.next()).isTrue();
            return rs.getString(rs.getMetaData().getColumnCount());
        }
    }

    private static void assertAccessDenied(ThrowingConnect connect) {
        assertThatThrownBy(connect::run).isInstanceOfSatisfying(SQLException.class,
                e -> assertThat(e.getErrorCode()).as(e.getMessage()).isEqualTo(1045));
    }

    interface ThrowingConnect {
        void run() throws Exception;
    }

    @Test
    void connectorJAsksForCachingSha2OnANativeDefaultServer() throws Exception {
        start("mysql_native_password");
        // Over TLS the first login sends the password in clear (full authentication) and fills the cache.
        try (Connection c = connectorJ(PASSWORD, "sslMode=REQUIRED&" + SHA2)) {
            assertThat(one(c, "SHOW STATUS LIKE 'Ssl_cipher'")).startsWith("TLS_");
            assertThat(one(c, "SELECT CURRENT_USER()")).isEqualTo("'root'@'%'");
        }
        assertAccessDenied(() -> connectorJ("wrong", "sslMode=REQUIRED&" + SHA2).close());
        // Without TLS: the fast path for the cached password; a cache miss would be switched to native instead of
        // asking for the RSA key, which Connector/J refuses by default.
        try (Connection c = connectorJ(PASSWORD, "sslMode=DISABLED&" + SHA2)) {
            assertThat(one(c, "SELECT 40 + 2")).isEqualTo("42");
        }
        assertAccessDenied(() -> connectorJ("wrong", "sslMode=DISABLED&" + SHA2).close());
        try (Connection c = connectorJ(PASSWORD, "sslMode=DISABLED")) {
            assertThat(one(c, "SELECT 1")).isEqualTo("1");
        }
    }

    @Test
    void cachingSha2DefaultFullThenFastPathAndTheCacheLivesInMemoryOnly() throws Exception {
        start("caching_sha2_password");
        Path key = dir.resolve("data/meta/auth/caching_sha2_password_private_key.pk8");
        assertThat(key).exists();
        byte[] keyBytes = Files.readAllBytes(key);
        // Nothing cached: the server asks for full authentication, which without TLS needs the RSA key.
        assertThatThrownBy(() -> connectorJ(PASSWORD, "sslMode=DISABLED&" + SHA2).close())
                .hasMessageContaining(NO_KEY_RETRIEVAL);
        assertAccessDenied(() -> connectorJ("wrong", "sslMode=DISABLED&allowPublicKeyRetrieval=true&" + SHA2).close());
        try (Connection c = connectorJ(PASSWORD, "sslMode=DISABLED&allowPublicKeyRetrieval=true&" + SHA2)) {
            assertThat(one(c, "SHOW STATUS LIKE 'Ssl_cipher'")).isEmpty();
        }
        // Cached now: the fast path needs no key.
        try (Connection c = connectorJ(PASSWORD, "sslMode=DISABLED&" + SHA2)) {
            assertThat(one(c, "SELECT 40 + 2")).isEqualTo("42");
        }
        // A wrong password misses the fast path and falls to full authentication, as in MySQL.
        assertThatThrownBy(() -> connectorJ("wrong", "sslMode=DISABLED&" + SHA2).close())
                .hasMessageContaining(NO_KEY_RETRIEVAL);
        assertAccessDenied(() -> connectorJ("wrong", "sslMode=DISABLED&allowPublicKeyRetrieval=true&" + SHA2).close());
        // A client starting with native is switched to caching_sha2_password, and served from the cache.
        try (Connection c = connectorJ(PASSWORD, "sslMode=DISABLED&defaultAuthenticationPlugin=mysql_native_password")) {
            assertThat(one(c, "SELECT 1")).isEqualTo("1");
        }

        server.restart();
        assertThat(Files.readAllBytes(key)).isEqualTo(keyBytes);
        assertThatThrownBy(() -> connectorJ(PASSWORD, "sslMode=DISABLED&" + SHA2).close())
                .hasMessageContaining(NO_KEY_RETRIEVAL);
        try (Connection c = connectorJ(PASSWORD, "sslMode=REQUIRED&" + SHA2)) {
            assertThat(one(c, "SHOW STATUS LIKE 'Ssl_cipher'")).startsWith("TLS_");
        }
        try (Connection c = connectorJ(PASSWORD, "sslMode=DISABLED&" + SHA2)) {
            assertThat(one(c, "SELECT 1")).isEqualTo("1");
        }
    }

    @Test
    void everyClientAcceptsTheCertificateProofInANativeLoginOverTls() throws Exception {
        start("mysql_native_password");
        try (Connection c = connectorJ(PASSWORD, "sslMode=REQUIRED")) {
            assertThat(one(c, "SHOW STATUS LIKE 'Ssl_cipher'")).startsWith("TLS_");
        }
        Result cli = mysql(PASSWORD, "--ssl", "-e", "SHOW STATUS LIKE 'Ssl_cipher'");
        assertThat(cli.exitCode()).as(cli.output()).isZero();
        assertThat(cli.output()).containsPattern("Ssl_cipher\tTLS_\\w+");
        Path file = dir.resolve("login.py");
        Files.writeString(file, PYMYSQL_LOGIN);
        assertThat(python(file, PASSWORD, "tls")).startsWith("OK TLS_");
        assertThat(python(file, PASSWORD, "plain")).isEqualTo("OK plain");
        assertThat(python(file, "wrong", "tls")).isEqualTo("ERROR 1045");
    }

    @Test
    void nativeDefaultMakesNoRsaKey() throws Exception {
        start("mysql_native_password");
        assertThat(dir.resolve("data/meta/auth")).doesNotExist();
    }

    @Test
    void changeUserReauthenticatesAndResetsTheSession() throws Exception {
        start("caching_sha2_password");
        for (String params : List.of("sslMode=REQUIRED&" + SHA2,
                "sslMode=DISABLED&allowPublicKeyRetrieval=true&" + SHA2)) {
            try (Connection c = connectorJ(PASSWORD, params); Statement s = c.createStatement()) {
                s.execute("SET query_timeout = 77");
                assertThat(one(c, "SELECT @@query_timeout")).isEqualTo("77");
                try (PreparedStatement ps = c.prepareStatement("SELECT ?")) {
                    ps.setInt(1, 1);
                    ps.executeQuery().close();
                }
                long before = Long.parseLong(one(c, "SELECT CONNECTION_ID()"));
                c.unwrap(JdbcConnection.class).changeUser("root", PASSWORD);
                assertThat(one(c, "SELECT @@query_timeout")).as("session variables are reset").isEqualTo("900");
                assertThat(Long.parseLong(one(c, "SELECT CONNECTION_ID()"))).isEqualTo(before);
                assertThat(one(c, "SELECT CURRENT_USER()")).isEqualTo("'root'@'%'");

                assertThatThrownBy(() -> c.unwrap(JdbcConnection.class).changeUser("root", "wrong"))
                        .isInstanceOfSatisfying(SQLException.class,
                                e -> assertThat(e.getErrorCode()).as(e.getMessage()).isEqualTo(1045));
                assertThatThrownBy(() -> one(c, "SELECT 1")).isInstanceOf(SQLException.class);
            }
        }
        try (Connection c = connectorJ(PASSWORD, "sslMode=DISABLED&" + SHA2)) {
            assertThat(one(c, "SELECT 1")).isEqualTo("1");
        }
    }

    @Test
    void changeUserOnANativeDefaultServer() throws Exception {
        start("mysql_native_password");
        try (Connection c = connectorJ(PASSWORD, "sslMode=DISABLED"); Statement s = c.createStatement()) {
            s.execute("SET query_timeout = 77");
            c.unwrap(JdbcConnection.class).changeUser("root", PASSWORD);
            assertThat(one(c, "SELECT @@query_timeout")).isEqualTo("900");
            // COM_RESET_CONNECTION keeps the user and resets the session in place.
            s.execute("SET query_timeout = 78");
            c.unwrap(JdbcConnection.class).resetServerState();
            assertThat(one(c, "SELECT @@query_timeout")).isEqualTo("900");
            assertThat(one(c, "SELECT CURRENT_USER()")).isEqualTo("'root'@'%'");
            assertThatThrownBy(() -> c.unwrap(JdbcConnection.class).changeUser("nobody", PASSWORD))
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1045));
        }
    }

    @Test
    void aFloodOfWrongPasswordsLeavesTheServerServing() throws Exception {
        start("caching_sha2_password");
        int threads = 8;
        int attemptsEach = 25;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            long started = System.nanoTime();
            List<Future<Integer>> results = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                // Half take the RSA path (the costly one for the server), half are refused over TLS.
                String params = t % 2 == 0 ? "sslMode=DISABLED&allowPublicKeyRetrieval=true&" + SHA2
                        : "sslMode=REQUIRED&" + SHA2;
                results.add(pool.submit(() -> {
                    int denied = 0;
                    for (int i = 0; i < attemptsEach; i++) {
                        try {
                            connectorJ("wrong" + i, params).close();
                        } catch (SQLException e) {
                            if (e.getErrorCode() == 1045) {
                                denied++;
                            }
                        }
                    }
                    return denied;
                }));
            }
            try (Connection c = connectorJ(PASSWORD, "sslMode=DISABLED&allowPublicKeyRetrieval=true&" + SHA2)) {
                assertThat(one(c, "SELECT 1")).isEqualTo("1");
            }
            int denied = 0;
            for (Future<Integer> result : results) {
                denied += result.get();
            }
            double seconds = (System.nanoTime() - started) / 1e9;
            assertThat(denied).isEqualTo(threads * attemptsEach);
            System.out.printf("auth flood over Connector/J: %d wrong logins denied in %.2f s (%.0f/s)%n", denied,
                    seconds, denied / seconds);
        } finally {
            pool.shutdownNow();
        }
        try (Connection c = connectorJ(PASSWORD, "sslMode=DISABLED&" + SHA2)) {
            assertThat(one(c, "SELECT 40 + 2")).isEqualTo("42");
        }
    }

    @Test
    void mariaDbConnectorWithDefaultSettingsAcceptsTheSelfSignedCertificateByThePasswordProof() throws Exception {
        start("mysql_native_password");
        String url = "jdbc:mariadb://127.0.0.1:" + server.port() + "/";
        // Its defaults ask for TLS and verify the certificate; the self-signed one passes by the proof in the OK.
        try (Connection c = DriverManager.getConnection(url, "root", PASSWORD)) {
            assertThat(one(c, "SHOW STATUS LIKE 'Ssl_cipher'")).startsWith("TLS_");
            assertThat(one(c, "SELECT CURRENT_USER()")).isEqualTo("'root'@'%'");
        }
        assertAccessDenied(() -> DriverManager.getConnection(url, "root", "wrong").close());
    }

    @Test
    void mariaDbConnectorWithCachingSha2() throws Exception {
        start("caching_sha2_password");
        String url = "jdbc:mariadb://127.0.0.1:" + server.port() + "/";
        // caching_sha2_password cannot prove the password hash, so the self-signed certificate needs trust.
        assertThatThrownBy(() -> DriverManager.getConnection(url, "root", PASSWORD).close())
                .hasMessageContaining("Self signed certificates");
        try (Connection c = DriverManager.getConnection(url + "?sslMode=trust", "root", PASSWORD)) {
            assertThat(one(c, "SHOW STATUS LIKE 'Ssl_cipher'")).startsWith("TLS_");
        }
        try (Connection c = DriverManager.getConnection(url + "?sslMode=disable", "root", PASSWORD)) {
            assertThat(one(c, "SELECT 40 + 2")).isEqualTo("42");
        }
        assertThatThrownBy(() -> DriverManager.getConnection(url + "?sslMode=disable", "root", "wrong").close())
                .isInstanceOf(SQLException.class);
        assertAccessDenied(() -> DriverManager.getConnection(url + "?sslMode=disable&allowPublicKeyRetrieval=true",
                "root", "wrong").close());
        server.restart();
        String restarted = "jdbc:mariadb://127.0.0.1:" + server.port() + "/?sslMode=disable&allowPublicKeyRetrieval=true";
        try (Connection c = DriverManager.getConnection(restarted, "root", PASSWORD)) {
            assertThat(one(c, "SELECT 1")).isEqualTo("1");
        }
    }

    @Test
    void mysqlCliWithCachingSha2() throws Exception {
        start("caching_sha2_password");
        // The first login over TLS sends the password in clear; the second, without TLS, takes the fast path.
        Result tls = mysql(PASSWORD, "--ssl", "--default-auth=caching_sha2_password", "-e",
                "SHOW STATUS LIKE 'Ssl_cipher'");
        assertThat(tls.exitCode()).as(tls.output()).isZero();
        assertThat(tls.output()).containsPattern("Ssl_cipher\tTLS_\\w+");
        Result fast = mysql(PASSWORD, "--skip-ssl", "--default-auth=caching_sha2_password", "-e", "SELECT 40 + 2");
        assertThat(fast.exitCode()).as(fast.output()).isZero();
        assertThat(fast.output()).contains("42");
        Result wrong = mysql("wrong", "--skip-ssl", "--default-auth=caching_sha2_password", "-e", "SELECT 1");
        assertThat(wrong.exitCode()).isNotZero();
        assertThat(wrong.output()).contains("1045");
        Result nativeClient = mysql(PASSWORD, "--skip-ssl", "-e", "SELECT 1");
        assertThat(nativeClient.exitCode()).as(nativeClient.output()).isZero();
    }

    @Test
    void mysqlCliFirstLoginWithoutTlsFetchesTheRsaKey() throws Exception {
        start("caching_sha2_password");
        Result rsa = mysql(PASSWORD, "--skip-ssl", "--default-auth=caching_sha2_password", "-e", "SELECT 40 + 2");
        assertThat(rsa.exitCode()).as(rsa.output()).isZero();
        assertThat(rsa.output()).contains("42");
        Result wrong = mysql("wrong", "--skip-ssl", "--default-auth=caching_sha2_password", "-e", "SELECT 1");
        assertThat(wrong.output()).contains("1045");
    }

    @Test
    void pymysqlFirstAndSecondLogin() throws Exception {
        start("caching_sha2_password");
        Path file = dir.resolve("login.py");
        Files.writeString(file, PYMYSQL_LOGIN);
        assertThat(python(file, PASSWORD, "plain")).as("full path, RSA").isEqualTo("OK plain");
        assertThat(python(file, PASSWORD, "plain")).as("fast path").isEqualTo("OK plain");
        assertThat(python(file, "wrong", "plain")).isEqualTo("ERROR 1045");
        server.restart();
        assertThat(python(file, "wrong", "tls")).isEqualTo("ERROR 1045");
        assertThat(python(file, PASSWORD, "tls")).as("full path, TLS").startsWith("OK TLS_");
        assertThat(python(file, PASSWORD, "plain")).as("fast path").isEqualTo("OK plain");
    }

    private String python(Path script, String password, String mode) throws Exception {
        // Debian's python3 with python3-pymysql and python3-cryptography (installed by .ci/run).
        Process process = new ProcessBuilder("/usr/bin/python3", script.toString(), String.valueOf(server.port()),
                password, mode).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(output).isZero();
        return output.strip();
    }

    record Result(int exitCode, String output) {
    }

    private Result mysql(String password, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("mysql", "-h127.0.0.1", "-P" + server.port(), "-uroot",
                "-p" + password, "--batch"));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new Result(process.exitValue(), output);
    }
}
