package io.shoaldb.testing.tpc;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Compares ShoalDB's result with the reference's, row by row in ORDER BY order. Rows whose ORDER BY keys are
 * equal (a tie group) may come in any order, so each tie group is compared as a multiset; a query without
 * ORDER BY is one tie group. Values match by {@link ValueMatch}. The answer is a readable diff, or null.
 */
public final class ResultComparison {
    private static final int MAX_REPORTED = 10;
    /** Above this many rows in one tie group the quadratic fallback match is not tried. */
    private static final int MAX_GREEDY_GROUP = 5000;

    private ResultComparison() {
    }

    /**
     * @param orderColumns the result columns of the ORDER BY (0-based), empty when the query has none
     * @return null when the results match, else a diff that names the rows only one side has
     */
    public static String diff(QueryResult expected, QueryResult actual, List<Integer> orderColumns) {
        if (expected.labels().size() != actual.labels().size()) {
            return "column count differs: DuckDB " + expected.labels() + ", ShoalDB " + actual.labels();
        }
        List<String> problems = new ArrayList<>();
        List<List<Object>> e = expected.rows();
        List<List<Object>> a = actual.rows();
        if (e.size() != a.size()) {
            problems.add("row count differs: DuckDB " + e.size() + ", ShoalDB " + a.size());
            // The tie groups cannot be aligned; compare everything as one multiset to show what differs.
            compareGroup(e, a, 0, "all rows", problems);
        } else if (orderColumns.isEmpty()) {
            compareGroup(e, a, 0, "all rows (no ORDER BY)", problems);
        } else {
            int start = 0;
            while (start < e.size() && problems.size() < MAX_REPORTED) {
                int end = start + 1;
                while (end < e.size() && sameKey(e.get(start), e.get(end), orderColumns)) {
                    end++;
                }
                String where = end - start == 1 ? "row " + (start + 1)
                        : "rows " + (start + 1) + ".." + end + " (equal ORDER BY keys, any order)";
                compareGroup(e.subList(start, end), a.subList(start, end), start, where, problems);
                start = end;
            }
        }
        if (problems.isEmpty()) {
            return null;
        }
        StringBuilder out = new StringBuilder("columns: ").append(String.join(" | ", expected.labels())).append('\n');
        problems.stream().limit(MAX_REPORTED).forEach(p -> out.append(p).append('\n'));
        if (problems.size() > MAX_REPORTED) {
            out.append("... (more differences not shown)\n");
        }
        return out.toString();
    }

    private static boolean sameKey(List<Object> r1, List<Object> r2, List<Integer> keys) {
        for (int k : keys) {
            if (!ValueMatch.matches(r1.get(k), r2.get(k))) {
                return false;
            }
        }
        return true;
    }

    private static void compareGroup(List<List<Object>> expected, List<List<Object>> actual, int offset, String where,
                                     List<String> problems) {
        if (expected.size() == actual.size() && allMatch(expected, actual)) {
            return;
        }
        if (expected.size() == 1 && actual.size() == 1) {
            problems.add(where + " (columns " + differingColumns(expected.getFirst(), actual.getFirst()) + " differ):\n"
                    + "  DuckDB:  " + format(expected.getFirst()) + "\n  ShoalDB: " + format(actual.getFirst()));
            return;
        }
        Comparator<List<Object>> canonical = Comparator.comparing(ValueMatch::sortKey);
        List<List<Object>> e = new ArrayList<>(expected);
        List<List<Object>> a = new ArrayList<>(actual);
        e.sort(canonical);
        a.sort(canonical);
        if (e.size() == a.size() && allMatch(e, a)) {
            return;
        }
        if (e.size() + a.size() > 2 * MAX_GREEDY_GROUP) {
            problems.add(where + ": differ (" + e.size() + " DuckDB rows vs " + a.size()
                    + " ShoalDB rows, too many to match one by one); first DuckDB row " + format(e.getFirst())
                    + ", first ShoalDB row " + (a.isEmpty() ? "-" : format(a.getFirst())));
            return;
        }
        // Rows may sort apart when a value sits on a rounding boundary: match what remains one by one.
        List<List<Object>> onlyExpected = new ArrayList<>();
        List<List<Object>> remaining = new ArrayList<>(a);
        for (List<Object> row : e) {
            int hit = -1;
            for (int i = 0; i < remaining.size() && hit < 0; i++) {
                if (ValueMatch.rowsMatch(row, remaining.get(i))) {
                    hit = i;
                }
            }
            if (hit >= 0) {
                remaining.remove(hit);
            } else {
                onlyExpected.add(row);
            }
        }
        if (onlyExpected.isEmpty() && remaining.isEmpty()) {
            return;
        }
        StringBuilder p = new StringBuilder(where).append(": ").append(onlyExpected.size())
                .append(" row(s) only in DuckDB, ").append(remaining.size()).append(" only in ShoalDB");
        onlyExpected.stream().limit(MAX_REPORTED).forEach(r -> p.append("\n  DuckDB only:  ").append(format(r)));
        remaining.stream().limit(MAX_REPORTED).forEach(r -> p.append("\n  ShoalDB only: ").append(format(r)));
        problems.add(p.toString());
    }

    /** The 1-based positions of the values that do not match, e.g. {@code 3, 7}. */
    private static String differingColumns(List<Object> expected, List<Object> actual) {
        List<String> columns = new ArrayList<>();
        for (int i = 0; i < expected.size(); i++) {
            if (!ValueMatch.matches(expected.get(i), actual.get(i))) {
                columns.add(String.valueOf(i + 1));
            }
        }
        return String.join(", ", columns);
    }

    private static boolean allMatch(List<List<Object>> expected, List<List<Object>> actual) {
        for (int i = 0; i < expected.size(); i++) {
            if (!ValueMatch.rowsMatch(expected.get(i), actual.get(i))) {
                return false;
            }
        }
        return true;
    }

    /** A row as {@code [1995-03-15 | 'BUILDING' | 12.3400 | 0.0431 (double) | NULL]}. */
    public static String format(List<Object> row) {
        return row.stream().map(v -> switch (v) {
            case null -> "NULL";
            case String s -> "'" + s + "'";
            case BigDecimal d -> d.toPlainString();
            case Double d -> d + " (double)";
            default -> v.toString();
        }).collect(Collectors.joining(" | ", "[", "]"));
    }
}
