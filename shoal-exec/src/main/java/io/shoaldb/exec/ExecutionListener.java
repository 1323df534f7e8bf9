package io.shoaldb.exec;

/**
 * Hooks into execution, for metrics and for tests that must observe scheduling (e.g. that tablets are
 * scanned at the same time) without timing. Called on worker threads; implementations must be thread-safe.
 */
public interface ExecutionListener {
    ExecutionListener NONE = new ExecutionListener() {
    };

    /** A scan task for {@code tabletId} of {@code tableId} starts running, before it opens the tablet. */
    default void scanTaskStarted(long tableId, long tabletId) {
    }
}
