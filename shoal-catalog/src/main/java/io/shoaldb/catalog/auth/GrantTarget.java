package io.shoaldb.catalog.auth;

import java.util.Comparator;
import java.util.Objects;

/**
 * What a grant is on: {@code *.*} (global), {@code db.*} (a database) or {@code db.tbl} (a table). {@code "*"}
 * stands for "every"; a table is never named without its database.
 */
public record GrantTarget(String database, String table) implements Comparable<GrantTarget> {
    public static final String ALL = "*";
    public static final GrantTarget GLOBAL = new GrantTarget(ALL, ALL);

    private static final Comparator<GrantTarget> ORDER = Comparator.comparingInt(GrantTarget::level)
            .thenComparing(GrantTarget::database).thenComparing(GrantTarget::table);

    public GrantTarget {
        Objects.requireNonNull(database, "database");
        Objects.requireNonNull(table, "table");
        if (database.equals(ALL) && !table.equals(ALL)) {
            throw new IllegalArgumentException("a table grant needs its database: *." + table);
        }
    }

    public static GrantTarget onDatabase(String database) {
        return new GrantTarget(database, ALL);
    }

    public static GrantTarget onTable(String database, String table) {
        return new GrantTarget(database, table);
    }

    public boolean global() {
        return database.equals(ALL);
    }

    public boolean databaseLevel() {
        return !database.equals(ALL) && table.equals(ALL);
    }

    public boolean tableLevel() {
        return !table.equals(ALL);
    }

    /** 0 global, 1 database, 2 table: the order SHOW GRANTS lists them in. */
    int level() {
        return global() ? 0 : databaseLevel() ? 1 : 2;
    }

    @Override
    public int compareTo(GrantTarget other) {
        return ORDER.compare(this, other);
    }

    /** As GRANT writes it: {@code *.*}, {@code db.*}, {@code db.tbl}. */
    @Override
    public String toString() {
        return database + "." + table;
    }
}
