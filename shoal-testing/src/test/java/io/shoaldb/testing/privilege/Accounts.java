package io.shoaldb.testing.privilege;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/** What the privilege tests do as some user: run SQL over Connector/J, Stream Load over HTTP. */
final class Accounts {
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    private Accounts() {
    }

    static Connection connect(int port, String user, String password) throws SQLException {
        return DriverManager.getConnection("jdbc:mysql://127.0.0.1:" + port
                + "/?sslMode=DISABLED&allowPublicKeyRetrieval=true", user, password);
    }

    /** The MySQL error number of running {@code sql}, or 0 when it succeeds. */
    static int errorOf(Connection c, String sql) {
        try (Statement s = c.createStatement()) {
            if (s.execute(sql)) {
                s.getResultSet().close();
            }
            return 0;
        } catch (SQLException e) {
            return e.getErrorCode();
        }
    }

    /** The message of running {@code sql}'s error; fails when it succeeds. */
    static String messageOf(Connection c, String sql) {
        try (Statement s = c.createStatement()) {
            s.execute(sql);
        } catch (SQLException e) {
            return e.getErrorCode() + " " + e.getMessage();
        }
        throw new AssertionError("expected an error from: " + sql);
    }

    static List<String> column(Connection c, String sql, int column) throws SQLException {
        List<String> values = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                values.add(rs.getString(column));
            }
        }
        return values;
    }

    static void exec(Connection c, String... statements) throws SQLException {
        try (Statement s = c.createStatement()) {
            for (String sql : statements) {
                s.execute(sql);
            }
        }
    }

    /** A Stream Load of CSV {@code body}; the reply JSON. */
    static String streamLoad(int httpPort, String user, String password, String db, String table, String body)
            throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + httpPort + "/api/" + db + "/"
                        + table + "/_stream_load"))
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                        (user + ":" + password).getBytes(StandardCharsets.UTF_8)))
                .header("column_separator", ",")
                .PUT(HttpRequest.BodyPublishers.ofString(body)).build();
        return HTTP.send(request, HttpResponse.BodyHandlers.ofString()).body();
    }

    /** A PUT to {@code path} as the user with {@code name:value} headers and {@code body}; the reply body. */
    static String put(int httpPort, String user, String password, String path, String body, String... headers)
            throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + httpPort + path))
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                        (user + ":" + password).getBytes(StandardCharsets.UTF_8)))
                .PUT(HttpRequest.BodyPublishers.ofString(body));
        for (String header : headers) {
            int colon = header.indexOf(':');
            request.header(header.substring(0, colon), header.substring(colon + 1));
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString()).body();
    }

    /** An HTTP GET as the user; the status code. */
    static int get(int httpPort, String user, String password, String path) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + httpPort + path))
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                        (user + ":" + password).getBytes(StandardCharsets.UTF_8))).GET().build();
        return HTTP.send(request, HttpResponse.BodyHandlers.ofString()).statusCode();
    }
}
