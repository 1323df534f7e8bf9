package io.shoaldb.ingest.groupcommit;

/**
 * The pure parts of "when does a batch commit": the data-bytes threshold, and whether a sync batch has
 * gathered its group. (The interval and the adaptive window are timers.)
 */
final class TriggerPolicy {
    private TriggerPolicy() {
    }

    /** {@code group_commit_data_bytes}: the batch's data reached the threshold of the load that opened it. */
    static boolean sizeReached(GroupBatch b) {
        return b.bytes >= b.dataBytesLimit;
    }

    /**
     * Whether an open batch holds its whole group of sync loads: at least as many as the last sync commit
     * had (in a steady state each commit's clients return together), and none is about to join. A lone
     * client's group is one load, so it commits at once.
     */
    static boolean groupGathered(int syncLoads, int lastSyncGroup, int inFlight) {
        return inFlight == 0 && syncLoads >= lastSyncGroup;
    }
}
