package io.shoaldb.server.statement;

import io.shoaldb.api.StatementResult;
import io.shoaldb.api.UpdateResult;
import io.shoaldb.catalog.CatalogSnapshot;
import io.shoaldb.catalog.model.Database;
import io.shoaldb.catalog.model.Table;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.ingest.groupcommit.GroupCommitTableStatus;
import io.shoaldb.server.session.ShoalSession;
import io.shoaldb.sql.tree.SqlShowGroupCommit;
import io.shoaldb.sql.tree.SqlSyncGroupCommit;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * Beyond Doris: SHOW GROUP COMMIT lists each table's queue (mode, open batch, rows and bytes waiting, batch
 * age, WAL files and bytes, last commit, last replay failure); SYNC GROUP COMMIT waits until everything
 * acknowledged so far (for a table, or by this session) is visible.
 */
final class GroupCommitStatements {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS")
            .withZone(ZoneOffset.UTC);

    private final ServerContext server;

    GroupCommitStatements(ServerContext server) {
        this.server = server;
    }

    StatementResult show(SqlShowGroupCommit statement) {
        CatalogSnapshot catalog = server.catalog().snapshot();
        Long databaseId = null;
        if (statement.database() != null) {
            databaseId = catalog.database(statement.database())
                    .orElseThrow(() -> ErrorCode.UNKNOWN_DATABASE.exception(statement.database())).id();
        }
        TextTable result = new TextTable("Database", "Table", "Mode", "OpenLabel", "OpenTxnId", "QueuedRows",
                "QueuedBytes", "BatchAgeMs", "WalFiles", "WalBytes", "LastCommitTime", "LastReplayFailure",
                "Blocked");
        for (GroupCommitTableStatus status : server.groupCommit().status()) {
            if (databaseId != null && status.databaseId() != databaseId) {
                continue;
            }
            String database = catalog.databaseById(status.databaseId()).map(Database::name).orElse("");
            result.row(database, status.tableName(), status.lastMode() == null ? "" : status.lastMode().name(),
                    status.openLabel() == null ? "" : status.openLabel(), Long.toString(status.openTxnId()),
                    Long.toString(status.queuedRows()), Long.toString(status.queuedBytes()),
                    Long.toString(status.batchAgeMillis()), Integer.toString(status.walFiles()),
                    Long.toString(status.walBytes()),
                    status.lastCommitMillis() < 0 ? "" : TIME.format(Instant.ofEpochMilli(status.lastCommitMillis())),
                    status.lastReplayFailure(), Boolean.toString(status.blocked()));
        }
        return result.result();
    }

    StatementResult sync(ShoalSession session, SqlSyncGroupCommit statement) {
        // Bounded like any statement a client waits on; the batches carry on past it.
        Duration timeout = session.variables().queryTimeout();
        if (statement.table() == null) {
            for (long tableId : session.groupCommitTables()) {
                server.groupCommit().awaitVisible(tableId, timeout);
            }
        } else {
            Table table = TableStatements.table(server.catalog().snapshot(),
                    Names.database(session, statement.database()), statement.table());
            server.groupCommit().awaitVisible(table.id(), timeout);
        }
        return UpdateResult.OK;
    }
}
