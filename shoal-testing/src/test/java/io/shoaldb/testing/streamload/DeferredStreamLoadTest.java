package io.shoaldb.testing.streamload;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.testing.HeldWalServerTest;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A group-commit Stream Load whose body is one batch waits for its WAL fsync with no thread parked: its reply is
 * written when group commit finishes the load. What a client sees stays as it was - a hang-up during the wait
 * leaves the load to finish, the {@code timeout} header ends the wait with Doris's text, a failed fsync is the
 * load's failure - through the real server, its HTTP port and a real client. The WAL's fsyncs are held back (a
 * slow disk) to catch loads in that wait.
 */
class DeferredStreamLoadTest extends HeldWalServerTest {
    private static final String AUTH = "Basic cm9vdDo="; // root, no password
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    private static String url(String table) {
        return "http://127.0.0.1:" + server.httpPort() + "/api/d/" + table + "/_stream_load";
    }

    private static String load(String table, String body, String... headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url(table))).timeout(Duration.ofSeconds(60))
                .header("Authorization", AUTH).header("column_separator", ",").expectContinue(true)
                .PUT(HttpRequest.BodyPublishers.ofString(body));
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        HttpResponse<String> response = HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return response.body();
    }

    @Test
    @Timeout(120)
    void aClientHangingUpWhileItsLoadWaitsForTheWalLeavesTheRowsLoaded() throws Exception {
        try (Connection c = server.connect(); Statement s = c.createStatement()) {
            String table = asyncTable(s);
            files.hold();
            String body = "7,gone\n";
            try (Socket client = new Socket("127.0.0.1", server.httpPort())) {
                OutputStream out = client.getOutputStream();
                out.write(("PUT /api/d/" + table + "/_stream_load HTTP/1.1\r\nHost: x\r\nAuthorization: " + AUTH
                        + "\r\ncolumn_separator: ,\r\nContent-Length: " + body.length() + "\r\n\r\n" + body)
                        .getBytes(StandardCharsets.US_ASCII));
                out.flush();
                assertThat(files.awaitHeldFsync(Duration.ofSeconds(60))).as("the load waiting for its WAL")
                        .isTrue();
            }
            files.release();
            assertThat(count(s, table)).as("its record was durable, so its row is loaded").isEqualTo(1);
            assertThat(load(table, "8,next\n")).contains("\"Status\": \"Success\"");
            assertThat(count(s, table)).isEqualTo(2);
        }
    }

    @Test
    @Timeout(120)
    void theTimeoutHeaderEndsALoadWaitingForItsWalWithDorissText() throws Exception {
        try (Connection c = server.connect(); Statement s = c.createStatement()) {
            String table = asyncTable(s);
            files.hold();
            String reply = load(table, "3,late\n", "timeout", "1");
            assertThat(reply).contains("\"Status\": \"Fail\"").contains("Execute timeout")
                    .contains("become visible if that batch commits").contains("\"GroupCommit\": true");
            files.release();
            assertThat(load(table, "4,next\n")).contains("\"Status\": \"Success\"");
            assertThat(count(s, table)).as("the timed-out row committed with its batch").isEqualTo(2);
        }
    }

    @Test
    @Timeout(120)
    void aFailedWalFsyncIsTheLoadsFailureAndTheServerGoesOn() throws Exception {
        try (Connection c = server.connect(); Statement s = c.createStatement()) {
            String table = asyncTable(s);
            files.failing(true);
            String reply = load(table, "5,lost\n");
            assertThat(reply).contains("\"Status\": \"Fail\"").contains("injected WAL fsync failure");
            files.failing(false);
            assertThat(load(table, "6,kept\n")).contains("\"Status\": \"Success\"");
            assertThat(count(s, table)).as("only the acknowledged row").isEqualTo(1);
        }
    }
}
