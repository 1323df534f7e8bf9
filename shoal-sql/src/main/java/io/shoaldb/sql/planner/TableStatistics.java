package io.shoaldb.sql.planner;

import java.util.Optional;
import java.util.OptionalLong;

/**
 * Row counts of tables and the value ranges of their columns, from whoever knows them (the server asks storage).
 * The planner uses them to estimate filters, to order joins, to pick each join's build side and to choose
 * broadcast or partitioned joins.
 */
@FunctionalInterface
public interface TableStatistics {
    /** Nothing known: every table is assumed to be of {@link #UNKNOWN_ROWS} rows. */
    TableStatistics NONE = tableId -> OptionalLong.empty();

    long UNKNOWN_ROWS = 1_000_000;

    OptionalLong rowCount(long tableId);

    /**
     * The smallest and largest value of a column over the whole table, as the Java objects of its type
     * (LocalDate for DATE, BigDecimal for DECIMAL, Long or Double for numbers); empty when unknown.
     */
    default Optional<ValueRange> columnRange(long tableId, int columnUniqueId) {
        return Optional.empty();
    }

    /** Bounds of the values of a column: range predicates keep the part of it they cover. */
    record ValueRange(Object min, Object max) {
    }
}
