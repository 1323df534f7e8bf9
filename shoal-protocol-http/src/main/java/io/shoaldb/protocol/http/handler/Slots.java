package io.shoaldb.protocol.http.handler;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * A fixed number of places (connections, running loads) that never blocks: a caller that finds none free is
 * refused at once, so a flood of requests costs a reply each, not a queue. Thread-safe.
 */
public final class Slots {
    private final int capacity;
    private final AtomicInteger used = new AtomicInteger();

    public Slots(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be positive: " + capacity);
        }
        this.capacity = capacity;
    }

    /** Takes a place; false (and nothing taken) when all are in use. */
    public boolean tryAcquire() {
        while (true) {
            int n = used.get();
            if (n >= capacity) {
                return false;
            }
            if (used.compareAndSet(n, n + 1)) {
                return true;
            }
        }
    }

    /** Gives back a place taken by {@link #tryAcquire()}. */
    public void release() {
        used.decrementAndGet();
    }

    public int capacity() {
        return capacity;
    }
}
