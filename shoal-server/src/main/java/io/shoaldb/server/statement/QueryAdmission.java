package io.shoaldb.server.statement;

import io.shoaldb.common.config.ShoalConfig;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.server.config.ServerConfigKeys;
import io.shoaldb.server.session.SessionActivity;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Admission control for queries over tables (Doris's workload-group {@code max_concurrency},
 * {@code max_queue_size} and {@code queue_timeout}): at most {@code maxRunning} run at once; the next ones wait,
 * first come first served, at most {@code maxQueued} of them and each at most {@code queueTimeoutMillis}. A
 * burst of queries therefore shares the workers by turns instead of all at once, and cannot hold more memory
 * than the running ones need. Loads never pass here: group commit has its own threads.
 */
public final class QueryAdmission {
    /** How often a waiting query looks whether it has been killed. */
    private static final long KILL_CHECK_MILLIS = 50;

    private final int maxRunning;
    private final int maxQueued;
    private final long queueTimeoutMillis;
    private final Semaphore slots;
    private final AtomicInteger queued = new AtomicInteger();

    /** @param maxRunning queries running at once; 0 = no limit */
    QueryAdmission(int maxRunning, int maxQueued, long queueTimeoutMillis) {
        this.maxRunning = maxRunning;
        this.maxQueued = maxQueued;
        this.queueTimeoutMillis = queueTimeoutMillis;
        this.slots = maxRunning == 0 ? null : new Semaphore(maxRunning, true);
    }

    /** From {@code query_max_concurrency}, {@code query_max_queue_size} and {@code query_queue_timeout_ms}. */
    public static QueryAdmission of(ShoalConfig config) {
        return new QueryAdmission(config.get(ServerConfigKeys.QUERY_MAX_CONCURRENCY),
                config.get(ServerConfigKeys.QUERY_MAX_QUEUE_SIZE), config.get(ServerConfigKeys.QUERY_QUEUE_TIMEOUT_MS));
    }

    /**
     * Waits for a place to run and returns what gives it back (run once, when the query's result is closed);
     * fails when the queue is full, the wait times out or the statement is killed.
     */
    Runnable admit(SessionActivity activity) {
        if (slots == null) {
            return () -> { };
        }
        if (!slots.tryAcquire()) {
            waitInQueue(activity);
        }
        return slots::release;
    }

    private void waitInQueue(SessionActivity activity) {
        if (queued.incrementAndGet() > maxQueued) {
            queued.decrementAndGet();
            throw ErrorCode.QUERY_QUEUE_FULL.exception(maxRunning, maxQueued);
        }
        activity.setQueued(true);
        try {
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(queueTimeoutMillis);
            while (true) {
                if (activity.interrupted()) {
                    throw ErrorCode.QUERY_INTERRUPTED.exception();
                }
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw ErrorCode.QUERY_QUEUE_TIMEOUT.exception(queueTimeoutMillis, maxRunning);
                }
                long wait = Math.min(left, TimeUnit.MILLISECONDS.toNanos(KILL_CHECK_MILLIS));
                if (slots.tryAcquire(wait, TimeUnit.NANOSECONDS)) {
                    return;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw ErrorCode.QUERY_INTERRUPTED.exception();
        } finally {
            queued.decrementAndGet();
            activity.setQueued(false);
        }
    }
}
