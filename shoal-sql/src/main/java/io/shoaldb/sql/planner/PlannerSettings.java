package io.shoaldb.sql.planner;

import java.util.List;

/**
 * What the planner needs beyond the query and the catalog: table row counts, the largest estimated
 * build side (rows) a join broadcasts rather than partitions (Doris's {@code broadcast_row_count_limit}), and the
 * databases the server makes up rather than stores (information_schema).
 */
public record PlannerSettings(TableStatistics statistics, long broadcastRowLimit,
        List<SystemDatabase> systemDatabases) {
    public static final long DEFAULT_BROADCAST_ROW_LIMIT = 200_000;
    public static final PlannerSettings DEFAULT = new PlannerSettings(TableStatistics.NONE, DEFAULT_BROADCAST_ROW_LIMIT);

    public PlannerSettings {
        if (broadcastRowLimit < 0) {
            throw new IllegalArgumentException("broadcast row limit must not be negative");
        }
        systemDatabases = List.copyOf(systemDatabases);
    }

    /** Settings without system databases. */
    public PlannerSettings(TableStatistics statistics, long broadcastRowLimit) {
        this(statistics, broadcastRowLimit, List.of());
    }
}
