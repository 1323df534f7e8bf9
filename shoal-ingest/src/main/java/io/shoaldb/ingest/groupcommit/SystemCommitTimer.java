package io.shoaldb.ingest.groupcommit;

import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The wall clock and one daemon scheduler thread for every table. One thread is enough because a task only
 * takes its table's lock, which is never held across I/O ({@link TableQueue}): a table stuck on its disk
 * cannot delay the intervals of the others (SlowTableTimerTest).
 */
public final class SystemCommitTimer implements CommitTimer {
    private final ScheduledThreadPoolExecutor executor;

    public SystemCommitTimer() {
        this("group-commit-timer");
    }

    /** With its thread named {@code threadName}. */
    SystemCommitTimer(String threadName) {
        executor = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, threadName);
            t.setDaemon(true);
            return t;
        });
        executor.setRemoveOnCancelPolicy(true); // a cancelled interval task must not linger for 10 s
    }

    @Override
    public long nowMillis() {
        return System.currentTimeMillis();
    }

    @Override
    public Cancellable schedule(Runnable task, long delayMicros) {
        ScheduledFuture<?> f = executor.schedule(task, Math.max(0, delayMicros), TimeUnit.MICROSECONDS);
        return () -> f.cancel(false);
    }

    @Override
    public void close() {
        executor.shutdownNow();
    }
}
