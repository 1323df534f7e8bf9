package io.shoaldb.ingest.groupcommit;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * In-memory metrics: counters, the WAL gauges, and power-of-two histograms of batch rows, batch bytes and
 * commit latency (microseconds). Thread-safe and lock-free.
 */
public final class SimpleGroupCommitMetrics implements GroupCommitMetrics {
    private final AtomicLong walTotal = new AtomicLong();
    private final AtomicLong walMaxPerTable = new AtomicLong();
    private final AtomicLong walFail = new AtomicLong();
    private final AtomicLong blockByMemory = new AtomicLong();
    private final AtomicLong walWriteFail = new AtomicLong();
    private final AtomicLong walDistressedDirs = new AtomicLong();
    private final AtomicLong commits = new AtomicLong();
    private final AtomicLong failedCommits = new AtomicLong();
    private final AtomicLong committedLoads = new AtomicLong();
    private final AtomicLong committedRows = new AtomicLong();
    private final Histogram batchRows = new Histogram();
    private final Histogram batchBytes = new Histogram();
    private final Histogram commitMicros = new Histogram();

    @Override
    public void walCounts(long walTotalCount, long walMaxCountPerTable) {
        walTotal.set(walTotalCount);
        walMaxPerTable.set(walMaxCountPerTable);
    }

    @Override
    public void walFailed() {
        walFail.incrementAndGet();
    }

    @Override
    public void walWriteFailed() {
        walWriteFail.incrementAndGet();
    }

    @Override
    public void walDistressedDirs(int count) {
        walDistressedDirs.set(count);
    }

    public long walWriteFail() {
        return walWriteFail.get();
    }

    public long walDistressedDirs() {
        return walDistressedDirs.get();
    }

    @Override
    public void blockedByMemory() {
        blockByMemory.incrementAndGet();
    }

    @Override
    public void batchCommitted(int loads, long rows, long bytes, long commitNanos) {
        commits.incrementAndGet();
        committedLoads.addAndGet(loads);
        committedRows.addAndGet(rows);
        batchRows.record(rows);
        batchBytes.record(bytes);
        commitMicros.record(commitNanos / 1000);
    }

    @Override
    public void batchFailed() {
        failedCommits.incrementAndGet();
    }

    public long walTotalCount() {
        return walTotal.get();
    }

    public long walMaxCountPerTable() {
        return walMaxPerTable.get();
    }

    public long groupCommitWalFail() {
        return walFail.get();
    }

    public long groupCommitBlockByMemoryCounter() {
        return blockByMemory.get();
    }

    public long commits() {
        return commits.get();
    }

    public long failedCommits() {
        return failedCommits.get();
    }

    public long committedLoads() {
        return committedLoads.get();
    }

    public long committedRows() {
        return committedRows.get();
    }

    public Histogram batchRows() {
        return batchRows;
    }

    public Histogram batchBytes() {
        return batchBytes;
    }

    public Histogram commitMicros() {
        return commitMicros;
    }

    /** Counts per power-of-two bucket: bucket i holds values in [2^(i-1), 2^i), bucket 0 holds 0. */
    public static final class Histogram {
        private final AtomicLongArray buckets = new AtomicLongArray(64);
        private final AtomicLong count = new AtomicLong();
        private final AtomicLong sum = new AtomicLong();

        void record(long value) {
            long v = Math.max(0, value);
            buckets.incrementAndGet(64 - Long.numberOfLeadingZeros(v) == 64 ? 63 : 64 - Long.numberOfLeadingZeros(v));
            count.incrementAndGet();
            sum.addAndGet(v);
        }

        public long count() {
            return count.get();
        }

        public long sum() {
            return sum.get();
        }

        /** Upper bound (exclusive power of two) of the bucket holding the given quantile, 0 when empty. */
        public long quantileUpperBound(double q) {
            long n = count.get();
            if (n == 0) {
                return 0;
            }
            long rank = (long) Math.ceil(q * n);
            long seen = 0;
            for (int i = 0; i < 64; i++) {
                seen += buckets.get(i);
                if (seen >= rank) {
                    return i == 0 ? 0 : 1L << Math.min(i, 62);
                }
            }
            return Long.MAX_VALUE;
        }
    }
}
