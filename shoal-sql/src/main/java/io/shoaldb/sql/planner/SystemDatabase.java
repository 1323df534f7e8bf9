package io.shoaldb.sql.planner;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A database the server makes up rather than stores (information_schema): queries read its tables like any
 * other, through the planner. As in MySQL, its name and its tables' names match ignoring case.
 */
public interface SystemDatabase {
    String name();

    /** Its tables, in the order SHOW TABLES lists them. */
    List<SystemTable> tables();

    default boolean isNamed(String other) {
        return name().equalsIgnoreCase(other);
    }

    default Optional<SystemTable> table(String tableName) {
        String wanted = tableName.toLowerCase(Locale.ROOT);
        return tables().stream().filter(t -> t.name().toLowerCase(Locale.ROOT).equals(wanted)).findFirst();
    }

    /** The one of {@code databases} that {@code name} names, if any. */
    static Optional<SystemDatabase> find(List<SystemDatabase> databases, String name) {
        return name == null ? Optional.empty() : databases.stream().filter(d -> d.isNamed(name)).findFirst();
    }
}
