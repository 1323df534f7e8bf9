package io.shoaldb.testing.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.testing.TestServer;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TLS on the MySQL port: on by default with a self-signed certificate made at the first start and kept across
 * restarts; Connector/J and the mysql CLI connect over it; require_secure_transport refuses plain logins; bytes
 * that are not TLS after an SSLRequest close that connection only.
 */
class TlsTest {
    @TempDir
    Path dir;

    private TestServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private Connection connect(String sslMode) throws SQLException {
        String url = "jdbc:mysql://127.0.0.1:" + server.port() + "/?sslMode=" + sslMode
                + "&allowPublicKeyRetrieval=true";
        return DriverManager.getConnection(url, "root", "");
    }

    private static String sslCipher(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SHOW STATUS LIKE 'Ssl_cipher'")) {
            assertThat(rs.next()).isTrue();
            return rs.getString(2);
        }
    }

    @Test
    void connectorJConnectsOverTlsWithTheSelfSignedCertificateKeptAcrossRestarts() throws Exception {
        server = TestServer.start(dir);
        Path certificate = dir.resolve("data/meta/tls/server-certificate.p12");
        byte[] first = Files.readAllBytes(certificate);
        try (Connection tls = connect("REQUIRED"); Connection plain = connect("DISABLED")) {
            assertThat(sslCipher(tls)).startsWith("TLS_");
            assertThat(sslCipher(plain)).isEmpty();
            try (Statement s = tls.createStatement(); ResultSet rs = s.executeQuery("SELECT 40 + 2")) {
                rs.next();
                assertThat(rs.getInt(1)).isEqualTo(42);
            }
        }
        server.restart();
        assertThat(Files.readAllBytes(certificate)).isEqualTo(first);
        try (Connection tls = connect("REQUIRED")) {
            assertThat(sslCipher(tls)).startsWith("TLS_");
        }
    }

    @Test
    void theMysqlCliConnectsWithSsl() throws Exception {
        server = TestServer.start(dir);
        Process process = new ProcessBuilder("mysql", "-h127.0.0.1", "-P" + server.port(), "-uroot", "--batch",
                "--ssl", "-e", "SHOW STATUS LIKE 'Ssl_cipher'").redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(output).isZero();
        assertThat(output).containsPattern("Ssl_cipher\tTLS_\\w+");
    }

    @Test
    void requireSecureTransportRefusesPlainLogins() throws Exception {
        server = TestServer.start(dir, Map.of("require_secure_transport", "true"));
        assertThatThrownBy(() -> connect("DISABLED").close()).isInstanceOf(SQLException.class)
                .hasMessageContaining("Connections using insecure transport are prohibited")
                .satisfies(e -> assertThat(((SQLException) e).getErrorCode()).isEqualTo(3159));
        try (Connection tls = connect("REQUIRED")) {
            assertThat(sslCipher(tls)).startsWith("TLS_");
        }
    }

    @Test
    void tlsCanBeTurnedOff() throws Exception {
        server = TestServer.start(dir, Map.of("enable_ssl", "false"));
        assertThatThrownBy(() -> connect("REQUIRED").close()).isInstanceOf(SQLException.class);
        try (Connection plain = connect("PREFERRED")) {
            assertThat(sslCipher(plain)).isEmpty();
        }
        assertThat(dir.resolve("data/meta/tls")).doesNotExist();
    }

    @Test
    void garbageInsteadOfATlsHandshakeClosesThatConnectionOnly() throws Exception {
        server = TestServer.start(dir);
        try (Socket socket = new Socket("127.0.0.1", server.port())) {
            socket.setSoTimeout(30_000);
            InputStream in = socket.getInputStream();
            readPacket(in); // the greeting
            OutputStream out = socket.getOutputStream();
            byte[] sslRequest = new byte[4 + 32];
            sslRequest[0] = 32;
            sslRequest[3] = 1;
            int capabilities = 1 << 9 | 1 << 11 | 1 << 15; // PROTOCOL_41, SSL, SECURE_CONNECTION
            sslRequest[4] = (byte) capabilities;
            sslRequest[5] = (byte) (capabilities >> 8);
            out.write(sslRequest);
            byte[] garbage = new byte[512];
            Arrays.fill(garbage, (byte) 0x41);
            out.write(garbage);
            out.flush();
            assertThat(readToEnd(in)).isTrue();
        }
        try (Connection tls = connect("REQUIRED")) {
            assertThat(sslCipher(tls)).startsWith("TLS_");
        }
    }

    private static byte[] readPacket(InputStream in) throws IOException {
        DataInputStream data = new DataInputStream(in);
        byte[] header = new byte[4];
        data.readFully(header);
        int length = (header[0] & 0xFF) | (header[1] & 0xFF) << 8 | (header[2] & 0xFF) << 16;
        byte[] payload = new byte[length];
        data.readFully(payload);
        return payload;
    }

    /** True once the server has closed the connection (whatever it sent before, e.g. a TLS alert). */
    private static boolean readToEnd(InputStream in) throws IOException {
        byte[] buffer = new byte[1024];
        while (true) {
            try {
                if (in.read(buffer) < 0) {
                    return true;
                }
            } catch (java.net.SocketException reset) {
                return true;
            }
        }
    }
}
