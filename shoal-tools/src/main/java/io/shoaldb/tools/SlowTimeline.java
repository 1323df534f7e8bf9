package io.shoaldb.tools;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * When the slow operations of a measured run happened: per window of the run (by when an operation was due), how
 * many took longer than a bound and the longest. A latency tail that comes in bursts then shows when it did, so it
 * can be laid beside what the server or the disk was doing at that moment; a tail spread evenly shows as a scatter.
 * Safe for the clients' threads to record into at once.
 */
final class SlowTimeline {
    private final long boundNanos;
    private final long windowNanos;
    private final AtomicLongArray counts;
    private final AtomicLongArray longest;

    /** Windows of {@code windowNanos} over {@code spanNanos} of due times; later ones go to the last window. */
    SlowTimeline(long boundNanos, long windowNanos, long spanNanos) {
        if (boundNanos <= 0 || windowNanos <= 0 || spanNanos < windowNanos) {
            throw new IllegalArgumentException("bound and window must be positive and the span at least one window");
        }
        this.boundNanos = boundNanos;
        this.windowNanos = windowNanos;
        int windows = (int) Math.min(Integer.MAX_VALUE - 8, (spanNanos + windowNanos - 1) / windowNanos);
        this.counts = new AtomicLongArray(windows);
        this.longest = new AtomicLongArray(windows);
    }

    /** An operation due {@code dueOffsetNanos} after the run's start took {@code latencyNanos}. */
    void record(long dueOffsetNanos, long latencyNanos) {
        if (latencyNanos <= boundNanos) {
            return;
        }
        int window = (int) Math.min(counts.length() - 1, Math.max(0, dueOffsetNanos / windowNanos));
        counts.incrementAndGet(window);
        longest.accumulateAndGet(window, latencyNanos, Math::max);
    }

    /** One line per window that had a slow operation, in order: its start (ms), the count, the longest (ms). */
    List<String> lines() {
        List<String> lines = new ArrayList<>();
        for (int w = 0; w < counts.length(); w++) {
            long count = counts.get(w);
            if (count > 0) {
                lines.add(String.format("due_ms=%d slow_ops=%d max_ms=%.1f", w * windowNanos / 1_000_000, count,
                        longest.get(w) / 1e6));
            }
        }
        return lines;
    }
}
