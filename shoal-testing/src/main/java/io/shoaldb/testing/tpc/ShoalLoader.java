package io.shoaldb.testing.tpc;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Creates the tables in a ShoalDB database with Doris DDL and fills them by Stream Load over HTTP, one load
 * per data file, as a user would with curl. A load that does not report Success with every row loaded stops
 * the run: a partial table would make every comparison meaningless.
 */
public final class ShoalLoader {
    private static final Pattern STATUS = Pattern.compile("\"Status\"\\s*:\\s*\"([^\"]*)\"");
    private static final Pattern LOADED = Pattern.compile("\"NumberLoadedRows\"\\s*:\\s*(\\d+)");
    private static final Pattern TOTAL = Pattern.compile("\"NumberTotalRows\"\\s*:\\s*(\\d+)");

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private final String httpBase;

    /** {@code httpBase}: the server's Stream Load address, {@code http://127.0.0.1:8030}. */
    public ShoalLoader(String httpBase) {
        this.httpBase = httpBase;
    }

    /** Creates {@code database} (if missing) and the table in it, then loads the files; returns the rows loaded. */
    public long createAndLoad(Connection connection, String database, TpcTable table, List<Path> files)
            throws SQLException, IOException, InterruptedException {
        return createAndLoad(connection, database, table, files, (done, rows) -> { });
    }

    /** Progress of a table's load: files loaded so far and the rows in them. */
    public interface Progress {
        void loaded(int files, long rows);
    }

    /** As above, telling {@code progress} after each file (a large table's load takes minutes). */
    public long createAndLoad(Connection connection, String database, TpcTable table, List<Path> files,
                              Progress progress) throws SQLException, IOException, InterruptedException {
        try (Statement s = connection.createStatement()) {
            s.execute("CREATE DATABASE IF NOT EXISTS `" + database + "`");
            s.execute("USE `" + database + "`");
            s.execute("DROP TABLE IF EXISTS `" + table.name() + "`");
            s.execute(table.dorisDdl());
        }
        long rows = 0;
        int done = 0;
        for (Path file : files) {
            rows += load(database, table.name(), file);
            progress.loaded(++done, rows);
        }
        return rows;
    }

    private long load(String database, String table, Path file) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(httpBase + "/api/" + database + "/" + table + "/_stream_load"))
                .PUT(HttpRequest.BodyPublishers.ofFile(file))
                .timeout(Duration.ofMinutes(10))
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString("root:".getBytes(StandardCharsets.UTF_8)))
                .header("column_separator", "|")
                .build();
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        String body = response.body();
        String status = group(STATUS, body);
        String loaded = group(LOADED, body);
        if (response.statusCode() != 200 || !"Success".equals(status) || loaded == null
                || !loaded.equals(group(TOTAL, body))) {
            throw new IOException("Stream Load of " + file + " into " + database + "." + table + " failed: HTTP "
                    + response.statusCode() + " " + body);
        }
        return Long.parseLong(loaded);
    }

    private static String group(Pattern pattern, String text) {
        Matcher m = pattern.matcher(text);
        return m.find() ? m.group(1) : null;
    }
}
