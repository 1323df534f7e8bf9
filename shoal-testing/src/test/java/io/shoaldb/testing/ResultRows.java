package io.shoaldb.testing;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/** Every row a query answers, each as its columns' text (null for NULL), in the order the server sent them. */
public final class ResultRows {
    private ResultRows() {
    }

    public static List<List<String>> of(Statement s, String sql) throws SQLException {
        List<List<String>> rows = new ArrayList<>();
        try (ResultSet rs = s.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                List<String> row = new ArrayList<>();
                for (int i = 1; i <= n; i++) {
                    row.add(rs.getString(i));
                }
                rows.add(row);
            }
        }
        return rows;
    }
}
