package io.shoaldb.server.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.shoaldb.ingest.groupcommit.GroupCommitMetrics;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Group commit's numbers under Doris's names ({@code wal_total_count}, {@code wal_max_count_per_table},
 * {@code group_commit_wal_fail}, {@code group_commit_block_by_memory_counter}) plus batch sizes and
 * commit latencies, so dashboards built for Doris find them.
 */
public final class MicrometerGroupCommitMetrics implements GroupCommitMetrics {
    /** How far back the async acknowledgement percentiles look (Micrometer's default expiry). */
    private static final Duration ACK_WINDOW = Duration.ofMinutes(2);

    private final AtomicLong walTotal = new AtomicLong();
    private final AtomicLong walMaxPerTable = new AtomicLong();
    private final Counter walFail;
    private final Counter blockedByMemory;
    private final Counter walWriteFail;
    private final AtomicLong walDistressedDirs = new AtomicLong();
    private final Counter batchesFailed;
    private final DistributionSummary batchLoads;
    private final DistributionSummary batchRows;
    private final DistributionSummary batchBytes;
    private final Timer commitLatency;
    private final Timer asyncJoin;
    private final Timer asyncWalWait;

    public MicrometerGroupCommitMetrics(MeterRegistry registry) {
        Gauge.builder("wal_total_count", walTotal, AtomicLong::get)
                .description("group-commit WAL files on this node").register(registry);
        Gauge.builder("wal_max_count_per_table", walMaxPerTable, AtomicLong::get)
                .description("most group-commit WAL files of any one table").register(registry);
        walFail = Counter.builder("group_commit_wal_fail")
                .description("WAL replays (or commits that left their WAL for replay) that failed").register(registry);
        walWriteFail = Counter.builder("group_commit_wal_write_fail")
                .description("WAL appends or fsyncs that failed (the WAL is never written again)").register(registry);
        Gauge.builder("group_commit_wal_distressed_dirs", walDistressedDirs, AtomicLong::get)
                .description("WAL directories whose last write or fsync failed").register(registry);
        blockedByMemory = Counter.builder("group_commit_block_by_memory_counter")
                .description("writers that waited for queued group-commit memory to drain").register(registry);
        batchesFailed = Counter.builder("group_commit_batch_failed")
                .description("group-commit batches whose commit failed").register(registry);
        batchLoads = DistributionSummary.builder("group_commit_batch_loads")
                .description("loads merged into one group-commit transaction").register(registry);
        batchRows = DistributionSummary.builder("group_commit_batch_rows")
                .description("rows per group-commit transaction").register(registry);
        batchBytes = DistributionSummary.builder("group_commit_batch_bytes").baseUnit("bytes")
                .description("estimated bytes per group-commit transaction").register(registry);
        commitLatency = Timer.builder("group_commit_commit_latency")
                .description("time from a batch's seal to its rows being visible").publishPercentileHistogram()
                .register(registry);
        asyncJoin = ackTimer("group_commit_async_join_latency",
                "async load: from its start until its WAL record is written (memory, encode, join, append)", registry);
        asyncWalWait = ackTimer("group_commit_async_wal_wait",
                "async load: from its WAL append until the group fsync covering it returned", registry);
    }

    /**
     * A timer recorded on every async acknowledgement, with its p50/p99 over the last {@link #ACK_WINDOW}.
     * One window, not Micrometer's default ring of three: every value is recorded into each histogram of the
     * ring, and with three the two timers were a tenth of a statement thread's CPU under a 1-row INSERT load.
     * The price is a window that starts empty after each rotation instead of sliding.
     */
    private static Timer ackTimer(String name, String description, MeterRegistry registry) {
        return Timer.builder(name).description(description).publishPercentiles(0.5, 0.99)
                .distributionStatisticExpiry(ACK_WINDOW).distributionStatisticBufferLength(1).register(registry);
    }

    @Override
    public void walCounts(long walTotalCount, long walMaxCountPerTable) {
        walTotal.set(walTotalCount);
        walMaxPerTable.set(walMaxCountPerTable);
    }

    @Override
    public void walFailed() {
        walFail.increment();
    }

    @Override
    public void walWriteFailed() {
        walWriteFail.increment();
    }

    @Override
    public void walDistressedDirs(int count) {
        walDistressedDirs.set(count);
    }

    @Override
    public void blockedByMemory() {
        blockedByMemory.increment();
    }

    @Override
    public void batchCommitted(int loads, long rows, long bytes, long commitNanos) {
        batchLoads.record(loads);
        batchRows.record(rows);
        batchBytes.record(bytes);
        commitLatency.record(commitNanos, TimeUnit.NANOSECONDS);
    }

    @Override
    public void batchFailed() {
        batchesFailed.increment();
    }

    @Override
    public void asyncLoadAcknowledged(long joinNanos, long walWaitNanos) {
        asyncJoin.record(joinNanos, TimeUnit.NANOSECONDS);
        asyncWalWait.record(walWaitNanos, TimeUnit.NANOSECONDS);
    }
}
