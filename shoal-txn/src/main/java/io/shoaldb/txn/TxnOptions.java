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
 */
public record TxnOptions(int checkpointEvery, Duration labelKeepMax, InstantSource clock, Duration defaultTimeout) {
    public TxnOptions {
        if (checkpointEvery < 1) {
            throw new IllegalArgumentException("checkpointEvery must be at least 1: " + checkpointEvery);
        }
        Objects.requireNonNull(labelKeepMax, "labelKeepMax");
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(defaultTimeout, "defaultTimeout");
    }

    /** Doris defaults: labels kept 3 days; timeout 3 days (stream_load_default_timeout_second). */
    public static TxnOptions defaults() {
        return new TxnOptions(1000, Duration.ofDays(3), InstantSource.system(), Duration.ofDays(3));
    }

    public TxnOptions withCheckpointEvery(int records) {
        return new TxnOptions(records, labelKeepMax, clock, defaultTimeout);
    }

    public TxnOptions withLabelKeepMax(Duration keep) {
        return new TxnOptions(checkpointEvery, keep, clock, defaultTimeout);
    }

    public TxnOptions withClock(InstantSource source) {
        return new TxnOptions(checkpointEvery, labelKeepMax, source, defaultTimeout);
    }
}
