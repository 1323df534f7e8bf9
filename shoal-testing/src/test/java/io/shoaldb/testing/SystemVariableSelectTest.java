package io.shoaldb.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SELECTs of system variables only are answered from their text, without the parser: the answer must be the one
 * the parsed statement gets (the same SELECT with {@code FROM DUAL}, which the recogniser leaves to the parser),
 * to Connector/J - whose {@code isReadOnly()} before every batch sends one - and to the mysql CLI, column names
 * and types included; and the statement is still audited.
 */
class SystemVariableSelectTest {
    private static final List<String> SELECTS = List.of(
            "SELECT @@session.transaction_read_only",
            "SELECT @@session.tx_read_only",
            "SELECT @@version_comment",
            "SELECT @@session.auto_increment_increment, @@global.max_allowed_packet AS packet, @@local.autocommit",
            "SELECT @@time_zone tz, @@GLOBAL.time_zone `global zone`",
            "SELECT @@sql_mode");

    @TempDir
    Path dir;

    @Test
    void connectorJGetsTheParsedStatementsAnswer() throws Exception {
        try (ServerProcess server = ServerProcess.start(dir)) {
            try (Connection c = DriverManager.getConnection(server.jdbcUrl("", ""), "root", "");
                    Statement s = c.createStatement()) {
                s.execute("SET time_zone = '+02:00'");
                for (String sql : SELECTS) {
                    assertThat(answer(s, sql)).as(sql).isEqualTo(answer(s, sql + " FROM DUAL"));
                }
                assertThat(answer(s, "SELECT @@session.transaction_read_only"))
                        .containsExactly("@@session.transaction_read_only BIGINT -5 java.lang.Long 0");
                assertThat(answer(s, "SELECT @@time_zone tz")).containsExactly("tz VARCHAR 12 java.lang.String +02:00");
                assertThat(c.isReadOnly()).isFalse();
                s.execute("CREATE DATABASE d");
                s.execute("CREATE TABLE d.t (id INT) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1"
                        + " PROPERTIES ('replication_num' = '1')");
                try (PreparedStatement insert = c.prepareStatement("INSERT INTO d.t VALUES (?)")) {
                    insert.setInt(1, 1);
                    insert.addBatch();
                    assertThat(insert.executeBatch()).containsExactly(1);
                }
                s.executeQuery("SELECT 'last statement'").close();
            }
            server.terminate();
        }
        List<String> audit = Files.readAllLines(dir.resolve("log").resolve("shoal.audit.log"));
        assertThat(audit.stream().filter(l -> l.contains("kind=query") && l.contains("state=OK")
                && l.contains("stmt=SELECT @@session.transaction_read_only") && !l.contains("DUAL"))).hasSizeGreaterThanOrEqualTo(3);
    }

    @Test
    void theMysqlCliGetsTheParsedStatementsAnswer() throws Exception {
        try (ServerProcess server = ServerProcess.start(dir)) {
            for (String sql : SELECTS) {
                String fast = mysql(server.port(), sql + ";\n");
                assertThat(fast).as(sql).contains("Org_field:").isEqualTo(mysql(server.port(), sql + " FROM DUAL;\n"));
            }
        }
    }

    /** Per column: label, type name, JDBC type, Java class and value. */
    private static List<String> answer(Statement s, String sql) throws SQLException {
        List<String> columns = new ArrayList<>();
        try (ResultSet rs = s.executeQuery(sql)) {
            ResultSetMetaData meta = rs.getMetaData();
            assertThat(rs.next()).isTrue();
            for (int i = 1; i <= meta.getColumnCount(); i++) {
                Object value = rs.getObject(i);
                columns.add(meta.getColumnLabel(i) + " " + meta.getColumnTypeName(i) + " " + meta.getColumnType(i)
                        + " " + (value == null ? null : value.getClass().getName()) + " " + value);
            }
            assertThat(rs.next()).isFalse();
        }
        return columns;
    }

    /** The CLI's output with the field metadata it prints (name, type, length, flags) and the values. */
    private static String mysql(int port, String sql) throws IOException, InterruptedException {
        Process process = new ProcessBuilder("mysql", "-h127.0.0.1", "-P" + port, "-uroot", "--batch", "--table",
                "--skip-ssl", "--column-type-info").redirectErrorStream(true).start();
        process.getOutputStream().write(sql.getBytes(StandardCharsets.UTF_8));
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(output).isZero();
        return output;
    }
}
