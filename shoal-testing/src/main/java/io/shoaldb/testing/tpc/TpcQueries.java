package io.shoaldb.testing.tpc;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The 22 TPC-H queries, TPC-DS Q3, and queries of our own: a full scan of lineitem ({@code scan}), Q1 with its
 * date computed by hand ({@code q01-dated}), set operations / grouping sets over the TPC-H tables
 * ({@code s01}...{@code s10}), window functions over the TPC-H tables ({@code w01} ... {@code w05}) and a full
 * ORDER BY ({@code sort}), read from the resources {@code tpc/queries/<name>.sql}.
 */
public final class TpcQueries {
    private static final String DIR = "/tpc/queries/";

    private TpcQueries() {
    }

    /**
     * {@code q01} ... {@code q22}, then {@code ds-q03}, {@code scan}, {@code q01-dated}, {@code s01} ... {@code s10},
     * the window-function queries {@code w01} ... {@code w05} and {@code sort} (a full ORDER BY).
     */
    public static List<String> names() {
        List<String> names = new ArrayList<>();
        for (int i = 1; i <= 22; i++) {
            names.add(String.format("q%02d", i));
        }
        names.add("ds-q03");
        names.add("scan");
        names.add("q01-dated");
        for (int i = 1; i <= 10; i++) {
            names.add(String.format("s%02d", i));
        }
        for (int i = 1; i <= 5; i++) {
            names.add(String.format("w%02d", i));
        }
        names.add("sort");
        return names;
    }

    public static List<TpcQuery> all() {
        return names().stream().map(TpcQueries::query).toList();
    }

    /**
     * The queries named in {@code selection} (comma-separated, e.g. {@code q05,q07}; {@code q5} is {@code q05}),
     * or all of them when it is null or blank.
     */
    public static List<TpcQuery> selected(String selection) {
        if (selection == null || selection.isBlank()) {
            return all();
        }
        Set<String> wanted = Arrays.stream(selection.split(",")).map(String::strip).map(TpcQueries::canonical)
                .collect(Collectors.toSet());
        List<String> unknown = wanted.stream().filter(w -> !names().contains(w)).toList();
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("unknown queries " + unknown + "; the queries are " + names());
        }
        return all().stream().filter(q -> wanted.contains(q.name())).toList();
    }

    private static String canonical(String name) {
        return name.matches("q\\d") ? "q0" + name.substring(1) : name;
    }

    public static TpcQuery query(String name) {
        String sql = resource(name + ".sql");
        if (sql == null) {
            throw new IllegalArgumentException("no query resource " + DIR + name + ".sql");
        }
        String duckdb = resource(name + ".duckdb.sql");
        return new TpcQuery(name, strip(sql), strip(duckdb == null ? sql : duckdb));
    }

    /** Without the trailing ';' (JDBC sends one statement). */
    private static String strip(String sql) {
        String s = sql.strip();
        return s.endsWith(";") ? s.substring(0, s.length() - 1) : s;
    }

    private static String resource(String file) {
        try (InputStream in = TpcQueries.class.getResourceAsStream(DIR + file)) {
            return in == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
