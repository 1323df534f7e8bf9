package io.shoaldb.server.statement;

import io.shoaldb.api.StatementResult;
import io.shoaldb.api.UpdateResult;
import io.shoaldb.server.load.LoadInfo;
import io.shoaldb.server.session.ExplicitTransaction;
import io.shoaldb.server.session.ShoalSession;
import io.shoaldb.sql.tree.SqlBegin;
import io.shoaldb.txn.CommitResult;
import io.shoaldb.txn.Labels;
import java.time.Duration;

/**
 * BEGIN / COMMIT / ROLLBACK. Between them, INSERTs only write files; COMMIT commits them all as one
 * transaction (one version per table), ROLLBACK deletes them. Doris labels such a transaction
 * {@code txn_insert_...} unless BEGIN WITH LABEL names it.
 */
final class TransactionStatements {
    StatementResult begin(ShoalSession session, SqlBegin statement) {
        if (session.transaction() != null) {
            // MySQL commits the open transaction implicitly; Doris refuses. Refusing loses nothing.
            throw io.shoaldb.common.error.ErrorCode.INVALID_VALUE.exception(
                    "A transaction is already open; COMMIT or ROLLBACK it first");
        }
        String label = statement.label() != null ? statement.label() : Labels.generate("txn_insert_");
        session.setTransaction(new ExplicitTransaction(label));
        return new UpdateResult(0, 0, LoadInfo.of(label, "PREPARE", ""));
    }

    StatementResult commit(ShoalSession session, Duration timeout) {
        ExplicitTransaction transaction = session.transaction();
        session.setTransaction(null);
        if (transaction == null || transaction.load() == null) {
            return UpdateResult.OK;
        }
        CommitResult result = transaction.load().commit(timeout);
        return new UpdateResult(0, 0, LoadInfo.of(result.label(), "VISIBLE", Long.toString(result.txnId())));
    }

    StatementResult rollback(ShoalSession session) {
        ExplicitTransaction transaction = session.transaction();
        session.setTransaction(null);
        if (transaction != null && transaction.load() != null) {
            transaction.load().abortWrites();
        }
        return UpdateResult.OK;
    }
}
