package io.shoaldb.testing;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/**
 * For tests that compare a fast path of the server with the full parser's path: one real server with a database
 * {@code fastdb} for the statements the fast path takes and {@code fulldb} for the same statements sent to the full
 * parser, and the tables' rows in a form two databases can be compared in.
 */
abstract class FastPathComparison {
    @TempDir
    static Path dir;
    static TestServer server;

    @BeforeAll
    static void startServer() throws Exception {
        server = TestServer.start(dir);
        try (Connection c = server.connect(); Statement s = c.createStatement()) {
            for (String db : List.of("fastdb", "fulldb")) {
                s.execute("CREATE DATABASE " + db);
            }
        }
    }

    @AfterAll
    static void stopServer() {
        if (server != null) {
            server.close();
        }
    }

    /** Every row of the table, its columns' text joined by '|', sorted: the same rows compare equal. */
    static List<String> rows(Statement s, String table) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (ResultSet rs = s.executeQuery("SELECT * FROM " + table)) {
            ResultSetMetaData meta = rs.getMetaData();
            while (rs.next()) {
                StringBuilder row = new StringBuilder();
                for (int c = 1; c <= meta.getColumnCount(); c++) {
                    row.append(c == 1 ? "" : "|").append(rs.getString(c));
                }
                rows.add(row.toString());
            }
        }
        rows.sort(null);
        return rows;
    }
}
