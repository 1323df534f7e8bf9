package io.shoaldb.server.statement;

import io.shoaldb.catalog.CatalogSnapshot;
import io.shoaldb.exec.QueryContext;
import io.shoaldb.exec.spill.SpillSettings;
import io.shoaldb.server.auth.Privileges;
import io.shoaldb.server.infoschema.AccountGrants;
import io.shoaldb.server.infoschema.InformationSchema;
import io.shoaldb.server.infoschema.TableSizes;
import io.shoaldb.server.infoschema.Visibility;
import io.shoaldb.server.session.ShoalSession;
import io.shoaldb.sql.planner.PlannerSettings;
import io.shoaldb.sql.planner.TableStatistics;
import io.shoaldb.storage.StorageEngine;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * What a query takes from its session and the server: Doris's {@code query_timeout},
 * {@code parallel_pipeline_task_num}, {@code exec_mem_limit} and the spill switches for execution; {@code broadcast_row_count_limit} and the tables' row
 * counts (from storage) and information_schema for planning.
 */
final class QueryContexts {
    private QueryContexts() {
    }

    static QueryContext of(ShoalSession session) {
        long timeout = session.variables().queryTimeout().toSeconds();
        int parallelism = Integer.parseInt(session.variables().get("parallel_pipeline_task_num"));
        long memLimit = Long.parseLong(session.variables().get("exec_mem_limit"));
        SpillSettings spill = new SpillSettings(Boolean.parseBoolean(session.variables().get("enable_spill")),
                Boolean.parseBoolean(session.variables().get("enable_force_spill")),
                Long.parseLong(session.variables().get("min_revocable_mem")));
        return QueryContext.of(timeout, parallelism).withMemoryLimit(memLimit).withSpill(spill);
    }

    static PlannerSettings planner(ShoalSession session, ServerContext server) {
        long broadcastLimit = Long.parseLong(session.variables().get("broadcast_row_count_limit"));
        return new PlannerSettings(new StorageStatistics(server.storage()), broadcastLimit, List.of(informationSchema(session, server)));
    }

    /** information_schema as this session's queries see it now: the grants and objects its account may see. */
    static InformationSchema informationSchema(ShoalSession session, ServerContext server) {
        CatalogSnapshot snapshot = server.catalog().snapshot();
        Privileges privileges = session.privileges(snapshot);
        String user = session.user();
        return new InformationSchema(snapshot, TableSizes.of(server.storage()), server.sessions(),
                new AccountGrants(snapshot, session.account(), privileges.isAdmin()), session.user(),
                visibility(privileges, user));
    }

    private static Visibility visibility(Privileges privileges, String user) {
        return new Visibility() {
            @Override
            public boolean database(String name) {
                return privileges.canSeeDatabase(name);
            }

            @Override
            public boolean table(String database, String table) {
                return privileges.canSeeTable(database, table);
            }

            @Override
            public boolean sessionOf(String sessionUser) {
                return privileges.isAdmin() || sessionUser.equals(user);
            }
        };
    }

    /**
     * Planner settings that also note, per table the planner asked about, the magnitude of its row count
     * ({@link #magnitude}), so that a cached plan can tell when its tables have changed size a lot.
     */
    static PlannerSettings planner(ShoalSession session, ServerContext server, Map<Long, Integer> magnitudes) {
        PlannerSettings plain = planner(session, server);
        TableStatistics counts = plain.statistics();
        return new PlannerSettings(new TableStatistics() {
            @Override
            public OptionalLong rowCount(long tableId) {
                OptionalLong rows = counts.rowCount(tableId);
                magnitudes.put(tableId, rows.isPresent() ? magnitude(rows.getAsLong()) : -1);
                return rows;
            }

            @Override
            public Optional<ValueRange> columnRange(long tableId, int columnUniqueId) {
                return counts.columnRange(tableId, columnUniqueId);
            }
        }, plain.broadcastRowLimit(), plain.systemDatabases());
    }

    /** Whether every table still has the row-count magnitude noted while planning. */
    static boolean sameMagnitudes(Map<Long, Integer> magnitudes, StorageEngine storage) {
        TableStatistics counts = new StorageStatistics(storage);
        for (Map.Entry<Long, Integer> e : magnitudes.entrySet()) {
            OptionalLong rows = counts.rowCount(e.getKey());
            if ((rows.isPresent() ? magnitude(rows.getAsLong()) : -1) != e.getValue()) {
                return false;
            }
        }
        return true;
    }

    /** The power of two a row count is below: plans are kept while tables stay within a factor of two. */
    private static int magnitude(long rows) {
        return 64 - Long.numberOfLeadingZeros(rows);
    }
}
