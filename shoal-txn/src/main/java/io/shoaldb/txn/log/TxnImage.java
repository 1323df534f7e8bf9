package io.shoaldb.txn.log;

import java.util.List;
import java.util.Set;

/**
 * A checkpoint: the durable state after every commit-log entry up to and including {@code lastSequence}.
 *
 * @param txnIdLimit every transaction id below it may have been handed out
 * @param droppedTables tables dropped here, so late commits to them are refused
 * @param labels committed transactions whose labels are still retained
 */
public record TxnImage(long lastSequence, long txnIdLimit, List<TableState> tables, Set<Long> droppedTables,
        List<CommittedTxn> labels) {
    public TxnImage {
        tables = List.copyOf(tables);
        droppedTables = Set.copyOf(droppedTables);
        labels = List.copyOf(labels);
    }

    static TxnImage empty() {
        return new TxnImage(0, 0, List.of(), Set.of(), List.of());
    }
}
