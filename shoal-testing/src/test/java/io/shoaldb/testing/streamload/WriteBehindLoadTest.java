package io.shoaldb.testing.streamload;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.testing.TestServer;
import java.io.ByteArrayInputStream;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A large normal-path Stream Load is decoded in chunks on several threads and written on another, many batches
 * apart: every row arrives, and on a UNIQUE KEY table the later of two rows with one key wins, i.e. the writer
 * kept the body's order; filtered rows are counted and logged in the body's order.
 */
class WriteBehindLoadTest {
    private static final int KEYS = 150_000; // each key twice: about 4 MB, two or three chunks of 4096-row batches

    @TempDir
    Path dir;

    /** A server whose large loads decode on two threads, whatever the machine's cores. */
    private TestServer twoDecoders() throws Exception {
        return TestServer.start(dir.resolve("server"),
                Map.of("http_port", "0", "webserver_port", "0", "streaming_load_decode_threads", "2"));
    }

    /** Database {@code db} and its table {@code name (id INT, v VARCHAR(20))} with the given key model on id. */
    private static void createTable(Statement s, String name, String keyModel) throws SQLException {
        s.execute("CREATE DATABASE db");
        s.execute("CREATE TABLE db." + name + " (id INT NOT NULL, v VARCHAR(20)) " + keyModel + " KEY(id) "
                + "DISTRIBUTED BY HASH(id) BUCKETS 4 PROPERTIES (\"replication_num\" = \"1\")");
    }

    @Test
    void aChunkedBodyLoadsEveryRowInTheBodysOrder() throws Exception {
        try (TestServer server = twoDecoders(); Connection c = server.connect(); Statement s = c.createStatement()) {
            createTable(s, "u", "UNIQUE");
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

    @Test
    void aLargeBodyCountsAndLogsItsFilteredRowsInOrder() throws Exception {
        try (TestServer server = twoDecoders(); Connection c = server.connect(); Statement s = c.createStatement()) {
            createTable(s, "d", "DUPLICATE");
            StringBuilder body = new StringBuilder();
            int rows = 600_000; // about 10 MB: five chunks
            for (int i = 0; i < rows; i++) {
                body.append(i % 100_000 == 99_999 ? "bad" + i : Integer.toString(i)).append(",v").append(i).append('\n');
            }
            Map<String, Object> reply = Clients.load("http://127.0.0.1:" + server.httpPort() + "/api/db/d/_stream_load",
                    body.toString(), "column_separator:,", "max_filter_ratio:0.1");
            assertThat(reply).containsEntry("Status", "Success").containsEntry("NumberTotalRows", (long) rows)
                    .containsEntry("NumberLoadedRows", rows - 6L).containsEntry("NumberFilteredRows", 6L);
            assertThat(Clients.get((String) reply.get("ErrorURL")).lines().map(l -> l.replaceAll(".*src line \\[", ""))
                    .toList()).containsExactly("bad99999,v99999]; ", "bad199999,v199999]; ", "bad299999,v299999]; ",
                    "bad399999,v399999]; ", "bad499999,v499999]; ", "bad599999,v599999]; ");
            try (ResultSet rs = s.executeQuery("SELECT count(*) FROM db.d")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getLong(1)).isEqualTo(rows - 6L);
            }
        }
    }
}
