package io.shoaldb.txn;

import java.util.Map;

/** What a commit answers: the version each touched table was given. */
public record CommitResult(long txnId, String label, Map<Long, Long> versionByTable) {
    public CommitResult {
        versionByTable = Map.copyOf(versionByTable);
    }
}
