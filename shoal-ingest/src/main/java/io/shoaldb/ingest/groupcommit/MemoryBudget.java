package io.shoaldb.ingest.groupcommit;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Bytes of rows accepted but not yet committed, over all tables ({@code group_commit_queue_mem_limit}).
 * Past the limit a writer waits instead of failing. To make sure the wait ends, a blocked writer first asks
 * for relief (the manager seals every open batch, so their commits - which need nothing from the writer -
 * free memory), and a writer is always let in when nothing is queued, so one load larger than the limit
 * cannot wait forever. Callers must hold no table lock while acquiring.
 */
final class MemoryBudget {
    private static final long RELIEF_RETRY_NANOS = TimeUnit.MILLISECONDS.toNanos(5);

    private final long limit;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition released = lock.newCondition();
    private long used;
    private boolean closed;

    MemoryBudget(long limit) {
        this.limit = limit;
    }

    /** The wait passed the load's deadline; nothing was reserved. */
    static final class TimedOut extends RuntimeException {
        TimedOut() {
            super("group commit memory wait timed out", null, false, false);
        }
    }

    /** {@link #acquire(long, Runnable, long)} without a deadline. */
    boolean acquire(long bytes, Runnable relief) {
        return acquire(bytes, relief, Long.MAX_VALUE);
    }

    /**
     * Reserves {@code bytes}; returns whether the caller had to wait. Throws IllegalStateException if closed
     * while waiting, {@link TimedOut} (nothing reserved) once {@link System#nanoTime} passes {@code deadlineNanos}.
     */
    boolean acquire(long bytes, Runnable relief, long deadlineNanos) {
        boolean interrupted = false;
        boolean waited = false;
        lock.lock();
        try {
            while (used > 0 && used + bytes > limit) {
                if (closed) {
                    throw new IllegalStateException("closed");
                }
                if (deadlineNanos != Long.MAX_VALUE && System.nanoTime() - deadlineNanos >= 0) {
                    throw new TimedOut();
                }
                waited = true;
                lock.unlock();
                try {
                    relief.run();
                } finally {
                    lock.lock();
                }
                if (used > 0 && used + bytes > limit && !closed) {
                    // Bounded: memory may be held by a load that reserved it but had not yet joined a batch
                    // when the relief ran, so no commit is coming to signal; asking again then unblocks it.
                    try {
                        released.awaitNanos(RELIEF_RETRY_NANOS);
                    } catch (InterruptedException e) {
                        interrupted = true; // a load is never abandoned half-reserved; the flag is kept
                    }
                }
            }
            used += bytes;
            return waited;
        } finally {
            lock.unlock();
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * Reserves {@code bytes} if that needs no wait (the budget has room, or nothing is reserved); false,
     * having reserved nothing, otherwise or when closed: the caller takes the waiting {@link #acquire} path.
     */
    boolean tryAcquire(long bytes) {
        lock.lock();
        try {
            if (closed || used > 0 && used + bytes > limit) {
                return false;
            }
            used += bytes;
            return true;
        } finally {
            lock.unlock();
        }
    }

    void release(long bytes) {
        if (bytes == 0) {
            return;
        }
        lock.lock();
        try {
            used -= bytes;
            released.signalAll();
        } finally {
            lock.unlock();
        }
    }

    long used() {
        lock.lock();
        try {
            return used;
        } finally {
            lock.unlock();
        }
    }

    void close() {
        lock.lock();
        try {
            closed = true;
            released.signalAll();
        } finally {
            lock.unlock();
        }
    }
}
