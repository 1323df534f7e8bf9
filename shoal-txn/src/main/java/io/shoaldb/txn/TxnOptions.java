package io.shoaldb.txn;

import java.time.Duration;
import java.time.InstantSource;
import java.util.Objects;

/**
 * Tuning of the transaction manager.
 *
 * @param checkpointEvery commit-log records between checkpoint images
 * @param labelKeepMax how long a finished transaction's label stays taken (Doris {@code label_keep_max_second})
 * @param clock time source for prepare/commit/finish times, timeouts and label expiry (tests control it)
 * @param defaultTimeout timeout of a transaction begun without one
 * @param commitLogSegmentBytes size of the commit log's preallocated, zero-filled segments (0: segments grow
 *     by appending, and every commit's fsync also commits file-system metadata)
 */
public record TxnOptions(int checkpointEvery, Duration labelKeepMax, InstantSource clock, Duration defaultTimeout,
        long commitLogSegmentBytes) {
    /** 16 MiB: thousands of small commit records, and a spare filled in well under a second. */
    public static final long DEFAULT_COMMIT_LOG_SEGMENT_BYTES = 16L << 20;

    public TxnOptions {
        if (checkpointEvery < 1) {
            throw new IllegalArgumentException("checkpointEvery must be at least 1: " + checkpointEvery);
        }
        if (commitLogSegmentBytes < 0) {
            throw new IllegalArgumentException("commitLogSegmentBytes must not be negative: " + commitLogSegmentBytes);
        }
        Objects.requireNonNull(labelKeepMax, "labelKeepMax");
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(defaultTimeout, "defaultTimeout");
    }

    /** Doris defaults: labels kept 3 days; timeout 3 days (stream_load_default_timeout_second). */
    public static TxnOptions defaults() {
        return new TxnOptions(1000, Duration.ofDays(3), InstantSource.system(), Duration.ofDays(3),
                DEFAULT_COMMIT_LOG_SEGMENT_BYTES);
    }

    public TxnOptions withCheckpointEvery(int records) {
        return new TxnOptions(records, labelKeepMax, clock, defaultTimeout, commitLogSegmentBytes);
    }

    public TxnOptions withLabelKeepMax(Duration keep) {
        return new TxnOptions(checkpointEvery, keep, clock, defaultTimeout, commitLogSegmentBytes);
    }

    public TxnOptions withClock(InstantSource source) {
        return new TxnOptions(checkpointEvery, labelKeepMax, source, defaultTimeout, commitLogSegmentBytes);
    }

    public TxnOptions withCommitLogSegmentBytes(long bytes) {
        return new TxnOptions(checkpointEvery, labelKeepMax, clock, defaultTimeout, bytes);
    }
}
