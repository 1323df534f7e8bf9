package io.shoaldb.server.streamload;

import io.shoaldb.api.StreamLoadResult;
import io.shoaldb.ingest.convert.LoadCounters;

/**
 * Builds the Doris reply of one load from its run: counts from the decoder, bytes received, phase times,
 * the error log. Group-commit replies have no begin/commit times (-1), as Doris omits them.
 */
final class StreamLoadReply {
    static final String SUCCESS = "Success";
    static final String FAIL = "Fail";
    static final String LABEL_ALREADY_EXISTS = "Label Already Exists";

    private final LoadRun run;
    private long txnId = -1;
    private String label;
    private String status = SUCCESS;
    private String existingJobStatus;
    private String message = "OK";
    private boolean groupCommit;

    StreamLoadReply(LoadRun run) {
        this.run = run;
    }

    StreamLoadReply txn(long id, String txnLabel) {
        this.txnId = id;
        this.label = txnLabel;
        return this;
    }

    StreamLoadReply groupCommit() {
        this.groupCommit = true;
        return this;
    }

    StreamLoadReply fail(String why) {
        this.status = FAIL;
        this.message = why;
        return this;
    }

    StreamLoadReply labelExists(String why, String jobStatus) {
        this.status = LABEL_ALREADY_EXISTS;
        this.existingJobStatus = jobStatus;
        this.message = why;
        return this;
    }

    StreamLoadResult build() {
        LoadCounters c = run.counters();
        LoadTimes t = run.times;
        return new StreamLoadResult(txnId, label, run.ctx.headers().comment(), groupCommit,
                run.ctx.headers().twoPhaseCommit(), status, existingJobStatus, message, c.total(), c.loaded(),
                c.filtered(), c.unselected(), run.receivedBytes(), t.loadTimeMs(), groupCommit ? -1 : t.beginTxnMs(),
                t.putMs(), t.readMs(), t.writeMs(), t.receiveMs(), groupCommit ? -1 : t.commitMs(), run.errorUrl(),
                run.firstErrorMessage());
    }
}
