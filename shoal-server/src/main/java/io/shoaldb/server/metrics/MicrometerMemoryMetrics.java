package io.shoaldb.server.metrics;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.shoaldb.common.memory.MemoryPool;

/** The server's memory pool on {@code /metrics}: its limit, what it holds, and the queries' part of it. */
public final class MicrometerMemoryMetrics {
    private MicrometerMemoryMetrics() {
    }

    public static void register(MeterRegistry registry, MemoryPool pool) {
        Gauge.builder("memory_limit_bytes", pool, MemoryPool::limitBytes).baseUnit("bytes")
                .description("mem_limit: what loads and queries may hold together").register(registry);
        Gauge.builder("memory_used_bytes", pool, MemoryPool::usedBytes).baseUnit("bytes")
                .description("bytes held by group commit queues, inline rowsets, the page cache and queries")
                .register(registry);
        Gauge.builder("memory_queries_bytes", pool, MemoryPool::queriesBytes).baseUnit("bytes")
                .description("bytes held by running queries (hash tables, sort buffers, join builds)")
                .register(registry);
    }
}
