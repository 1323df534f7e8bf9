package io.shoaldb.testing.tpc;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A query's result read into engine-neutral values: exact numbers (integers, DECIMAL) as {@link BigDecimal},
 * approximate ones as {@link Double}, dates as {@link LocalDate}, timestamps as {@link LocalDateTime}, text as
 * {@link String}, SQL NULL as {@code null}. Both engines' results go through the same reader.
 */
public record QueryResult(List<String> labels, List<List<Object>> rows) {

    public static QueryResult read(ResultSet rs) throws SQLException {
        ResultSetMetaData meta = rs.getMetaData();
        int n = meta.getColumnCount();
        List<String> labels = new ArrayList<>(n);
        for (int i = 1; i <= n; i++) {
            labels.add(meta.getColumnLabel(i));
        }
        List<List<Object>> rows = new ArrayList<>();
        while (rs.next()) {
            Object[] row = new Object[n];
            for (int i = 1; i <= n; i++) {
                row[i - 1] = value(rs, meta.getColumnType(i), i);
            }
            rows.add(Arrays.asList(row));
        }
        return new QueryResult(List.copyOf(labels), rows);
    }

    private static Object value(ResultSet rs, int sqlType, int i) throws SQLException {
        Object v = switch (sqlType) {
            case Types.DATE -> rs.getObject(i, LocalDate.class);
            case Types.TIMESTAMP -> rs.getObject(i, LocalDateTime.class);
            default -> rs.getObject(i);
        };
        if (rs.wasNull() || v == null) {
            return null;
        }
        return switch (v) {
            case BigDecimal d -> d;
            case BigInteger b -> new BigDecimal(b);
            case Long l -> BigDecimal.valueOf(l);
            case Integer x -> BigDecimal.valueOf(x);
            case Short x -> BigDecimal.valueOf(x);
            case Byte x -> BigDecimal.valueOf(x);
            case Double d -> d;
            case Float f -> (double) f;
            case java.sql.Date d -> d.toLocalDate();
            case java.sql.Timestamp t -> t.toLocalDateTime();
            case LocalDate d -> d;
            case LocalDateTime t -> t;
            case Boolean b -> b;
            case byte[] bytes -> new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
            default -> v.toString();
        };
    }
}
