package io.shoaldb.testing.groupcommit;

import static org.assertj.core.api.Assertions.assertThat;

import com.mysql.cj.jdbc.JdbcStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Shared helpers of the group-commit integration tests: the OK packet's info, row checks, waiting. */
final class GcSql {
    /** {@code {'label':'group_commit_..._...', 'status':'PREPARE', 'txnId':'181508'}} and Doris's variants. */
    private static final Pattern INFO = Pattern.compile(
            "'label':'([^']*)',\\s*'status':'([^']*)',\\s*'txnId':'([^']*)'");
    static final Pattern GROUP_COMMIT_LABEL = Pattern.compile("group_commit_[0-9a-f]{16}_[0-9a-f]{16}");

    /** What one INSERT was told. */
    record Load(String label, String status, String txnId) {
        boolean groupCommit() {
            return label.startsWith("group_commit_");
        }
    }

    private GcSql() {
    }

    /** The info text of the last OK packet {@code statement} received (Connector/J keeps it). */
    static String info(Statement statement) throws SQLException {
        var rs = statement.unwrap(JdbcStatement.class).getResultSetInternal();
        return rs == null ? "" : String.valueOf(rs.getServerInfo());
    }

    static Load parse(String info) {
        Matcher m = INFO.matcher(info);
        assertThat(m.find()).as("label/status/txnId in the OK info: " + info).isTrue();
        return new Load(m.group(1), m.group(2), m.group(3));
    }

    /** Runs an INSERT and returns what its OK packet said. */
    static Load insert(Statement statement, String sql) throws SQLException {
        statement.executeUpdate(sql);
        return parse(info(statement));
    }

    static long count(Statement statement, String table) throws SQLException {
        try (ResultSet rs = statement.executeQuery("SELECT count(*) FROM " + table)) {
            assertThat(rs.next()).isTrue();
            return rs.getLong(1);
        }
    }

    /** Every value of the first column of {@code sql}, in the order returned. */
    static List<Long> longs(Statement statement, String sql) throws SQLException {
        List<Long> values = new ArrayList<>();
        try (ResultSet rs = statement.executeQuery(sql)) {
            while (rs.next()) {
                values.add(rs.getLong(1));
            }
        }
        return values;
    }

    /** Every row of {@code sql} as strings (NULL as "NULL"), columns joined by '|'. */
    static List<String> rows(Statement statement, String sql) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (ResultSet rs = statement.executeQuery(sql)) {
            int columns = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                StringBuilder row = new StringBuilder();
                for (int i = 1; i <= columns; i++) {
                    String value = rs.getString(i);
                    row.append(i > 1 ? "|" : "").append(value == null ? "NULL" : value);
                }
                rows.add(row.toString());
            }
        }
        return rows;
    }

    /** SHOW GROUP COMMIT's row of {@code table}, column name to value; empty when the table has no queue. */
    static Map<String, String> groupCommitStatus(Statement statement, String database, String table)
            throws SQLException {
        try (ResultSet rs = statement.executeQuery("SHOW GROUP COMMIT FROM " + database)) {
            while (rs.next()) {
                if (rs.getString("Table").equals(table)) {
                    Map<String, String> row = new LinkedHashMap<>();
                    for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                        row.put(rs.getMetaData().getColumnLabel(i), rs.getString(i));
                    }
                    return row;
                }
            }
        }
        return Map.of();
    }

    /** Polls {@code condition} until it holds or {@code deadline} passes; returns the time it took. */
    static Duration await(String what, Duration deadline, Callable<Boolean> condition) throws Exception {
        long start = System.nanoTime();
        long end = start + deadline.toNanos();
        while (!condition.call()) {
            assertThat(System.nanoTime()).as("waiting for " + what + " (deadline " + deadline + ")").isLessThan(end);
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
        }
        return Duration.ofNanos(System.nanoTime() - start);
    }
}
