package io.shoaldb.exec;

/**
 * Hooks into execution, for metrics and for tests that must observe scheduling (e.g. that tablets are
 * scanned at the same time) without timing. Called on worker threads; implementations must be thread-safe.
 */
public interface ExecutionListener {
    ExecutionListener NONE = new ExecutionListener() {
    };

    /**
     * A scan driver starts a work unit of {@code tabletId} of {@code tableId} (the whole tablet or a page range of
     * one of its segments), before it opens it.
     */
    default void scanTaskStarted(long tableId, long tabletId) {
    }
}
