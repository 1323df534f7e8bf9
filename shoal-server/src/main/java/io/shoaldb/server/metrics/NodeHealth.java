package io.shoaldb.server.metrics;

import io.shoaldb.ingest.groupcommit.GroupCommitManager;
import io.shoaldb.txn.TransactionManager;
import java.util.ArrayList;
import java.util.List;

/**
 * What makes this node unable to keep its durability promise right now, for {@code /api/health}: a poisoned
 * transaction commit log (every write refused until restart), committed versions that could not be
 * published yet, and distressed group-commit WAL directories. Empty when healthy.
 */
public final class NodeHealth {
    private final TransactionManager txns;
    private final GroupCommitManager groupCommit;

    public NodeHealth(TransactionManager txns, GroupCommitManager groupCommit) {
        this.txns = txns;
        this.groupCommit = groupCommit;
    }

    public List<String> problems() {
        List<String> out = new ArrayList<>();
        if (txns.poisoned()) {
            out.add("the transaction commit log failed (write or fsync); every write is refused until restart");
        }
        if (!txns.unpublishedTables().isEmpty()) {
            out.add("committed versions of tables " + txns.unpublishedTables() + " are not published (visible) yet");
        }
        out.addAll(groupCommit.healthProblems());
        return out;
    }
}
