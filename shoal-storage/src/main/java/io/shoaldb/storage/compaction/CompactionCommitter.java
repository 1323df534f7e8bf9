package io.shoaldb.storage.compaction;

import io.shoaldb.storage.rowset.RowsetMeta;
import java.util.List;

/**
 * Makes a compaction's result official; implemented by the transaction layer, which writes a durable
 * record (inputs replaced by output) and then calls
 * {@link io.shoaldb.storage.rowset.RowsetPublisher#publish} with {@code removed = inputs}. After a crash
 * the log therefore shows either the inputs or the output, never both; an output that was written but
 * never committed is an orphan that start-up recovery deletes. Throwing leaves the inputs visible and
 * makes storage delete the output.
 */
public interface CompactionCommitter {
    void commitCompaction(long tableId, long tabletId, List<RowsetMeta> inputs, RowsetMeta output);
}
