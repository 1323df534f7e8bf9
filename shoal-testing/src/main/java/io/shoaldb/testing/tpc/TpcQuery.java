package io.shoaldb.testing.tpc;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One benchmark query: its name ({@code q05}, {@code ds-q03}), the Doris-dialect text ShoalDB runs, and the
 * text DuckDB runs (the same text unless a {@code <name>.duckdb.sql} resource says otherwise, for a real
 * dialect difference).
 */
public record TpcQuery(String name, String sql, String duckDbSql) {

    /** True for the TPC-DS queries, which read the TPC-DS tables. */
    public boolean isTpcds() {
        return name.startsWith("ds-");
    }

    /**
     * The 0-based result columns named by the final ORDER BY, in order; empty without ORDER BY. Each ORDER BY
     * item must name a result column (by alias or, for {@code t.col}, by column name), as in all TPC queries:
     * anything else is an error here, so that tie groups are never guessed.
     */
    public List<Integer> orderColumns(List<String> labels) {
        String text = withoutComments(sql).toLowerCase(Locale.ROOT);
        int at = text.lastIndexOf("order by");
        if (at < 0 || depth(text, at) != 0) {
            return List.of();
        }
        String clause = text.substring(at + "order by".length());
        clause = clause.split("\\slimit\\s")[0].replace(";", "").strip();
        List<Integer> columns = new ArrayList<>();
        for (String item : clause.split(",")) {
            String name = item.strip().replaceAll("\\s+(asc|desc)$", "").strip();
            name = name.substring(name.lastIndexOf('.') + 1);
            int index = -1;
            for (int i = 0; i < labels.size() && index < 0; i++) {
                if (labels.get(i).equalsIgnoreCase(name)) {
                    index = i;
                }
            }
            if (index < 0) {
                throw new IllegalStateException(this.name + ": ORDER BY item '" + item.strip()
                        + "' is not one of the result columns " + labels);
            }
            columns.add(index);
        }
        return columns;
    }

    private static String withoutComments(String sql) {
        return sql.replaceAll("--[^\n]*", " ");
    }

    private static int depth(String text, int at) {
        int depth = 0;
        for (int i = 0; i < at; i++) {
            char c = text.charAt(i);
            if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            }
        }
        return depth;
    }
}
