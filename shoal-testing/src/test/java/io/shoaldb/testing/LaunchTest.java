package io.shoaldb.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The launcher: config errors stop the start; SIGTERM shuts down cleanly; the start line is logged. */
class LaunchTest {
    @TempDir
    Path dir;

    @Test
    void unknownConfigKeyStopsTheStartWithAClearError() throws Exception {
        Process process = new ProcessBuilder(java(), "-cp", classPath(), "io.shoaldb.server.Main",
                "--storage_root_path=" + dir.resolve("data"), "--no_such_key=1")
                .redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).isEqualTo(2);
        assertThat(output).contains("unknown config key(s): no_such_key");
    }

    @Test
    void invalidValueNamesTheKey() throws Exception {
        Path conf = dir.resolve("shoal.conf");
        Files.writeString(conf, "# test\nquery_port = ninety\n");
        Process process = new ProcessBuilder(java(), "-cp", classPath(), "io.shoaldb.server.Main",
                "--conf", conf.toString()).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).isEqualTo(2);
        assertThat(output).contains("invalid value 'ninety' for query_port");
    }

    @Test
    void sigtermShutsDownCleanlyAndTheLogHasTheStartLine() throws Exception {
        ServerProcess server = ServerProcess.start(dir);
        try (Connection c = DriverManager.getConnection(server.jdbcUrl("", ""), "root", "");
                Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT 1")) {
            assertThat(rs.next()).isTrue();
        }
        // 143 = 128 + SIGTERM: the JVM reports the signal after running the shutdown hook to completion.
        assertThat(server.terminate()).isEqualTo(143);
        String log = Files.readString(dir.resolve("log").resolve("shoal.log"));
        assertThat(log).contains("started: query_port=" + server.port()).contains("ShoalDB stopped");
        // A second server on the same data starts once the first is gone.
        try (ServerProcess again = ServerProcess.start(dir)) {
            assertThat(again.port()).isPositive();
        }
    }

    @Test
    void twoServersCannotShareADataDirectory() throws Exception {
        try (ServerProcess first = ServerProcess.start(dir)) {
            IOException refused = org.junit.jupiter.api.Assertions.assertThrows(IOException.class,
                    () -> ServerProcess.start(dir));
            assertThat(refused.getMessage()).contains("another ShoalDB server is using");
        }
    }

    private static String java() {
        return ProcessHandle.current().info().command().orElse("java");
    }

    private static String classPath() {
        String surefire = System.getProperty("surefire.test.class.path");
        return surefire != null ? surefire : System.getProperty("java.class.path");
    }
}
