package io.shoaldb.server.statement;

import io.shoaldb.api.StatementResult;
import io.shoaldb.api.UpdateResult;
import io.shoaldb.server.session.ShoalSession;

/**
 * BEGIN / COMMIT / ROLLBACK. The session only records that a transaction is open; the INSERTs inside it
 * are collected and committed by the load path, which also decides that they bypass group commit.
 */
final class TransactionStatements {
    StatementResult begin(ShoalSession session) {
        session.setInTransaction(true);
        return UpdateResult.OK;
    }

    StatementResult end(ShoalSession session) {
        session.setInTransaction(false);
        return UpdateResult.OK;
    }
}
