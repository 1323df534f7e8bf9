package io.shoaldb.server.streamload;

import io.shoaldb.catalog.model.GroupCommitMode;
import io.shoaldb.catalog.model.Table;

/**
 * How one Stream Load runs, decided before its body is read (Doris's {@code _can_group_commit}, with
 * ShoalDB's documented choices where Doris's docs and code differ).
 *
 * @param groupCommit whether the load goes through group commit (the reply then says {@code GroupCommit: true})
 * @param async async group commit (acknowledged once the WAL holds the rows), else sync
 * @param reason why group commit is not used or async became sync, for the log ("" when nothing changed)
 */
record LoadPath(boolean groupCommit, boolean async, String reason) {
    /**
     * Mode: {@code group_commit} header, else the table property, else off. A group-commit load falls back
     * silently to the normal path with a {@code label} (ShoalDB follows Doris's docs: a labelled load stays
     * idempotent instead of failing), {@code two_phase_commit}, a partial-column update, a table without light
     * schema change, or an empty body that is not chunked (Doris BE). Async runs as sync for a chunked body
     * (size unknown, so the WAL space cannot be checked beforehand); the WAL-space rule for known sizes is the
     * group-commit manager's, applied to the decoded batch.
     */
    static LoadPath decide(LoadHeaders headers, Table table, long contentLength) {
        GroupCommitMode mode = headers.modeOr(table.properties().groupCommitMode());
        if (mode == GroupCommitMode.OFF_MODE) {
            return new LoadPath(false, false, "");
        }
        String fallback = headers.label() != null ? "a label is given"
                : headers.twoPhaseCommit() ? "two_phase_commit is true"
                : headers.partialUpdate() ? "it is a partial-column update"
                : !table.properties().lightSchemaChange() ? "the table has light_schema_change=false"
                : contentLength == 0 ? "the body is empty"
                : null;
        if (fallback != null) {
            return new LoadPath(false, false, "group commit not used: " + fallback);
        }
        if (mode == GroupCommitMode.ASYNC_MODE && contentLength < 0) {
            return new LoadPath(true, false, "async_mode runs as sync: chunked body of unknown size");
        }
        return new LoadPath(true, mode == GroupCommitMode.ASYNC_MODE, "");
    }
}
