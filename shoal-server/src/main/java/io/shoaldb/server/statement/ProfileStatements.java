package io.shoaldb.server.statement;

import io.shoaldb.api.StatementResult;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.sql.tree.SqlShowQueryProfile;
import java.time.Duration;

/**
 * Doris's {@code SHOW QUERY PROFILE}: {@code "/"} (or nothing) lists the kept profiles, newest first, in Doris's
 * columns; {@code "/<query id>"} shows one: a few lines about the query, then its pipelines with the counters.
 */
final class ProfileStatements {
    private final QueryProfiles profiles;

    ProfileStatements(QueryProfiles profiles) {
        this.profiles = profiles;
    }

    StatementResult show(SqlShowQueryProfile show) {
        String path = show.path() == null ? "/" : show.path().trim();
        if (path.equals("/")) {
            TextTable table = new TextTable("QueryId", "User", "DefaultDb", "SQL", "QueryType", "StartTime", "EndTime",
                    "TotalTime", "QueryState");
            for (QueryProfiles.Entry e : profiles.newestFirst()) {
                table.row(e.queryId(), e.user(), e.database(), e.sql(), "Query", e.start().toString(),
                        e.end().toString(), totalTime(e), e.state());
            }
            return table.result();
        }
        String id = path.startsWith("/") ? path.substring(1) : path;
        QueryProfiles.Entry e = profiles.find(id).orElseThrow(
                () -> ErrorCode.INVALID_VALUE.exception("query " + id + " has no profile (SHOW QUERY PROFILE \"/\" lists"
                        + " the last " + QueryProfiles.KEPT + " queries run with enable_profile)"));
        TextTable table = new TextTable("Profile");
        table.row("Query ID: " + e.queryId());
        table.row("User: " + e.user() + ", Default Db: " + e.database());
        table.row("Start: " + e.start() + ", End: " + e.end() + ", Total: " + totalTime(e) + ", State: " + e.state());
        table.row("SQL: " + e.sql());
        e.lines().forEach(table::row);
        return table.result();
    }

    private static String totalTime(QueryProfiles.Entry e) {
        return Duration.between(e.start(), e.end()).toMillis() + "ms";
    }
}
