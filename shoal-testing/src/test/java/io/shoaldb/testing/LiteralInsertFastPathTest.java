package io.shoaldb.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The literal-INSERT fast path (statement text to column vectors, no parse tree) must answer exactly as the full
 * parser's path does. Every statement of the table below runs twice through the real server: as written (the fast
 * path takes it) into database {@code fastdb}, and behind a comment (which sends it to the full parser) into
 * {@code fulldb}. Affected rows, warnings, errors (code, SQLSTATE, text) and then the tables' rows must be the
 * same, under each group commit mode and with strict mode on and off.
 */
class LiteralInsertFastPathTest extends FastPathComparison {
    private static final String COLUMNS = "id INT NOT NULL, b BOOLEAN NULL, ti TINYINT NULL, si SMALLINT NULL, i INT NULL,"
            + " bi BIGINT NULL, li LARGEINT NULL, f FLOAT NULL, d DOUBLE NULL, de DECIMAL(10,3) NULL, dt DATE NULL,"
            + " dtm DATETIME NULL, c CHAR(5) NULL, v VARCHAR(10) NULL, s STRING NULL, j JSON NULL";

    /** {db} is replaced by each side's database. */
    private static final List<String> STATEMENTS = List.of(
            "INSERT INTO t VALUES (1, TRUE, 1, 2, 3, 4, 5, 1.5, 2.5, 3.25, '2024-01-02', '2024-01-02 03:04:05', 'ab',"
                    + " 'cd', 'ef', '{\"a\":1}')",
            "INSERT INTO t (id, v) VALUES (2, 'x'), (3, NULL), (4, 'it''s'), (5, 'a\\'b'), (6, \"dq\"), (7, 'x\\\\y'),"
                    + " (8, '\\%_'), (9, '\\n\\t')",
            "INSERT INTO t (id, ti, si, i, bi, li, f, d, de) VALUES (10, -128, -32768, -2147483648,"
                    + " -9223372036854775808, -170141183460469231731687303715884105728, -1.5e3, -2.5e-3, -1234567.125)",
            "INSERT INTO t (id, ti) VALUES (11, 128)",
            "INSERT INTO t (id, i) VALUES (12, 9223372036854775808)",
            "INSERT INTO t (id, i) VALUES (13, '12abc')",
            "INSERT INTO t (id, b) VALUES (14, 5), (15, '5'), (16, 'true'), (17, 0), (18, FALSE)",
            "INSERT INTO t (id, de) VALUES (19, 1.23456), (20, 99999999.9999), (21, -0.0005)",
            "INSERT INTO t (id, dt, dtm) VALUES (22, 20240102, '2024-01-02T03:04:05'), (23, '2024-13-01', 'x')",
            "INSERT INTO t (id, c) VALUES (24, 'toolongvalue')",
            "INSERT INTO t (id, v) VALUES (25, 123), (26, -0), (27, 007), (28, +5), (29, 1.50), (30, 1e3), (31, .5)",
            "INSERT INTO t (id, v) VALUES (32, 'a', 'b')",
            "INSERT INTO t VALUES (33)",
            "INSERT INTO t (id, nope) VALUES (34, 1)",
            "INSERT INTO t (id, id) VALUES (35, 1)",
            "INSERT INTO nope VALUES (36)",
            "INSERT INTO t (id) VALUES (NULL)",
            "INSERT INTO t (id, v) VALUES (37, 'ok'), (38, 'a', 'b')",
            "INSERT INTO {db}.t (id, s) VALUES (39, 'qualified')",
            "INSERT INTO t (id, v, s) VALUES (40, 'héllo', '日本語 ✓')",
            "INSERT INTO `t` (`id`, `v`) VALUES (41, 'bt')",
            "insert into t (id) value (42);",
            "INSERT INTO t (id, f, d) VALUES (43, 3.4e39, 1e308), (44, 1e-50, -0.0)",
            "INSERT INTO t (id, li) VALUES (45, 170141183460469231731687303715884105728), (46, 1.9e3)",
            "INSERT INTO t (v) VALUES ('no id')",
            "INSERT INTO t (id, i, bi) VALUES (47, 1.9, -1.9), (48, -2147483649, 9223372036854775807)",
            "INSERT INTO t (id, bi, i) VALUES (49, 1e20, 2e0)",
            "INSERT INTO t (id, v, i) VALUES (50, '', '')",
            "INSERT INTO t (id, j) VALUES (51, '{bad'), (52, '[1, 2]')",
            "INSERT INTO t (id, s) VALUES (53, 'a\\0b\\Zc\\rd\\be\\qf'), (54, \"say \"\"hi\"\"\")",
            "INSERT INTO t (id, de, f) VALUES (55, 12345678901234567890123, 12345678901234567890123)",
            "INSERT INTO t (id, b, ti) VALUES (56, 2.5, TRUE), (57, 'false', FALSE)",
            "INSERT INTO t (id, v) VALUES (58, 'abcdefghijk')");

