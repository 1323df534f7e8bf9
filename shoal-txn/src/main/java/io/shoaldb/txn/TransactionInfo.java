package io.shoaldb.txn;

import java.util.Set;

/**
 * A transaction as SHOW TRANSACTION and label lookups see it; times are epoch millis, -1 when not reached
 * yet (as Doris prints them).
 */
public record TransactionInfo(long txnId, long databaseId, String label, TxnState state, long prepareTimeMillis,
        long commitTimeMillis, long finishTimeMillis, String reason, Set<Long> tableIds) {
    public TransactionInfo {
        tableIds = Set.copyOf(tableIds);
    }
}
