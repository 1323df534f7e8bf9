package io.shoaldb.tools;

import java.util.concurrent.locks.LockSupport;

/**
 * When an open-loop client sends: at a fixed interval, whatever the replies do. A client whose reply came late sends
 * its next operations at once until it is back on schedule, and each operation's latency counts from the time it was
 * meant to be sent, so the waiting a slow reply causes the operations behind it is measured rather than hidden
 * (coordinated omission).
 */
final class SendSchedule {
    private final long intervalNanos;
    private long next;
    private long sent;

    /**
     * @param perSecond this client's operations per second
     * @param phase where in the first interval this client starts, in [0, 1): the clients of one run spread over
     *              the interval instead of sending together
     */
    SendSchedule(double perSecond, double phase) {
        if (!(perSecond > 0) || phase < 0 || phase >= 1) {
            throw new IllegalArgumentException("rate " + perSecond + "/s, phase " + phase);
        }
        intervalNanos = Math.max(1, Math.round(1e9 / perSecond));
        next = System.nanoTime() + Math.round(intervalNanos * phase);
    }

    /** Waits until the next operation is due (not at all when behind) and returns the time it was due. */
    long awaitNext() {
        long due = next;
        next += intervalNanos;
        for (long wait = due - System.nanoTime(); wait > 0; wait = due - System.nanoTime()) {
            LockSupport.parkNanos(wait);
        }
        sent = System.nanoTime();
        return due;
    }

    /** When the last operation was actually sent: its due time, or later when this client was behind. */
    long lastSent() {
        return sent;
    }
}
