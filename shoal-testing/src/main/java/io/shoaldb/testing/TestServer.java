package io.shoaldb.testing;

import io.shoaldb.common.config.ShoalConfig;
import io.shoaldb.common.io.FilesFacade;
import io.shoaldb.common.io.LocalFiles;
import io.shoaldb.server.ShoalServer;
import io.shoaldb.server.config.ServerConfigKeys;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A real ShoalDB server in this JVM, on an ephemeral port, with its data under a directory the test
 * owns. {@link #restart()} closes it cleanly and starts it again on the same data.
 */
public final class TestServer implements AutoCloseable {
    private final Map<String, String> settings;
    private final FilesFacade files;
    private ShoalServer server;

    private TestServer(Map<String, String> settings, FilesFacade files) throws IOException {
        this.settings = settings;
        this.files = files;
        this.server = ShoalServer.start(ShoalConfig.of(ServerConfigKeys.all(), settings), files);
    }

    /** Starts a server storing everything under {@code dir}; {@code extra} adds or overrides config keys. */
    public static TestServer start(Path dir, Map<String, String> extra) throws IOException {
        return start(dir, extra, new LocalFiles());
    }

    /** Like {@link #start(Path, Map)}, with every durable file operation going through {@code files}. */
    public static TestServer start(Path dir, Map<String, String> extra, FilesFacade files) throws IOException {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("query_port", "0");
        settings.put("http_port", "0");
        settings.put("webserver_port", "0");
        settings.put("https_port", "0");
        settings.put("storage_root_path", dir.resolve("data").toString());
        settings.put("sys_log_dir", dir.resolve("log").toString());
        settings.putAll(extra);
        return new TestServer(settings, files);
    }

    public static TestServer start(Path dir) throws IOException {
        return start(dir, Map.of());
    }

    public int port() {
        return server.queryPort();
    }

    /** The Stream Load port ({@code http_port}). */
    public int httpPort() {
        return server.httpPort();
    }

    public ShoalServer server() {
        return server;
    }

    /** A MySQL Connector/J URL for this server; {@code params} is appended after '?' when non-empty. */
    public String jdbcUrl(String database, String params) {
        String base = "jdbc:mysql://127.0.0.1:" + port() + "/" + (database == null ? "" : database);
        String defaults = "sslMode=DISABLED&allowPublicKeyRetrieval=true";
        return base + "?" + defaults + (params == null || params.isEmpty() ? "" : "&" + params);
    }

    public Connection connect() throws SQLException {
        return DriverManager.getConnection(jdbcUrl(null, ""), "root", "");
    }

    /** The body of {@code GET /metrics}, read as root (metrics ask for a login). */
    public String metrics() throws IOException, InterruptedException {
        HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + httpPort() + "/metrics")).header("Authorization",
                "Basic " + Base64.getEncoder().encodeToString("root:".getBytes(StandardCharsets.UTF_8))).build(),
                HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException("GET /metrics answered " + response.statusCode() + ": " + response.body());
        }
        return response.body();
    }

    /** The value of one unlabelled series of {@code /metrics} (e.g. {@code memory_used_bytes}); fails if absent. */
    public double metric(String name) throws IOException, InterruptedException {
        String body = metrics();
        Matcher m = Pattern.compile("(?m)^" + Pattern.quote(name) + "(?:\\{[^}]*\\})? (\\S+)$").matcher(body);
        if (!m.find()) {
            throw new IOException("/metrics has no " + name);
        }
        return Double.parseDouble(m.group(1));
    }

    public void restart() throws IOException {
        server.close();
        server = ShoalServer.start(ShoalConfig.of(ServerConfigKeys.all(), settings), files);
    }

    @Override
    public void close() {
        try {
            server.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
