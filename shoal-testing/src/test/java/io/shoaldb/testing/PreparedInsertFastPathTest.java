package io.shoaldb.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A server-side prepared literal INSERT runs from its scanned text, its parameters read where they lie in the
 * COM_STMT_EXECUTE packet; it must answer exactly as the parsed path does. Each case runs twice through the real
 * server with Connector/J's binary protocol: prepared as written into database {@code fastdb}, and behind a comment
 * (which sends it to the full parser, its parameters decoded to objects) into {@code fulldb}; one row at a time and
 * as a rewritten batch (one statement of many rows, as the seed's JDBC program sends). Affected rows, warnings,
 * errors and then the tables' rows must be the same, under each group commit mode and with strict mode on and off.
 */
class PreparedInsertFastPathTest extends FastPathComparison {
    private static final String COLUMNS = "id INT NOT NULL, b BOOLEAN NULL, ti TINYINT NULL, i INT NULL, bi BIGINT NULL,"
            + " li LARGEINT NULL, d DOUBLE NULL, de DECIMAL(10,3) NULL, wd DECIMAL(30,4) NULL, dt DATE NULL,"
            + " dtm DATETIME NULL, c CHAR(3) NULL, v VARCHAR(10) NULL, s STRING NULL";

    /** A column list and the rows of values bound to its placeholders (null: setNull). */
    private record Case(String columns, List<List<Object>> rows) {
        static Case of(String columns, Object[]... rows) {
            return new Case(columns, Arrays.stream(rows).map(Arrays::asList).toList());
        }
    }

    private static final List<Case> CASES = List.of(
            Case.of("id, b, ti, i, bi, li, d, de, wd, dt, dtm, c, v, s",
                    new Object[] {1, true, (byte) 1, 3, 4L, 5L, 2.5, new BigDecimal("3.25"), new BigDecimal("-12.34567"),
                            java.sql.Date.valueOf(LocalDate.of(2024, 1, 2)), Timestamp.valueOf("2024-01-02 03:04:05.5"),
                            "ab", "cd", "ef"},
                    new Object[] {2, null, null, null, null, null, null, null, null, null, null, null, null, null}),
            Case.of("id, i, bi, de, wd", new Object[] {3, 2147483647, Long.MIN_VALUE, new BigDecimal("9999999.9995"),
                    new BigDecimal("123456789012345678901234567.891")}),
            Case.of("id, ti, i", new Object[] {4, 300, 2147483648L}, new Object[] {5, -129, "12abc"}),
            Case.of("id, de", new Object[] {6, new BigDecimal("1.23456")}, new Object[] {7, new BigDecimal("-0.0005")},
                    new Object[] {8, new BigDecimal("1E+3")}, new Object[] {9, "12.5"}, new Object[] {10, 12L}),
            Case.of("id, v, c", new Object[] {11, "héllo", "日"}, new Object[] {12, "toolongvalue", "abcd"},
                    new Object[] {13, "it's \\ ok", "x"}),
            Case.of("id, dt, dtm", new Object[] {14, "2024-02-30", "x"}, new Object[] {15, java.sql.Date.valueOf("1969-12-31"),
                    java.sql.Date.valueOf("2000-02-29")}, new Object[] {16, "20240102", Timestamp.valueOf("1970-01-01 00:00:00")}),
            Case.of("id, s, v", new Object[] {17, "a".getBytes(StandardCharsets.UTF_8), new byte[] {(byte) 0xFF}}),
            Case.of("id, b, d, i", new Object[] {18, 2, new BigDecimal("2.5"), 1.9}, new Object[] {19, "true", "1e3", -1.9}),
            Case.of("id, v", new Object[] {null, "null id"}, new Object[] {20, "after"}),
            Case.of("v, id", new Object[] {"swapped", 21}),
            Case.of("id, li", new Object[] {22, new BigDecimal("170141183460469231731687303715884105727")},
                    new Object[] {23, "-170141183460469231731687303715884105729"}));

    @Test
    void everyExecutionAnswersAsOnTheParsedPath() throws Exception {
        int table = 0;
        for (String mode : List.of("off_mode", "sync_mode", "async_mode")) {
            for (String strict : List.of("true", "false")) {
                for (boolean batch : List.of(false, true)) {
                    String name = "t" + table++;
                    try (Connection fast = connect("fastdb"); Connection full = connect("fulldb")) {
                        for (Connection c : List.of(fast, full)) {
                            try (Statement s = c.createStatement()) {
                                s.execute("CREATE TABLE " + name + " (" + COLUMNS + ") DUPLICATE KEY(id)"
                                        + " DISTRIBUTED BY HASH(id) BUCKETS 2 PROPERTIES ('replication_num' = '1')");
                                s.execute("SET group_commit = " + mode);
                                s.execute("SET enable_insert_strict = " + strict);
                            }
                        }
                        for (Case test : CASES) {
                            String sql = "INSERT INTO " + name + " (" + test.columns() + ") VALUES ("
                                    + "?, ".repeat(test.columns().split(",").length - 1) + "?)";
                            String fastOutcome = run(fast, sql, test.rows(), batch);
                            String fullOutcome = run(full, "/* full parser */ " + sql, test.rows(), batch);
                            assertThat(fastOutcome).as("%s, strict=%s, batch=%s: %s %s", mode, strict, batch, sql,
                                    test.rows()).isEqualTo(fullOutcome);
                        }
                        try (Statement fs = fast.createStatement(); Statement ps = full.createStatement()) {
                            fs.execute("SYNC GROUP COMMIT ON " + name);
                            ps.execute("SYNC GROUP COMMIT ON " + name);
                            assertThat(rows(fs, name)).as("%s, strict=%s, batch=%s: rows", mode, strict, batch)
                                    .isNotEmpty().isEqualTo(rows(ps, name));
                        }
                    }
                }
            }
        }
    }

    private static Connection connect(String database) throws SQLException {
        return DriverManager.getConnection(server.jdbcUrl(database,
                "useServerPrepStmts=true&rewriteBatchedStatements=true&cachePrepStmts=true"), "root", "");
    }

    /** What a client sees of the executions: affected rows and warnings, or the error. */
    private static String run(Connection c, String sql, List<List<Object>> rows, boolean batch) throws SQLException {
        StringBuilder out = new StringBuilder();
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            if (batch) {
                for (List<Object> row : rows) {
                    bind(ps, row);
                    ps.addBatch();
                }
                try {
                    out.append("batch=").append(Arrays.toString(ps.executeBatch()));
                    warnings(ps, out);
                } catch (BatchUpdateException e) {
                    out.append("error ").append(e.getErrorCode()).append(' ').append(e.getSQLState()).append(' ')
                            .append(e.getMessage());
                }
                return out.toString();
            }
            for (List<Object> row : rows) {
                bind(ps, row);
                try {
                    out.append(" updated=").append(ps.executeUpdate());
                    warnings(ps, out);
                } catch (SQLException e) {
                    out.append(" error ").append(e.getErrorCode()).append(' ').append(e.getSQLState()).append(' ')
                            .append(e.getMessage());
                }
            }
        }
        return out.toString();
    }

    private static void bind(PreparedStatement ps, List<Object> row) throws SQLException {
        for (int i = 0; i < row.size(); i++) {
            if (row.get(i) == null) {
                ps.setNull(i + 1, Types.NULL);
            } else {
                ps.setObject(i + 1, row.get(i));
            }
        }
    }

    private static void warnings(Statement s, StringBuilder out) throws SQLException {
        for (SQLWarning w = s.getWarnings(); w != null; w = w.getNextWarning()) {
            out.append(" | warning ").append(w.getErrorCode()).append(' ').append(w.getMessage());
        }
    }
}
