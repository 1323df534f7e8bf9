package io.shoaldb.txn;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Timespan;

/**
 * One compaction's commit as its compaction thread waited for it, for JFR recordings
 * ({@code bench/commit-timeline.sh}): the lock it takes, its record's append (waiting for the log's leader
 * included) and its publish. Set side by side with {@link TxnCommitEvent}, it shows how much of a group
 * commit's lock wait a compaction can cause. Costs one check per compaction when no recording asks for it.
 */
@Name("io.shoaldb.TxnCompaction")
@Label("Compaction commit")
@Category({"ShoalDB", "Transactions"})
@Description("One compaction commit: its lock, the durable commit record, publishing")
final class TxnCompactionEvent extends jdk.jfr.Event {
    @Label("Table")
    long tableId;
    @Label("Input rowsets")
    int inputs;
    @Label("Locking")
    @Description("Waiting for the lock that orders the compaction against the table's other changes")
    @Timespan
    long lockNanos;
    @Label("Commit record")
    @Description("Until the compaction's record was durable and applied (sharing a leader's fsync)")
    @Timespan
    long appendNanos;
    @Label("Publishing")
    @Timespan
    long publishNanos;
}
