package io.shoaldb.ingest.groupcommit;

/**
 * The pure parts of "when does a batch commit": the data-bytes threshold, and the adaptive window's
 * decision whether waiting one more window still pays. (The interval is a timer armed at batch open.)
 */
final class TriggerPolicy {
    private TriggerPolicy() {
    }

    /** {@code group_commit_data_bytes}: the batch's data reached the threshold of the load that opened it. */
    static boolean sizeReached(GroupBatch b) {
        return b.bytes >= b.dataBytesLimit;
    }

    /**
     * After a window of observation: keep waiting while loads keep arriving (or are between reserving memory
     * and joining) - each one more merged into this commit saves a version and an fsync - but never more than
     * {@link GroupCommitOptions#MAX_ADAPTIVE_WINDOWS} windows, so a steady trickle cannot starve a sync load.
     */
    static boolean keepWaiting(long arrivedDuringWindow, int inFlight, int windowsWaited) {
        return (arrivedDuringWindow > 0 || inFlight > 0) && windowsWaited + 1 < GroupCommitOptions.MAX_ADAPTIVE_WINDOWS;
    }
}
