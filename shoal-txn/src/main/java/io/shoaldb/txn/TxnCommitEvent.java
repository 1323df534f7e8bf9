package io.shoaldb.txn;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Timespan;

/**
 * One transaction's commit as its committer waited for it, for JFR recordings ({@code bench/commit-timeline.sh}):
 * the table locks, the commit record's append (waiting for the log's leader included) and the publish.
 * Costs one check per commit when no recording asks for it.
 */
@Name("io.shoaldb.TxnCommit")
@Label("Transaction commit")
@Category({"ShoalDB", "Transactions"})
@Description("One transaction commit: table locks, the durable commit record, publishing")
final class TxnCommitEvent extends jdk.jfr.Event {
    @Label("Transaction")
    long txnId;
    @Label("Rowsets")
    int rowsets;
    @Label("Locking")
    @Description("Waiting for the tables' locks and stamping the rowsets")
    @Timespan
    long lockNanos;
    @Label("Commit record")
    @Description("Until the commit record was durable and applied (sharing a leader's fsync)")
    @Timespan
    long appendNanos;
    @Label("Publishing")
    @Timespan
    long publishNanos;
}
