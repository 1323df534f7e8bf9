package io.shoaldb.server.statement;

import io.shoaldb.api.StatementResult;
import io.shoaldb.api.UpdateResult;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.server.session.ShoalSession;
import io.shoaldb.sql.tree.SqlKill;

/**
 * {@code KILL [CONNECTION | QUERY] id}. KILL QUERY stops the statement connection {@code id} runs (its client
 * gets 1317 "Query execution was interrupted") and leaves the connection open; KILL CONNECTION also closes it.
 * A running query stops at its drivers' next batch, frees its memory and releases its snapshot.
 */
final class KillStatements {
    private final ServerContext server;

    KillStatements(ServerContext server) {
        this.server = server;
    }

    /** A user may stop their own connections; another user's need ADMIN_PRIV ({@code admin}), else 1095. */
    StatementResult kill(ShoalSession session, SqlKill statement, boolean admin) {
        ShoalSession target = server.sessions().find(statement.connectionId());
        if (target == null) {
            throw ErrorCode.UNKNOWN_THREAD.exception(statement.connectionId());
        }
        if (!admin && !target.user().equals(session.user())) {
            throw ErrorCode.KILL_DENIED.exception(statement.connectionId());
        }
        if (statement.connection()) {
            target.kill();
        } else {
            target.activity().interrupt();
        }
        return UpdateResult.OK;
    }
}
