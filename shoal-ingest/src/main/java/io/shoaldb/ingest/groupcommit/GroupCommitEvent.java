package io.shoaldb.ingest.groupcommit;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Timespan;

/**
 * The timeline of one batch's commit, for JFR recordings ({@code bench/commit-timeline.sh}): how long the batch
 * gathered loads, waited behind the table's previous commit, built its rowsets and committed. The event's own
 * duration is the commit on the committer thread. Costs one check per commit when no recording asks for it.
 */
@Name("io.shoaldb.GroupCommit")
@Label("Group commit")
@Category({"ShoalDB", "Ingestion"})
@Description("One group-commit batch: its gathering, queueing and the phases of its commit")
final class GroupCommitEvent extends jdk.jfr.Event {
    @Label("Table")
    long tableId;
    @Label("Loads")
    int loads;
    @Label("Sync loads")
    int syncLoads;
    @Label("Rows")
    long rows;
    @Label("Seal reason")
    String sealReason;
    @Label("Gathering")
    @Description("From the batch's first load until it was sealed")
    @Timespan
    long gatherNanos;
    @Label("Queued")
    @Description("From sealed until its commit started (room in the table's commit pipeline, a free thread)")
    @Timespan
    long queuedNanos;
    @Label("Rowsets built")
    @Description("Routing the rows to tablets and building their rowsets")
    @Timespan
    long buildNanos;
    @Label("Turn")
    @Description("Waiting for the previous batch to queue its record, then queueing this one's")
    @Timespan
    long turnNanos;
    @Label("Transaction commit")
    @Description("From the record queued until durable and published")
    @Timespan
    long commitNanos;
    @Label("Committed")
    boolean committed;
}
