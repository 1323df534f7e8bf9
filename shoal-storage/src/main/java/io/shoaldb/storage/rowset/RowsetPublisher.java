package io.shoaldb.storage.rowset;

import java.util.List;
import java.util.Map;

/**
 * Makes committed rowsets visible to readers. The transaction layer calls it after the commit record
 * is durable; storage implements it by swapping the table's snapshot in one atomic step, so a query
 * never sees half a commit.
 */
public interface RowsetPublisher {
    /**
     * Publishes one table version: adds rowsets and (for compaction) removes the ones they replace.
     *
     * @param added new rowsets by tablet id
     * @param removed replaced rowsets by tablet id (empty for loads)
     */
    void publish(long tableId, long version, Map<Long, List<RowsetMeta>> added, Map<Long, List<RowsetMeta>> removed);

    /** Forgets a dropped or truncated table's rowsets and deletes their files once no reader uses them. */
    void dropTable(long tableId);
}
