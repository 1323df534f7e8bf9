package io.shoaldb.txn.log;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the image plus the commit log say: the id limit, each table's version and rowsets, dropped tables
 * and retained committed labels. Replay and live appends change it through {@link #apply} only, one
 * record at a time in log order (the {@link CommitLog} serialises that), so a checkpoint image is exactly
 * the replay of the records it covers - except for labels, which expire and are released (internal
 * transactions) outside the log. Other threads read it; values are immutable and maps concurrent.
 */
public final class DurableState {
    private volatile long txnIdLimit;
    private final Map<Long, TableState> tables = new ConcurrentHashMap<>();
    private final Set<Long> droppedTables = ConcurrentHashMap.newKeySet();
    private final Map<Long, CommittedTxn> labels = new ConcurrentHashMap<>();

    static DurableState of(TxnImage image) {
        DurableState state = new DurableState();
        state.txnIdLimit = image.txnIdLimit();
        image.tables().forEach(t -> state.tables.put(t.tableId(), t));
        state.droppedTables.addAll(image.droppedTables());
        image.labels().forEach(l -> state.labels.put(l.txnId(), l));
        return state;
    }

    /** Applies one record; throws IllegalStateException when it does not fit (corruption or a bug). */
    void apply(TxnRecord record) {
        switch (record) {
            case TxnRecord.IdBlock block -> txnIdLimit = Math.max(txnIdLimit, block.limit());
            case TxnRecord.Commit commit -> applyCommit(commit);
            case TxnRecord.DropTable drop -> {
                tables.remove(drop.tableId());
                droppedTables.add(drop.tableId());
            }
            case TxnRecord.TruncateTable truncate -> tables.put(truncate.tableId(),
                    liveTable(truncate.tableId()).truncatedAt(truncate.version()));
            case TxnRecord.Compaction c -> tables.put(c.tableId(),
                    liveTable(c.tableId()).compacted(c.tabletId(), c.inputRowsetIds(), c.output()));
        }
    }

    private void applyCommit(TxnRecord.Commit commit) {
        // Check every table first so that a record that does not fit changes nothing.
        List<TableState> next = new ArrayList<>();
        for (TxnRecord.TableCommit tc : commit.tables()) {
            next.add(liveTable(tc.tableId()).plusCommit(tc.version(), tc.rowsets()));
        }
        next.forEach(t -> tables.put(t.tableId(), t));
        labels.put(commit.txn().txnId(), commit.txn());
        txnIdLimit = Math.max(txnIdLimit, commit.txn().txnId() + 1);
    }

    private TableState liveTable(long tableId) {
        if (droppedTables.contains(tableId)) {
            throw new IllegalStateException("table " + tableId + " was dropped");
        }
        return tables.getOrDefault(tableId, TableState.empty(tableId));
    }

    public long txnIdLimit() {
        return txnIdLimit;
    }

    /** The table's state; a table never committed to is at version 0 with no rowsets. */
    public TableState table(long tableId) {
        return tables.getOrDefault(tableId, TableState.empty(tableId));
    }

    public Map<Long, TableState> tables() {
        return Map.copyOf(tables);
    }

    public boolean isDropped(long tableId) {
        return droppedTables.contains(tableId);
    }

    public Optional<CommittedTxn> committed(long txnId) {
        return Optional.ofNullable(labels.get(txnId));
    }

    public List<CommittedTxn> committedTxns() {
        return List.copyOf(labels.values());
    }

    /** Forgets one committed transaction's label facts (a released internal one); it leaves the next image too. */
    void forgetCommitted(long txnId) {
        labels.remove(txnId);
    }

    /** Forgets committed labels older than the retention; they leave the next image too. */
    void dropLabelsCommittedBefore(long cutoffMillis) {
        labels.values().removeIf(l -> l.commitTimeMillis() < cutoffMillis);
    }

    TxnImage toImage(long lastSequence) {
        List<TableState> tableList = new ArrayList<>(tables.values());
        tableList.sort(Comparator.comparingLong(TableState::tableId));
        List<CommittedTxn> labelList = new ArrayList<>(labels.values());
        labelList.sort(Comparator.comparingLong(CommittedTxn::txnId));
        return new TxnImage(lastSequence, txnIdLimit, tableList, droppedTables, labelList);
    }
}
