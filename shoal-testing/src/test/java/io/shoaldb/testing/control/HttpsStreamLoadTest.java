package io.shoaldb.testing.control;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.testing.TestServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Stream Load over HTTPS ({@code enable_https}) with curl, next to the plain HTTP port. */
class HttpsStreamLoadTest {
    @TempDir
    Path dir;

    private static String curl(String... args) throws Exception {
        java.util.List<String> command = new java.util.ArrayList<>(java.util.List.of("curl", "-s", "-S"));
        command.addAll(java.util.List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(output).isZero();
        return output;
    }

    @Test
    void streamLoadWorksOverHttpsAndPlainHttpStaysOn() throws Exception {
        try (TestServer server = TestServer.start(dir, Map.of("enable_https", "true"))) {
            try (Connection c = server.connect(); Statement s = c.createStatement()) {
                s.execute("CREATE DATABASE d");
                s.execute("CREATE TABLE d.t (k INT, v VARCHAR(10)) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1");
            }
            Path data = dir.resolve("rows.csv");
            Files.writeString(data, "1,a\n2,b\n3,c\n");
            int https = server.server().httpsPort();
            String reply = curl("-k", "-u", "root:", "-H", "column_separator:,", "-T", data.toString(),
                    "https://127.0.0.1:" + https + "/api/d/t/_stream_load");
            assertThat(reply).contains("\"Status\": \"Success\"").contains("\"NumberLoadedRows\": 3");
            reply = curl("-u", "root:", "-H", "column_separator:,", "-T", data.toString(),
                    "http://127.0.0.1:" + server.httpPort() + "/api/d/t/_stream_load");
            assertThat(reply).contains("\"Status\": \"Success\"");
            // Without -k curl checks the certificate: the self-signed one is not trusted, so it refuses.
            Process strict = new ProcessBuilder("curl", "-s", "https://127.0.0.1:" + https + "/api/health")
                    .redirectErrorStream(true).start();
            strict.getInputStream().readAllBytes();
            assertThat(strict.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(strict.exitValue()).isEqualTo(60);
            try (Connection c = server.connect(); Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT count(*) FROM d.t")) {
                rs.next();
                assertThat(rs.getLong(1)).isEqualTo(6);
            }
        }
    }
}
