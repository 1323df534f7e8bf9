package io.shoaldb.ingest.groupcommit;

import java.time.Duration;
import java.util.Objects;

/**
 * Node-wide group-commit knobs; field names follow Doris's BE config where Doris has one.
 *
 * @param maxWalNumPerTable {@code group_commit_max_wal_num_per_table}: an async load that needs a new WAL is
 *        refused once the table has this many WAL files (0 = unlimited); changeable at run time through
 *        {@link GroupCommitManager#setMaxWalNumPerTable}
 * @param queueMemLimitBytes {@code group_commit_queue_mem_limit}: bytes of queued, not yet committed rows over
 *        all tables; past it writers wait (back-pressure) rather than fail
 * @param walDiskLimitRatio an async load estimated larger than this fraction of the usable space of the WAL
 *        directory with the most room runs as sync instead (Doris: 80%)
 * @param adaptiveWindow the longest a batch holding a sync load waits for the rest of its group (0 = commit as
 *        soon as no load is in flight); see docs/group-commit.md "Adaptive sync commit"
 * @param minFreeBytes below this usable space in the best WAL directory, async loads run as sync ("disk short")
 * @param requestIdRetention how long a committed request id is remembered for de-duplicating retries
 * @param walFileBytes size of the preallocated, zero-filled WAL files (0: WAL files grow by appending); see
 *        docs/group-commit.md "Preallocated WAL files"
 * @param pipelineDepth batches of one table committing at once (1 = one after another): the next batch is built
 *        and its commit record queued while the one before waits for its fsync; see docs/group-commit.md
 *        "Pipelined commits"
 */
public record GroupCommitOptions(int maxWalNumPerTable, long queueMemLimitBytes, double walDiskLimitRatio,
        Duration adaptiveWindow, long minFreeBytes, Duration requestIdRetention, long walFileBytes,
        int pipelineDepth) {
    public static final int DEFAULT_MAX_WAL_NUM_PER_TABLE = 10;
    public static final long DEFAULT_QUEUE_MEM_LIMIT = 64L << 20;
    public static final double DEFAULT_WAL_DISK_LIMIT_RATIO = 0.8;
    public static final Duration DEFAULT_ADAPTIVE_WINDOW = Duration.ofMillis(1);
    public static final long DEFAULT_MIN_FREE_BYTES = 256L << 20;
    public static final Duration DEFAULT_REQUEST_ID_RETENTION = Duration.ofMinutes(10);
    /** 8 MiB: some 80,000 one-row async loads; a batch that writes more grows its file. */
    public static final long DEFAULT_WAL_FILE_BYTES = 8L << 20;
    /**
     * One: measured on a 2-core machine (docs/benchmarks.md, round 24), a second batch in flight splits the sync
     * groups and adds a thread hand-off, and the commit log's fsyncs stay one after another, so throughput fell
     * slightly; the CPU it would overlap with the fsync is already used by the clients and event loops.
     */
    public static final int DEFAULT_PIPELINE_DEPTH = 1;

    public GroupCommitOptions {
        Objects.requireNonNull(adaptiveWindow, "adaptiveWindow");
        Objects.requireNonNull(requestIdRetention, "requestIdRetention");
        if (maxWalNumPerTable < 0 || queueMemLimitBytes < 1 || !(walDiskLimitRatio > 0 && walDiskLimitRatio <= 1)
                || adaptiveWindow.isNegative() || minFreeBytes < 0 || requestIdRetention.isNegative()
                || walFileBytes < 0 || pipelineDepth < 1) {
            throw new IllegalArgumentException("invalid group commit options " + this);
        }
    }

    /** The five knobs of the contract; request ids are kept {@link #DEFAULT_REQUEST_ID_RETENTION}. */
    public GroupCommitOptions(int maxWalNumPerTable, long queueMemLimitBytes, double walDiskLimitRatio,
            Duration adaptiveWindow, long minFreeBytes) {
        this(maxWalNumPerTable, queueMemLimitBytes, walDiskLimitRatio, adaptiveWindow, minFreeBytes,
                DEFAULT_REQUEST_ID_RETENTION, DEFAULT_WAL_FILE_BYTES, DEFAULT_PIPELINE_DEPTH);
    }

    public static GroupCommitOptions defaults() {
        return new GroupCommitOptions(DEFAULT_MAX_WAL_NUM_PER_TABLE, DEFAULT_QUEUE_MEM_LIMIT,
                DEFAULT_WAL_DISK_LIMIT_RATIO, DEFAULT_ADAPTIVE_WINDOW, DEFAULT_MIN_FREE_BYTES,
                DEFAULT_REQUEST_ID_RETENTION, DEFAULT_WAL_FILE_BYTES, DEFAULT_PIPELINE_DEPTH);
    }

    public GroupCommitOptions withMaxWalNumPerTable(int n) {
        return new GroupCommitOptions(n, queueMemLimitBytes, walDiskLimitRatio, adaptiveWindow, minFreeBytes,
                requestIdRetention, walFileBytes, pipelineDepth);
    }

    public GroupCommitOptions withQueueMemLimitBytes(long bytes) {
        return new GroupCommitOptions(maxWalNumPerTable, bytes, walDiskLimitRatio, adaptiveWindow, minFreeBytes,
                requestIdRetention, walFileBytes, pipelineDepth);
    }

    public GroupCommitOptions withAdaptiveWindow(Duration window) {
        return new GroupCommitOptions(maxWalNumPerTable, queueMemLimitBytes, walDiskLimitRatio, window, minFreeBytes,
                requestIdRetention, walFileBytes, pipelineDepth);
    }

    public GroupCommitOptions withMinFreeBytes(long bytes) {
        return new GroupCommitOptions(maxWalNumPerTable, queueMemLimitBytes, walDiskLimitRatio, adaptiveWindow, bytes,
                requestIdRetention, walFileBytes, pipelineDepth);
    }

    public GroupCommitOptions withRequestIdRetention(Duration retention) {
        return new GroupCommitOptions(maxWalNumPerTable, queueMemLimitBytes, walDiskLimitRatio, adaptiveWindow,
                minFreeBytes, retention, walFileBytes, pipelineDepth);
    }

    public GroupCommitOptions withWalFileBytes(long bytes) {
        return new GroupCommitOptions(maxWalNumPerTable, queueMemLimitBytes, walDiskLimitRatio, adaptiveWindow,
                minFreeBytes, requestIdRetention, bytes, pipelineDepth);
    }

    public GroupCommitOptions withPipelineDepth(int depth) {
        return new GroupCommitOptions(maxWalNumPerTable, queueMemLimitBytes, walDiskLimitRatio, adaptiveWindow,
                minFreeBytes, requestIdRetention, walFileBytes, depth);
    }
}
