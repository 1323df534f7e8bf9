package io.shoaldb.ingest.groupcommit;

/**
 * Time for group commit: the clock batches are aged by and the scheduler of interval and adaptive-window
 * checks. Injectable so that tests drive intervals without sleeping.
 */
public interface CommitTimer extends AutoCloseable {
    /** Milliseconds on the timer's clock (epoch millis for the system timer). */
    long nowMillis();

    /** Runs {@code task} once after {@code delayMicros}; tasks must be short (they only seal batches). */
    Cancellable schedule(Runnable task, long delayMicros);

    @Override
    void close();

    /** A scheduled task that can be called off. */
    interface Cancellable {
        void cancel();
    }
}
