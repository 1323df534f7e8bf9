package io.shoaldb.testing.streamload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.shoaldb.testing.TestServer;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The seed's commands against the whole server: DDL over JDBC, Stream Load with curl on the HTTP port, row
 * counts over JDBC. Runs once TestServer exposes {@code httpPort()} (ShoalServer wiring); skipped before.
 */
class ServerWiringTest {
    @TempDir
    Path dir;

    @Test
    void seedCommandsAgainstTheRealServer() throws Exception {
        Method httpPort;
        try {
            httpPort = TestServer.class.getMethod("httpPort");
        } catch (NoSuchMethodException e) {
            httpPort = null;
        }
        assumeTrue(httpPort != null, "ShoalServer does not open its HTTP port yet");
        try (TestServer server = TestServer.start(dir.resolve("server"),
                Map.of("http_port", "0", "webserver_port", "0"));
             Connection c = server.connect(); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE db");
            s.execute("CREATE TABLE db.dt (id INT, name VARCHAR(50)) DUPLICATE KEY(id) "
                    + "DISTRIBUTED BY HASH(id) BUCKETS 1 PROPERTIES (\"replication_num\" = \"1\")");
            Files.writeString(dir.resolve("data.csv"), "1,Bob\n2,Alice\n3,John\n");
            String url = "http://127.0.0.1:" + httpPort.invoke(server) + "/api/db/dt/_stream_load";
            for (String[] mode : new String[][] {{"-H", "group_commit:sync_mode"}, {}, {"-H", "group_commit:async_mode"}}) {
                String[] args = new String[mode.length + 9];
                String[] head = {"--location-trusted", "-u", "root:", "-T", "data.csv"};
                System.arraycopy(head, 0, args, 0, head.length);
                System.arraycopy(mode, 0, args, head.length, mode.length);
                args[head.length + mode.length] = "-H";
                args[head.length + mode.length + 1] = "column_separator:,";
                args[head.length + mode.length + 2] = url;
                String[] trimmed = java.util.Arrays.copyOf(args, head.length + mode.length + 3);
                assertThat(Clients.json(Clients.curl(dir, trimmed))).containsEntry("Status", "Success")
                        .containsEntry("NumberLoadedRows", 3L);
            }
            // the sync and normal loads are visible at their replies; the async one may not be yet
            long rows = 0;
            try (ResultSet rs = s.executeQuery("SHOW TABLETS FROM db.dt")) {
                while (rs.next()) {
                    rows += rs.getLong("RowCount");
                }
            }
            assertThat(rows).isBetween(6L, 9L);
        }
    }
}
