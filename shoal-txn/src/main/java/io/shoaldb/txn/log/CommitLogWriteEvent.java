package io.shoaldb.txn.log;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Timespan;

/**
 * One leader's write of the commit log, for JFR recordings ({@code bench/commit-timeline.sh}): how many records
 * shared the fsync and where the leader's time went. Costs one check per write when no recording asks for it.
 */
@Name("io.shoaldb.CommitLogWrite")
@Label("Commit log write")
@Category({"ShoalDB", "Transactions"})
@Description("One group write of the transaction commit log: the append and its fdatasync, applying, scheduling a checkpoint")
final class CommitLogWriteEvent extends jdk.jfr.Event {
    @Label("Records")
    int records;
    @Label("Append")
    @Description("Encoding the records, the write and the fdatasync")
    @Timespan
    long appendNanos;
    @Label("Applying")
    @Timespan
    long applyNanos;
    @Label("Checkpoint")
    @Description("Taking the state for a checkpoint image after this write, which another thread writes (0: none)")
    @Timespan
    long checkpointNanos;
}
