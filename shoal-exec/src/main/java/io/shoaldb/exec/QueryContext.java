package io.shoaldb.exec;

import io.shoaldb.exec.spill.SpillSettings;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What a query carries down to its tasks: an id (for logs and its spill directory), a deadline
 * ({@code query_timeout}), its degree of parallelism ({@code parallel_pipeline_task_num}; 0 = the executor's default,
 * one driver per data partition and at least one per worker), its memory limit ({@code exec_mem_limit}; 0 = none)
 * and how it may spill. The query's cancellation lives with its running state in the executor.
 */
public record QueryContext(long queryId, long timeoutSeconds, int parallelism, long memLimitBytes,
                           SpillSettings spill) {
    private static final AtomicLong IDS = new AtomicLong();

    public QueryContext {
        if (timeoutSeconds < 0 || parallelism < 0 || memLimitBytes < 0) {
            throw new IllegalArgumentException("timeout, parallelism and memory limit must not be negative");
        }
        if (spill == null) {
            throw new IllegalArgumentException("spill settings are required");
        }
    }

    /** A new query with the given timeout (0 = none) and parallelism (0 = default), no memory limit. */
    public static QueryContext of(long timeoutSeconds, int parallelism) {
        return new QueryContext(IDS.incrementAndGet(), timeoutSeconds, parallelism, 0, SpillSettings.DEFAULT);
    }

    /** No timeout, default parallelism. */
    public static QueryContext defaults() {
        return of(0, 0);
    }

    /** The same query with at most {@code bytes} held in memory (0 = no limit). */
    public QueryContext withMemoryLimit(long bytes) {
        return new QueryContext(queryId, timeoutSeconds, parallelism, bytes, spill);
    }

    /** The same query spilling as {@code settings} say. */
    public QueryContext withSpill(SpillSettings settings) {
        return new QueryContext(queryId, timeoutSeconds, parallelism, memLimitBytes, settings);
    }
}
