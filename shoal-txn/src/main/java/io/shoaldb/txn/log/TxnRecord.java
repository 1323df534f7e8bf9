package io.shoaldb.txn.log;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import io.shoaldb.storage.rowset.RowsetMeta;
import java.util.List;
import java.util.Map;

/**
 * One durable change as the commit log stores it. Records carry results (ids, versions, stamped rowsets),
 * never requests, so replay allocates nothing, reads no clock and is deterministic.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
        @JsonSubTypes.Type(value = TxnRecord.IdBlock.class, name = "id_block"),
        @JsonSubTypes.Type(value = TxnRecord.Commit.class, name = "commit"),
        @JsonSubTypes.Type(value = TxnRecord.DropTable.class, name = "drop_table"),
        @JsonSubTypes.Type(value = TxnRecord.TruncateTable.class, name = "truncate_table"),
        @JsonSubTypes.Type(value = TxnRecord.Compaction.class, name = "compaction"),
})
public sealed interface TxnRecord {
    /**
     * Transaction ids below {@code limit} may have been handed out. Ids are allocated in blocks so that a
     * begin costs no fsync, yet a restart continues above every id ever given.
     */
    record IdBlock(long limit) implements TxnRecord {
    }

    /** The commit point of a transaction: everything it changed, in one record. */
    record Commit(CommittedTxn txn, List<TableCommit> tables) implements TxnRecord {
        public Commit {
            tables = List.copyOf(tables);
        }
    }

    /** One table's part of a commit: its new version and the rowsets (stamped with it) per tablet. */
    record TableCommit(long tableId, long version, Map<Long, RowsetMeta> rowsets) {
        public TableCommit {
            rowsets = Map.copyOf(rowsets);
        }
    }

    record DropTable(long tableId) implements TxnRecord {
    }

    /** Every rowset of the table goes; the table moves to {@code version}. */
    record TruncateTable(long tableId, long version) implements TxnRecord {
    }

    /** In one tablet, the input rowsets are replaced by the output; the table version is unchanged. */
    record Compaction(long tableId, long tabletId, List<Long> inputRowsetIds, RowsetMeta output)
            implements TxnRecord {
        public Compaction {
            inputRowsetIds = List.copyOf(inputRowsetIds);
        }
    }
}
