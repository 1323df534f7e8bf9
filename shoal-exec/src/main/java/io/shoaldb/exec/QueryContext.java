package io.shoaldb.exec;

import java.util.concurrent.atomic.AtomicLong;

/**
 * What a query carries down to its tasks: an id (for logs), a deadline ({@code query_timeout}) and its degree
 * of parallelism ({@code parallel_pipeline_task_num}; 0 = one driver per data partition). The query's
 * cancellation lives with its running state in the executor.
 */
public record QueryContext(long queryId, long timeoutSeconds, int parallelism) {
    private static final AtomicLong IDS = new AtomicLong();

    public QueryContext {
        if (timeoutSeconds < 0 || parallelism < 0) {
            throw new IllegalArgumentException("timeout and parallelism must not be negative");
        }
    }

    /** A new query with the given timeout (0 = none) and parallelism (0 = default). */
    public static QueryContext of(long timeoutSeconds, int parallelism) {
        return new QueryContext(IDS.incrementAndGet(), timeoutSeconds, parallelism);
    }

    /** No timeout, default parallelism. */
    public static QueryContext defaults() {
        return of(0, 0);
    }
}
