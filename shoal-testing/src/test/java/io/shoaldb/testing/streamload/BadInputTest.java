package io.shoaldb.testing.streamload;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.catalog.model.ColumnDefinition;
import io.shoaldb.vector.type.DataType;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad data and bad requests: the reply and the filtered counts, and that nothing is committed on failure. */
class BadInputTest {
    @TempDir
    Path dir;
    LoadStack stack;

    @BeforeEach
    void start() {
        stack = new LoadStack(dir, 4096, 1);
        stack.createTable("t", List.of(new ColumnDefinition("id", DataType.INT, false, null, null, null),
                new ColumnDefinition("v", DataType.BIGINT, false, null, null, null),
                new ColumnDefinition("d", DataType.DATE, false, null, null, null)), Map.of());
    }

    @AfterEach
    void stop() throws IOException {
        stack.close();
    }

    private Map<String, Object> load(byte[] body, String... headers) {
        return Clients.load(stack.url("t"), body, headers);
    }

    private Map<String, Object> load(String body, String... headers) {
        return load(body.getBytes(StandardCharsets.UTF_8), headers);
    }

    @Test
    void badRowsAreCountedAndFiltered() {
        for (String mode : List.of("off_mode", "sync_mode", "async_mode")) {
            Map<String, Object> reply = load("1,10,2024-01-01\n2,20\n3,x,2024-01-01\n4,40,2024-02-30\n"
                    + "5,50,2024-01-05,extra\n6,60,2024-01-06\n", "column_separator:,", "max_filter_ratio:1",
                    "group_commit:" + mode);
            assertThat(reply).as(mode).containsEntry("Status", "Success").containsEntry("NumberTotalRows", 6L)
                    .containsEntry("NumberLoadedRows", 2L).containsEntry("NumberFilteredRows", 4L)
                    .containsKey("ErrorURL");
            assertThat(Clients.get((String) reply.get("ErrorURL")).lines()).hasSize(4);
        }
        stack.awaitVisible("t");
        assertThat(stack.rows("t")).isEqualTo(6);
    }

    @Test
    void tooManyFilteredCommitsNothingOnAnyPath() {
        for (String mode : List.of("off_mode", "sync_mode", "async_mode")) {
            assertThat(load("1,10,2024-01-01\n2,bad,2024-01-01\n", "column_separator:,", "group_commit:" + mode))
                    .as(mode).containsEntry("Status", "Fail").containsEntry("Message", "too many filtered rows")
                    .containsEntry("NumberFilteredRows", 1L);
        }
        stack.awaitVisible("t");
        assertThat(stack.rows("t")).isZero();
    }

    @Test
    void invalidUtf8UnterminatedQuotesAndMalformedJson() {
        byte[] notUtf8 = {'1', ',', '1', ',', '2', '0', '2', '4', '-', '0', '1', '-', '0', '1', '\n',
                '2', ',', (byte) 0xff, (byte) 0xfe, ',', '2', '0', '2', '4', '-', '0', '1', '-', '0', '1', '\n'};
        assertThat(load(notUtf8, "column_separator:,", "max_filter_ratio:1")).containsEntry("NumberLoadedRows", 1L)
                .containsEntry("NumberFilteredRows", 1L);
        assertThat(load("1,1,2024-01-01\n\"2,2,2024-01-01\n3,3,2024-01-01\n", "column_separator:,", "enclose:\"",
                "max_filter_ratio:1")).containsEntry("NumberLoadedRows", 1L).containsEntry("NumberFilteredRows", 1L);
        assertThat(load("{\"id\":1,\"v\":1,\"d\":\"2024-01-01\"}\n{\"id\":2,\"v\":\n", "format:json",
                "max_filter_ratio:1")).containsEntry("NumberLoadedRows", 1L).containsEntry("NumberFilteredRows", 1L);
        assertThat(load("[{\"id\":1,\"v\":1,\"d\":\"2024-01-01\"},", "format:json", "strip_outer_array:true"))
                .containsEntry("Status", "Fail").containsEntry("NumberLoadedRows", 0L);
        assertThat(stack.rows("t")).isEqualTo(3);
    }

