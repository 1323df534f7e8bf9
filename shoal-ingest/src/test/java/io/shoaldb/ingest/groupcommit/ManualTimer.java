package io.shoaldb.ingest.groupcommit;

import java.util.ArrayList;
import java.util.List;

/** A test clock: tasks run on the test thread when {@link #advance} passes their due time. */
final class ManualTimer implements CommitTimer {
    private long nowMicros = 1_000_000_000L;
    private final List<Task> tasks = new ArrayList<>();

    private static final class Task {
        final long due;
        final Runnable run;
        boolean cancelled;

        Task(long due, Runnable run) {
            this.due = due;
            this.run = run;
        }
    }

    @Override
    public synchronized long nowMillis() {
        return nowMicros / 1000;
    }

    @Override
    public synchronized Cancellable schedule(Runnable task, long delayMicros) {
        Task t = new Task(nowMicros + delayMicros, task);
        tasks.add(t);
        return () -> {
            synchronized (this) {
                t.cancelled = true;
            }
        };
    }

    void advance(long millis) {
        long target;
        synchronized (this) {
            target = nowMicros + millis * 1000;
        }
        while (true) {
            Task next = null;
            synchronized (this) {
                for (Task t : tasks) {
                    if (!t.cancelled && t.due <= target && (next == null || t.due < next.due)) {
                        next = t;
                    }
                }
                if (next == null) {
                    nowMicros = target;
                    tasks.removeIf(t -> t.cancelled);
                    return;
                }
                tasks.remove(next);
                nowMicros = Math.max(nowMicros, next.due);
            }
            next.run.run();
        }
    }

    @Override
    public void close() {
    }
}
