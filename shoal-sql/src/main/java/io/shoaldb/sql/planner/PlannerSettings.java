package io.shoaldb.sql.planner;

/**
 * What the planner needs beyond the query and the catalog: table row counts, and the largest estimated
 * build side (rows) a join broadcasts rather than partitions (Doris's {@code broadcast_row_count_limit}).
 */
public record PlannerSettings(TableStatistics statistics, long broadcastRowLimit) {
    public static final long DEFAULT_BROADCAST_ROW_LIMIT = 200_000;
    public static final PlannerSettings DEFAULT = new PlannerSettings(TableStatistics.NONE, DEFAULT_BROADCAST_ROW_LIMIT);

    public PlannerSettings {
        if (broadcastRowLimit < 0) {
            throw new IllegalArgumentException("broadcast row limit must not be negative");
        }
    }
}
