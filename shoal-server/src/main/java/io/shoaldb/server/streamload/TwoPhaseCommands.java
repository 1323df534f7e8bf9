package io.shoaldb.server.streamload;

import io.shoaldb.api.TwoPhaseCommitResult;
import io.shoaldb.catalog.Catalog;
import io.shoaldb.catalog.model.Database;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import java.util.Locale;
import java.util.Map;

/**
 * {@code PUT /api/{db}/_stream_load_2pc} with {@code txn_operation: commit|abort} and {@code txn_id} or
 * {@code label}. Replies as Doris: {@code transaction [N] commit successfully.} /
 * {@code transaction [N] abort successfully.}; failures are {@code Fail} with the transaction error text.
 */
final class TwoPhaseCommands {
    private final Catalog catalog;
    private final PreparedLoads prepared;

    TwoPhaseCommands(Catalog catalog, PreparedLoads prepared) {
        this.catalog = catalog;
        this.prepared = prepared;
    }

    TwoPhaseCommitResult run(String databaseName, Map<String, String> headers) {
        try {
            Database database = catalog.snapshot().database(databaseName)
                    .orElseThrow(() -> ErrorCode.UNKNOWN_DATABASE.exception(databaseName));
            String operation = trimmed(headers.get("txn_operation"));
            if (operation == null) {
                throw invalid("txn_operation must be set: commit or abort");
            }
            operation = operation.toLowerCase(Locale.ROOT);
            if (!operation.equals("commit") && !operation.equals("abort")) {
                throw invalid("txn_operation must be commit or abort, not " + headers.get("txn_operation"));
            }
            long txnId = txnId(database.id(), headers);
            if (operation.equals("commit")) {
                prepared.commit(database.id(), txnId);
            } else {
                prepared.abort(database.id(), txnId, "user abort");
            }
            return new TwoPhaseCommitResult("Success", "transaction [" + txnId + "] " + operation + " successfully.");
        } catch (ShoalException e) {
            return new TwoPhaseCommitResult("Fail", e.getMessage());
        }
    }

    private long txnId(long databaseId, Map<String, String> headers) {
        String id = trimmed(headers.get("txn_id"));
        if (id != null) {
            try {
                return Long.parseLong(id);
            } catch (NumberFormatException e) {
                throw invalid("txn_id must be a number: " + id);
            }
        }
        String label = trimmed(headers.get("label"));
        if (label == null) {
            throw invalid("no valid txn_id or label: set one of them");
        }
        long txnId = prepared.txnIdOf(databaseId, label);
        if (txnId < 0) {
            throw invalid("no prepared two-phase load with label [" + label + "]");
        }
        return txnId;
    }

    private static String trimmed(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }

    private static ShoalException invalid(String message) {
        return ErrorCode.LOAD_INVALID_ARGUMENT.exception(message);
    }
}
