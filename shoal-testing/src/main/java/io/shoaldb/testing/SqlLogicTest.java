package io.shoaldb.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs a {@code .test} file against a live server over JDBC. The format (after sqllogictest and DuckDB):
 * <pre>
 * # comment
 * statement ok
 * CREATE DATABASE d            -- the statement runs until a blank line
 *
 * statement error 1049 [text]  -- expects that MySQL error number (and, if given, text in the message)
 * USE nosuch
 *
 * query II [rowsort]           -- one letter per column; rowsort sorts actual and expected rows
 * SELECT 1, 2
 * ----
 * 1	2                        -- columns separated by tabs; NULL for SQL NULL
 *
 * restart                      -- stops the server cleanly and starts it on the same data
 * reconnect                    -- opens a new connection (session state is lost)
 * </pre>
 */
public final class SqlLogicTest {
    /** What the runner needs from the test: connections, and a way to restart the server. */
    public interface Target {
        Connection connect() throws SQLException;

        void restart() throws IOException;
    }

    private final Path file;
    private final Target target;
    private Connection connection;

    private SqlLogicTest(Path file, Target target) {
        this.file = file;
        this.target = target;
    }

    /** Runs every record of the file; the first mismatch throws an AssertionError naming file and line. */
    public static int run(Path file, Target target) throws IOException, SQLException {
        SqlLogicTest test = new SqlLogicTest(file, target);
        try {
            return test.runAll(Files.readAllLines(file, StandardCharsets.UTF_8));
        } finally {
            if (test.connection != null) {
                test.connection.close();
            }
        }
    }

    private int runAll(List<String> lines) throws IOException, SQLException {
        connection = target.connect();
        int records = 0;
        int i = 0;
        while (i < lines.size()) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                i++;
                continue;
            }
            int recordLine = i + 1;
            String[] header = line.split("\\s+", 4);
            i++;
            switch (header[0]) {
                case "restart" -> {
                    connection.close();
                    target.restart();
                    connection = target.connect();
                }
                case "reconnect" -> {
                    connection.close();
                    connection = target.connect();
                }
                case "statement" -> {
                    List<String> sql = new ArrayList<>();
                    while (i < lines.size() && !lines.get(i).isBlank()) {
                        sql.add(lines.get(i++));
                    }
                    statement(recordLine, header, String.join("\n", sql));
                }
                case "query" -> {
                    List<String> sql = new ArrayList<>();
                    while (i < lines.size() && !lines.get(i).isBlank() && !lines.get(i).equals("----")) {
                        sql.add(lines.get(i++));
                    }
                    List<String> expected = new ArrayList<>();
                    if (i < lines.size() && lines.get(i).equals("----")) {
                        i++;
                        while (i < lines.size() && !lines.get(i).isBlank()) {
                            expected.add(lines.get(i++));
                        }
                    }
                    boolean rowSort = header.length > 2 && header[2].equals("rowsort");
                    query(recordLine, String.join("\n", sql), expected, rowSort);
                }
                default -> throw new AssertionError(where(recordLine) + "unknown record '" + line + "'");
            }
            records++;
        }
        return records;
    }

    private void statement(int line, String[] header, String sql) throws SQLException {
        boolean expectError = header.length > 1 && header[1].equals("error");
        try (Statement statement = connection.createStatement()) {
            statement.execute(sql);
            if (expectError) {
                throw new AssertionError(where(line) + "expected error " + String.join(" ", header) + " but it succeeded: " + sql);
            }
        } catch (SQLException e) {
            if (!expectError) {
                throw new AssertionError(where(line) + "unexpected error " + e.getErrorCode() + " " + e.getMessage()
                        + " for: " + sql, e);
            }
            if (header.length > 2 && Integer.parseInt(header[2]) != e.getErrorCode()) {
                throw new AssertionError(where(line) + "expected error " + header[2] + " but got " + e.getErrorCode()
                        + " " + e.getMessage(), e);
            }
            if (header.length > 3 && !e.getMessage().contains(header[3])) {
                throw new AssertionError(where(line) + "expected message containing '" + header[3] + "' but got '"
                        + e.getMessage() + "'", e);
            }
        }
    }

    private void query(int line, String sql, List<String> expected, boolean rowSort) throws SQLException {
        List<String> actual = new ArrayList<>();
        try (Statement statement = connection.createStatement(); ResultSet rs = statement.executeQuery(sql)) {
            int columns = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                List<String> row = new ArrayList<>(columns);
                for (int c = 1; c <= columns; c++) {
                    String value = rs.getString(c);
                    row.add(value == null ? "NULL" : value);
                }
                actual.add(String.join("\t", row));
            }
        } catch (SQLException e) {
            throw new AssertionError(where(line) + "query failed: " + e.getErrorCode() + " " + e.getMessage()
                    + " for: " + sql, e);
        }
        List<String> wanted = new ArrayList<>(expected);
        if (rowSort) {
            actual.sort(null);
            wanted.sort(null);
        }
        if (!actual.equals(wanted)) {
            throw new AssertionError(where(line) + "result mismatch for: " + sql + "\nexpected:\n"
                    + String.join("\n", wanted) + "\nactual:\n" + String.join("\n", actual));
        }
    }

    private String where(int line) {
        return file.getFileName() + ":" + line + ": ";
    }
}
