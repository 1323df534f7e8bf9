package io.shoaldb.txn.log;

import java.util.HashMap;
import java.util.Map;

/**
 * Checks, for one leader's batch, that each commit gives its tables the version after the one the state (and
 * the records admitted before it in the batch) leaves them at. A record that does not follow is refused before
 * it is written: once durable it could never apply, neither now nor at the next open.
 */
final class VersionOrder {
    private final DurableState state;
    /** Versions the admitted records of this batch leave their tables at. */
    private final Map<Long, Long> versions = new HashMap<>();

    VersionOrder(DurableState state) {
        this.state = state;
    }

    /** Null when the record may be written (and is counted), else why not. */
    String admit(TxnRecord record) {
        switch (record) {
            case TxnRecord.Commit commit -> {
                for (TxnRecord.TableCommit tc : commit.tables()) {
                    long current = versionOf(tc.tableId());
                    if (tc.version() != current + 1) {
                        return "the commit of transaction [" + commit.txn().txnId() + "] gives table " + tc.tableId()
                                + " version " + tc.version() + ", which does not follow version " + current
                                + ": an earlier commit of the table failed";
                    }
                }
                commit.tables().forEach(tc -> versions.put(tc.tableId(), tc.version()));
            }
            case TxnRecord.TruncateTable truncate -> versions.put(truncate.tableId(), truncate.version());
            case TxnRecord.DropTable drop -> versions.remove(drop.tableId());
            default -> {
                // id blocks and compactions move no version
            }
        }
        return null;
    }

    private long versionOf(long tableId) {
        Long admitted = versions.get(tableId);
        return admitted != null ? admitted : state.table(tableId).version();
    }
}
