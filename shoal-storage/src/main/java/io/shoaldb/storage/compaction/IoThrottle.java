package io.shoaldb.storage.compaction;

import java.util.concurrent.locks.LockSupport;

/**
 * Limits compaction I/O to a byte rate so background merging cannot starve loads and queries of disk
 * bandwidth. A debt-based token bucket: callers report bytes after the fact and are parked until the
 * budget catches up. Shared by all compaction threads.
 */
final class IoThrottle {
    private final long bytesPerSecond;
    private long availableAtNanos = System.nanoTime();

    IoThrottle(long bytesPerSecond) {
        this.bytesPerSecond = bytesPerSecond;
    }

    /** Accounts for {@code bytes} of I/O, waiting as long as the rate requires; 0 bytes/s means unlimited. */
    void acquire(long bytes) {
        if (bytesPerSecond <= 0 || bytes <= 0) {
            return;
        }
        long waitUntil;
        synchronized (this) {
            long now = System.nanoTime();
            long cost = (long) (bytes * 1e9 / bytesPerSecond);
            // Idle time earns at most one second of burst.
            availableAtNanos = Math.max(availableAtNanos, now - 1_000_000_000L) + cost;
            waitUntil = availableAtNanos;
        }
        long delay;
        while ((delay = waitUntil - System.nanoTime()) > 0 && !Thread.currentThread().isInterrupted()) {
            LockSupport.parkNanos(this, delay);
        }
    }
}
