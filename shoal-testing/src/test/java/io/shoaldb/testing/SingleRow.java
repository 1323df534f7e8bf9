package io.shoaldb.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/** The one row a query answers, as longs (counts and sums), asserting there is exactly one. */
final class SingleRow {
    private SingleRow() {
    }

    static long[] longs(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            assertThat(rs.next()).isTrue();
            long[] out = new long[rs.getMetaData().getColumnCount()];
            for (int i = 0; i < out.length; i++) {
                out[i] = rs.getLong(i + 1);
            }
            assertThat(rs.next()).isFalse();
            return out;
        }
    }
}