    @Test
    void everyStatementAnswersAsOnTheFullParsersPath() throws Exception {
        int table = 0;
        for (String mode : List.of("off_mode", "sync_mode", "async_mode")) {
            for (String strict : List.of("true", "false")) {
                String name = "t" + table++;
                try (Connection fast = connect("fastdb"); Connection full = connect("fulldb");
                        Statement fs = fast.createStatement(); Statement ps = full.createStatement()) {
                    for (Statement s : List.of(fs, ps)) {
                        s.execute("CREATE TABLE " + name + " (" + COLUMNS + ") DUPLICATE KEY(id) DISTRIBUTED BY HASH(id)"
                                + " BUCKETS 2 PROPERTIES ('replication_num' = '1')");
                        s.execute("SET group_commit = " + mode);
                        s.execute("SET enable_insert_strict = " + strict);
                    }
                    for (String template : STATEMENTS) {
                        String sql = template.replace("INTO t ", "INTO " + name + " ")
                                .replace("INTO `t`", "INTO `" + name + "`").replace("{db}.t ", "{db}." + name + " ")
                                .replace("into t ", "into " + name + " ");
                        String fastOutcome = run(fs, sql.replace("{db}", "fastdb"));
                        String fullOutcome = run(ps, "/* full parser */ " + sql.replace("{db}", "fulldb"))
                                .replace("fulldb", "fastdb");
                        assertThat(fastOutcome).as("%s, strict=%s: %s", mode, strict, sql).isEqualTo(fullOutcome);
                    }
                    for (Statement s : List.of(fs, ps)) {
                        s.execute("SYNC GROUP COMMIT ON " + name);
                    }
                    List<String> fastRows = rows(fs, name);
                    assertThat(fastRows).as("%s, strict=%s: rows", mode, strict).isNotEmpty()
                            .isEqualTo(rows(ps, name));
                }
            }
        }
    }

    @Test
    void statementsTheScannerStepsAsideForStillRunOnTheFullParser() throws Exception {
        try (Connection c = connect("fastdb"); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE paths (id INT NOT NULL, v VARCHAR(10) NULL) DUPLICATE KEY(id)"
                    + " DISTRIBUTED BY HASH(id) BUCKETS 1 PROPERTIES ('replication_num' = '1')");
            assertThat(s.executeUpdate("INSERT INTO paths VALUES (1, 'fast')")).isEqualTo(1);
            assertThat(s.executeUpdate("/* c */ INSERT INTO paths VALUES (2, 'full')")).isEqualTo(1);
            assertThat(s.executeUpdate("INSERT INTO paths VALUES (1 + 2, CONCAT('ex', 'pr'))")).isEqualTo(1);
            assertThat(s.executeUpdate("INSERT INTO paths WITH LABEL fast_path_label VALUES (4, 'label')")).isEqualTo(1);
            assertThat(rows(s, "paths")).containsExactly("1|fast", "2|full", "3|expr", "4|label");
        }
    }

    private static Connection connect(String database) throws SQLException {
        return DriverManager.getConnection(server.jdbcUrl(database, ""), "root", "");
    }

    /** What a client sees of one statement: affected rows and warnings, or the error. */
    private static String run(Statement s, String sql) {
        try {
            int updated = s.executeUpdate(sql);
            StringBuilder out = new StringBuilder("updated=" + updated);
            for (SQLWarning w = s.getWarnings(); w != null; w = w.getNextWarning()) {
                out.append(" | warning ").append(w.getErrorCode()).append(' ').append(w.getMessage());
            }
            return out.toString();
        } catch (SQLException e) {
            return "error " + e.getErrorCode() + " " + e.getSQLState() + " " + e.getMessage();
        }
    }
}
