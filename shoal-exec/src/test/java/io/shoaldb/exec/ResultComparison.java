package io.shoaldb.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Compares our rows with DuckDB's: values are normalised (numbers to BigDecimal, dates and timestamps to
 * java.time), floating values match with a relative tolerance, unordered results are compared as sorted lists.
 */
final class ResultComparison {
    private ResultComparison() {
    }

    static List<List<Object>> duckdb(Connection duck, String sql) throws SQLException {
        List<List<Object>> rows = new ArrayList<>();
        try (Statement s = duck.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                List<Object> row = new ArrayList<>();
                for (int c = 1; c <= n; c++) {
                    row.add(rs.getObject(c));
                }
                rows.add(row);
            }
        }
        return rows;
    }

    static void assertSameRows(String sql, List<List<Object>> ours, List<List<Object>> theirs, boolean ordered) {
        List<List<Object>> a = normalise(ours);
        List<List<Object>> b = normalise(theirs);
        if (!ordered) {
            Comparator<List<Object>> bySortKey = Comparator.comparing(ResultComparison::sortKey);
            a.sort(bySortKey);
            b.sort(bySortKey);
        }
        assertThat(a.size()).as("row count of %s", sql).isEqualTo(b.size());
        for (int i = 0; i < a.size(); i++) {
            List<Object> x = a.get(i);
            List<Object> y = b.get(i);
            assertThat(x.size()).as("columns of %s", sql).isEqualTo(y.size());
            for (int c = 0; c < x.size(); c++) {
                if (!same(x.get(c), y.get(c))) {
                    fail("%s%nrow %d column %d: ours %s, DuckDB %s%nours: %s%nDuckDB: %s", sql, i, c, x.get(c), y.get(c), x, y);
                }
            }
        }
    }

    private static boolean same(Object x, Object y) {
        if (x == null || y == null) {
            return x == y;
        }
        if (x instanceof BigDecimal d && y instanceof Double q) {
            // Doris's AVG of a DECIMAL is a DECIMAL rounded at its scale; DuckDB's is a DOUBLE.
            return Math.abs(d.doubleValue() - q) <= 0.5 * Math.pow(10, -d.scale()) + 1e-9 * Math.abs(q);
        }
        if (x instanceof Double || y instanceof Double) {
            double p = ((Number) x).doubleValue();
            double q = ((Number) y).doubleValue();
            return Math.abs(p - q) <= 1e-9 * Math.max(1, Math.max(Math.abs(p), Math.abs(q)));
        }
        if (x instanceof BigDecimal p && y instanceof BigDecimal q) {
            return p.compareTo(q) == 0;
        }
        return x.equals(y);
    }

    private static List<List<Object>> normalise(List<List<Object>> rows) {
        List<List<Object>> out = new ArrayList<>();
        for (List<Object> row : rows) {
            List<Object> r = new ArrayList<>();
            for (Object v : row) {
                r.add(normalise(v));
            }
            out.add(r);
        }
        return out;
    }

    private static Object normalise(Object v) {
        return switch (v) {
            case null -> null;
            case Float f -> (double) f;
            case Double d -> d;
            case BigDecimal d -> d;
            case BigInteger i -> new BigDecimal(i);
            case Long l -> BigDecimal.valueOf(l);
            case Integer i -> BigDecimal.valueOf(i);
            case Short s -> BigDecimal.valueOf(s);
            case Byte b -> BigDecimal.valueOf(b);
            case java.sql.Date d -> d.toLocalDate();
            case java.sql.Timestamp t -> t.toLocalDateTime();
            case OffsetDateTime t -> t.toLocalDateTime();
            case LocalDate d -> d;
            case LocalDateTime t -> t;
            default -> v;
        };
    }

    /** A sort key that is identical for values the comparison considers equal (floats rounded). */
    private static String sortKey(List<Object> row) {
        StringBuilder sb = new StringBuilder();
        for (Object v : row) {
            if (v instanceof Double d) {
                sb.append(new BigDecimal(d).round(new MathContext(6)).stripTrailingZeros().toPlainString());
            } else if (v instanceof BigDecimal d) {
                sb.append(d.stripTrailingZeros().toPlainString());
            } else {
                sb.append(v);
            }
            sb.append('|');
        }
        return sb.toString();
    }
}
