package io.shoaldb.tools.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The Stream Load client against a real HTTP server (the JDK's): what a request carries, that the connection is
 * kept between requests, and that a redirect to another host is followed with the body and the credentials, as
 * Doris's front end expects of its clients.
 */
class StreamLoadConnectionTest {
    /** What the server saw of one request. */
    private record Seen(String method, String path, Map<String, List<String>> headers, String body, int clientPort) {
        String header(String name) {
            List<String> values = headers.get(name);
            return values == null ? null : String.join(",", values);
        }
    }

    private final List<Seen> seen = new CopyOnWriteArrayList<>();
    private HttpServer backEnd;
    private HttpServer frontEnd;

    @BeforeEach
    void start() throws IOException {
        backEnd = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        backEnd.createContext("/", exchange -> {
            seen.add(read(exchange));
            reply(exchange, 200, "{\"Status\": \"Success\", \"NumberLoadedRows\": 2}");
        });
        backEnd.start();
        frontEnd = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        frontEnd.createContext("/", exchange -> {
            seen.add(read(exchange));
            exchange.getResponseHeaders().add("Location", "http://127.0.0.1:" + backEnd.getAddress().getPort()
                    + exchange.getRequestURI());
            reply(exchange, 307, "");
        });
        frontEnd.start();
    }

    @AfterEach
    void stop() {
        frontEnd.stop(0);
        backEnd.stop(0);
    }

    @Test
    void sendsAPutWithItsHeadersAndBodyOnOneKeptConnection() throws IOException {
        byte[] data = "skip\n1,a\n2,b\nskip".getBytes(StandardCharsets.US_ASCII);
        URI uri = uri(backEnd, "/api/db/t/_stream_load");
        try (StreamLoadConnection connection = new StreamLoadConnection(Duration.ofSeconds(5), Duration.ofSeconds(30))) {
            for (int i = 0; i < 3; i++) {
                StreamLoadConnection.Reply reply = connection.put(uri, "Basic cm9vdDo=",
                        Map.of("column_separator", ",", "group_commit", "async_mode"), data, 5, 8);
                assertThat(reply.status()).isEqualTo(200);
                assertThat(reply.body()).contains("\"NumberLoadedRows\": 2");
            }
        }
        assertThat(seen).hasSize(3);
        Seen first = seen.getFirst();
        assertThat(first.method()).isEqualTo("PUT");
        assertThat(first.path()).isEqualTo("/api/db/t/_stream_load");
        assertThat(first.body()).isEqualTo("1,a\n2,b\n");
        assertThat(first.header("Authorization")).isEqualTo("Basic cm9vdDo=");
        assertThat(first.header("Expect")).isEqualToIgnoringCase("100-continue");
        assertThat(first.header("Content-length")).isEqualTo("8");
        assertThat(first.header("Column_separator")).isEqualTo(",");
        assertThat(first.header("Group_commit")).isEqualTo("async_mode");
        assertThat(first.header("Accept-encoding")).as("bodies are not asked to be compressed").isNull();
        assertThat(seen).extracting(Seen::clientPort).as("one connection for every request").containsOnly(first.clientPort());
    }

    @Test
    void followsARedirectToAnotherHostWithTheBodyAndTheCredentials() throws IOException {
        byte[] data = "1,a\n".getBytes(StandardCharsets.US_ASCII);
        try (StreamLoadConnection connection = new StreamLoadConnection(Duration.ofSeconds(5), Duration.ofSeconds(30))) {
            StreamLoadConnection.Reply reply = connection.put(uri(frontEnd, "/api/db/t/_stream_load"), "Basic cm9vdDo=",
                    Map.of("label", "l1"), data, 0, data.length);
            assertThat(reply.status()).isEqualTo(200);
        }
        assertThat(seen).hasSize(2);
        Seen redirected = seen.get(1);
        assertThat(redirected.method()).isEqualTo("PUT");
        assertThat(redirected.path()).isEqualTo("/api/db/t/_stream_load");
        assertThat(redirected.body()).isEqualTo("1,a\n");
        assertThat(redirected.header("Authorization")).isEqualTo("Basic cm9vdDo=");
        assertThat(redirected.header("Label")).isEqualTo("l1");
    }

    @Test
    void aServerThatIsNotThereIsAConnectException() throws IOException {
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        URI nowhere = URI.create("http://127.0.0.1:" + port + "/api/db/t/_stream_load");
        try (StreamLoadConnection connection = new StreamLoadConnection(Duration.ofSeconds(5), Duration.ofSeconds(30))) {
            assertThatThrownBy(() -> connection.put(nowhere, "Basic cm9vdDo=", Map.of(), new byte[1], 0, 1))
                    .isInstanceOf(ConnectException.class);
        }
    }

    private static URI uri(HttpServer server, String path) {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + path);
    }

    private static Seen read(HttpExchange exchange) throws IOException {
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.US_ASCII);
        return new Seen(exchange.getRequestMethod(), exchange.getRequestURI().getPath(),
                Map.copyOf(exchange.getRequestHeaders()), body, exchange.getRemoteAddress().getPort());
    }

    private static void reply(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }
}
