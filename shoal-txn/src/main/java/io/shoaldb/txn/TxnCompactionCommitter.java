package io.shoaldb.txn;

import io.shoaldb.storage.compaction.CompactionCommitter;
import io.shoaldb.storage.rowset.RowsetMeta;
import java.util.List;

/**
 * Commits compactions for storage: a durable record (the inputs replaced by the output in that tablet;
 * the table version does not change), then a publish that swaps them. A compaction whose inputs are no
 * longer all visible (a truncate or another compaction won the race) is rejected with COMPACTION_STALE,
 * and storage simply deletes its output.
 */
public final class TxnCompactionCommitter implements CompactionCommitter {
    private final TransactionManager manager;

    public TxnCompactionCommitter(TransactionManager manager) {
        this.manager = manager;
    }

    @Override
    public void commitCompaction(long tableId, long tabletId, List<RowsetMeta> inputs, RowsetMeta output) {
        manager.commitCompaction(tableId, tabletId, inputs, output);
    }
}
