package io.shoaldb.ingest.groupcommit;

/**
 * Where group commit reports its numbers; names follow Doris's bvars so that searching for "wal" finds them.
 * The server adapts this to its metrics registry; {@link SimpleGroupCommitMetrics} keeps them in memory.
 */
public interface GroupCommitMetrics {
    /** {@code wal_total_count} and {@code wal_max_count_per_table}, after every change. */
    void walCounts(long walTotalCount, long walMaxCountPerTable);

    /** {@code group_commit_wal_fail}: a WAL replay (or a commit that left its WAL for replay) failed. */
    void walFailed();

    /** {@code group_commit_wal_write_fail}: a WAL append or fsync failed (the writer is never used again). */
    void walWriteFailed();

    /** {@code group_commit_wal_distressed_dirs}: WAL directories whose last write or fsync failed. */
    void walDistressedDirs(int count);

    /** {@code group_commit_block_by_memory_counter}: a writer waited for queued memory to drain. */
    void blockedByMemory();

    /** A batch committed: its loads, rows, estimated bytes and the time from seal to visible. */
    void batchCommitted(int loads, long rows, long bytes, long commitNanos);

    /** A batch failed to commit. */
    void batchFailed();

    /**
     * An async load was acknowledged: {@code joinNanos} from the load's start until its WAL record was written
     * (memory budget, encoding, joining the batch, the append), {@code walWaitNanos} then until the group fsync
     * covering it returned - where an async acknowledgement's latency goes inside group commit.
     */
    default void asyncLoadAcknowledged(long joinNanos, long walWaitNanos) {
    }

    /** Discards everything. */
    GroupCommitMetrics NONE = new GroupCommitMetrics() {
        @Override
        public void walCounts(long walTotalCount, long walMaxCountPerTable) {
        }

        @Override
        public void walFailed() {
        }

        @Override
        public void walWriteFailed() {
        }

        @Override
        public void walDistressedDirs(int count) {
        }

        @Override
        public void blockedByMemory() {
        }

        @Override
        public void batchCommitted(int loads, long rows, long bytes, long commitNanos) {
        }

        @Override
        public void batchFailed() {
        }
    };
}
