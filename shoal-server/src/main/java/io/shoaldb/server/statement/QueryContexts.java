package io.shoaldb.server.statement;

import io.shoaldb.exec.QueryContext;
import io.shoaldb.server.session.ShoalSession;
import io.shoaldb.sql.planner.PlannerSettings;
import io.shoaldb.sql.planner.TableStatistics;
import io.shoaldb.storage.StorageEngine;
import io.shoaldb.storage.TableSnapshot;
import io.shoaldb.storage.rowset.RowsetMeta;
import java.util.OptionalLong;

/**
 * What a query takes from its session and the server: Doris's {@code query_timeout},
 * {@code parallel_pipeline_task_num} and {@code exec_mem_limit} for execution; {@code broadcast_row_count_limit} and the tables' row
 * counts (from storage) for planning.
 */
final class QueryContexts {
    private QueryContexts() {
    }

    static QueryContext of(ShoalSession session) {
        long timeout = session.variables().queryTimeout().toSeconds();
        int parallelism = Integer.parseInt(session.variables().get("parallel_pipeline_task_num"));
        long memLimit = Long.parseLong(session.variables().get("exec_mem_limit"));
        return QueryContext.of(timeout, parallelism).withMemoryLimit(memLimit);
    }

    static PlannerSettings planner(ShoalSession session, StorageEngine storage) {
        long broadcastLimit = Long.parseLong(session.variables().get("broadcast_row_count_limit"));
        return new PlannerSettings(rowCounts(storage), broadcastLimit);
    }

    /** Rows in a table's visible rowsets (before merge-on-read, so an upper bound for UNIQUE/AGGREGATE tables). */
    private static TableStatistics rowCounts(StorageEngine storage) {
        return tableId -> {
            if (!storage.tableIds().contains(tableId)) {
                return OptionalLong.empty();
            }
            try (TableSnapshot snapshot = storage.snapshot(tableId)) {
                long rows = 0;
                for (long tablet : snapshot.tabletIds()) {
                    for (RowsetMeta r : snapshot.rowsets(tablet)) {
                        rows += r.rowCount();
                    }
                }
                return OptionalLong.of(rows);
            }
        };
    }
}
