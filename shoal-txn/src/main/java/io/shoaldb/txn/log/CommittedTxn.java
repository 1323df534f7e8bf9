package io.shoaldb.txn.log;

import java.util.Set;

/**
 * The label-relevant facts of a committed transaction, kept (in the log and the image) while its label
 * is retained, so label uniqueness and SHOW TRANSACTION survive restarts.
 */
public record CommittedTxn(long txnId, long databaseId, String label, long prepareTimeMillis, long commitTimeMillis,
        Set<Long> tableIds) {
    public CommittedTxn {
        tableIds = Set.copyOf(tableIds);
    }
}