    @Test
    void unknownDatabaseTableAndWrongCredentials() {
        String base = "http://127.0.0.1:" + stack.port() + "/api/";
        assertThat(Clients.load(base + "nodb/t/_stream_load", "1,1,2024-01-01\n"))
                .containsEntry("Status", "Fail").containsEntry("Message", "Unknown database 'nodb'");
        assertThat(Clients.load(base + "db/nope/_stream_load", "1,1,2024-01-01\n"))
                .containsEntry("Status", "Fail").containsEntry("Message", "Unknown table 'nope'");
        String wrong = Clients.curl(dir, "-u", "root:secret", "-T", "/dev/null", stack.url("t"));
        assertThat(wrong).contains("Fail");
        String none = Clients.curl(dir, "-T", "/dev/null", stack.url("t"));
        assertThat(none).contains("no valid Basic authorization");
    }

    @Test
    void bothLengthsAndOverLimitBodies() throws IOException {
        String both = raw("PUT /api/db/t/_stream_load HTTP/1.1\r\nHost: x\r\nAuthorization: Basic cm9vdDo=\r\n"
                + "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n");
        assertThat(both).contains("please do not set both content_length and transfer-encoding");
        byte[] big = new byte[1024 * 1024 + 10]; // streaming_load_max_mb is 1 in this stack
        java.util.Arrays.fill(big, (byte) '\n');
        assertThat((String) load(big).get("Message")).contains("streaming_load_max_mb");
        assertThat(stack.rows("t")).isZero();
    }

    @Test
    void clientDisconnectingMidBodyCommitsNothing() throws Exception {
        for (String mode : List.of("off_mode", "sync_mode", "async_mode")) {
            try (Socket s = new Socket("127.0.0.1", stack.port())) {
                OutputStream out = s.getOutputStream();
                out.write(("PUT /api/db/t/_stream_load HTTP/1.1\r\nHost: x\r\nAuthorization: Basic cm9vdDo=\r\n"
                        + "column_separator: ,\r\ngroup_commit: " + mode + "\r\nContent-Length: 100000\r\n\r\n"
                        + "1,1,2024-01-01\n2,2,2024-01-01\n").getBytes(StandardCharsets.US_ASCII));
                out.flush();
            }
        }
        // the server has no reply to send: wait for the loads to end through the group-commit queue and a 2nd load
        assertThat(load("9,9,2024-01-09\n", "column_separator:,")).containsEntry("Status", "Success");
        stack.awaitVisible("t");
        assertThat(stack.rows("t")).isEqualTo(1);
    }

    @Test
    void chunkedAsyncBodyRunsAsSyncAndLargeBodyGetsItsOwnTransaction() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 2000; i++) {
            sb.append(i).append(',').append(i).append(",2024-01-01\n");
        }
        byte[] body = sb.toString().getBytes(StandardCharsets.UTF_8);
        // chunked (no length): async runs as sync, so the rows are visible at the reply
        Map<String, Object> chunked = Clients.json(Clients.put(stack.url("t"),
                HttpRequest.BodyPublishers.ofInputStream(() -> new java.io.ByteArrayInputStream(body)),
                "column_separator:,", "group_commit:async_mode").body());
        assertThat(chunked).containsEntry("GroupCommit", true).containsEntry("NumberLoadedRows", 2000L);
        assertThat(stack.rows("t")).isEqualTo(2000);
        // over the 4 KiB group-commit buffer of this stack: one group_commit_ transaction of its own, atomic
        Map<String, Object> large = load(body, "column_separator:,", "group_commit:async_mode");
        assertThat(large).containsEntry("GroupCommit", true).containsEntry("NumberLoadedRows", 2000L);
        assertThat((String) large.get("Label")).startsWith("group_commit_");
        assertThat(stack.rows("t")).isEqualTo(4000);
        byte[] bad = (sb + "x,y,z\n").getBytes(StandardCharsets.UTF_8);
        assertThat(load(bad, "column_separator:,", "group_commit:sync_mode")).containsEntry("Status", "Fail")
                .containsEntry("NumberFilteredRows", 1L);
        assertThat(stack.rows("t")).isEqualTo(4000);
    }

    private String raw(String request) throws IOException {
        try (Socket s = new Socket("127.0.0.1", stack.port())) {
            s.setSoTimeout(10_000);
            s.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
            s.getOutputStream().flush();
            InputStream in = s.getInputStream();
            byte[] buf = new byte[8192];
            int n = in.read(buf);
            return n < 0 ? "" : new String(buf, 0, n, StandardCharsets.UTF_8);
        }
    }
}
