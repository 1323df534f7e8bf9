package io.shoaldb.sql.planner;

import java.util.OptionalLong;

/**
 * Row counts of tables, from whoever knows them (the server asks storage). The planner uses them to order
 * joins, to pick each join's build side and to choose broadcast or partitioned joins.
 */
@FunctionalInterface
public interface TableStatistics {
    /** Nothing known: every table is assumed to be of {@link #UNKNOWN_ROWS} rows. */
    TableStatistics NONE = tableId -> OptionalLong.empty();

    long UNKNOWN_ROWS = 1_000_000;

    OptionalLong rowCount(long tableId);
}
