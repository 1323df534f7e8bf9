package io.shoaldb.testing.streamload;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.testing.TestServer;
import java.io.ByteArrayInputStream;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A normal-path Stream Load whose body has no length (chunked) is decoded on the load's thread and written on a
 * second one, many batches apart: every row arrives, and on a UNIQUE KEY table the later of two rows with one
 * key wins, i.e. the writer kept the body's order.
 */
class WriteBehindLoadTest {
    private static final int KEYS = 30_000; // each key twice: about fifteen 4096-row batches

    @TempDir
    Path dir;

    @Test
    void aChunkedBodyLoadsEveryRowInTheBodysOrder() throws Exception {
        try (TestServer server = TestServer.start(dir.resolve("server"),
                Map.of("http_port", "0", "webserver_port", "0"));
             Connection c = server.connect(); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE db");
            s.execute("CREATE TABLE db.u (id INT NOT NULL, v VARCHAR(20)) UNIQUE KEY(id) "
                    + "DISTRIBUTED BY HASH(id) BUCKETS 4 PROPERTIES (\"replication_num\" = \"1\")");
            StringBuilder body = new StringBuilder();
            for (String round : new String[] {"first", "second"}) {
                for (int id = 0; id < KEYS; id++) {
                    body.append(id).append(',').append(round).append('\n');
                }
            }
            byte[] bytes = body.toString().getBytes(StandardCharsets.UTF_8);
            String url = "http://127.0.0.1:" + server.httpPort() + "/api/db/u/_stream_load";
            Map<String, Object> reply = Clients.json(Clients.put(url,
                    HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(bytes)),
                    "column_separator:,").body());
            assertThat(reply).containsEntry("Status", "Success").containsEntry("NumberLoadedRows", 2L * KEYS);
            try (ResultSet rs = s.executeQuery("SELECT count(*), count(DISTINCT id), min(v), max(v) FROM db.u")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getLong(1)).isEqualTo(KEYS);
                assertThat(rs.getLong(2)).isEqualTo(KEYS);
                assertThat(rs.getString(3)).isEqualTo("second");
                assertThat(rs.getString(4)).isEqualTo("second");
            }
        }
    }
}
