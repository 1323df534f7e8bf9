package io.shoaldb.api;

/**
 * The reply of a Stream Load, field for field as Doris's JSON. The HTTP layer renders it in Doris's
 * field order; times are milliseconds.
 *
 * @param groupCommit true when the load went through group commit (the JSON then has
 *     {@code "GroupCommit": true} instead of {@code "TwoPhaseCommit"})
 * @param twoPhaseCommit whether the load was a two-phase one (rendered as the string "true"/"false")
 * @param status {@code Success}, {@code Publish Timeout}, {@code Label Already Exists} or {@code Fail}
 * @param existingJobStatus for {@code Label Already Exists}: the state of the load that owns the label, else null
 * @param errorUrl where the rejected rows can be read, or null when none were rejected
 * @param firstErrorMessage the first rejected row's reason, or null
 * @param beginTxnTimeMs for normal (non group commit) loads only; -1 otherwise
 * @param commitAndPublishTimeMs for normal loads only; -1 otherwise
 */
public record StreamLoadResult(long txnId, String label, String comment, boolean groupCommit, boolean twoPhaseCommit,
        String status, String existingJobStatus, String message, long numberTotalRows, long numberLoadedRows,
        long numberFilteredRows, long numberUnselectedRows, long loadBytes, long loadTimeMs, long beginTxnTimeMs,
        long streamLoadPutTimeMs, long readDataTimeMs, long writeDataTimeMs, long receiveDataTimeMs,
        long commitAndPublishTimeMs, String errorUrl, String firstErrorMessage) {
}
